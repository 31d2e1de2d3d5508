"""adapters.guandan.answers: a replay's JSON written from fragments is, byte for byte, what DRF's renderer
writes for the documented answer; an answer rendered otherwise (indented) takes the renderer."""

from __future__ import annotations

import json
import random

import pytest
from rest_framework.renderers import JSONRenderer

from adapters.guandan import answers
from adapters.guandan.wire import DealReplaySerializer
from engine.guandan.deal import replay_deal
from engine.guandan.profiles import STANDARD
from engine.guandan.simulate import simulate_deal

DEALS = "/api/v1/referee/deals/replay"


def _questions(seed: int) -> list[dict]:
    """A whole deal, cut short, with a violation at a random play, and a wrong leader."""
    rng = random.Random(seed)
    deal = simulate_deal(rng=rng, level=rng.choice(range(2, 15)), profile=STANDARD).request()
    plays = deal["plays"]
    broken = [dict(play) for play in plays]
    spot = rng.randrange(len(broken))
    broken[spot] = {"seat": broken[spot]["seat"], "cards": ["RJ", "RJ", "RJ"][: 1 + spot % 3]}
    leader = {"N": "E", "E": "S", "S": "W", "W": "N"}[deal["leader"]]
    return [
        deal,
        {**deal, "plays": plays[: rng.randrange(len(plays))]},
        {**deal, "plays": broken},
        {**deal, "leader": leader},
        {**deal, "plays": []},
    ]


@pytest.mark.parametrize("seed", range(12))
def test_the_written_json_is_the_renderers(seed):
    for question in _questions(seed):
        replay = replay_deal(
            level=question["level"],
            hands=question["hands"],
            leader=question["leader"],
            plays=question["plays"],
            profile=STANDARD,
        )
        body = answers.replay_body("guandan-standard", replay)
        assert answers.replay_json("guandan-standard", replay) == JSONRenderer().render(body)
        assert body == DealReplaySerializer(body).data


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "zh-Hans"])
def test_the_api_answers_the_renderers_bytes(api_client, language):
    for question in _questions(3):
        response = api_client.post(DEALS, question, format="json", HTTP_ACCEPT_LANGUAGE=language)
        body = response.json()
        assert response.status_code == 200
        assert response["Content-Type"] == "application/json"
        assert response.content == JSONRenderer().render(body)
        assert body == DealReplaySerializer(body).data


@pytest.mark.django_db
def test_an_indented_answer_is_rendered_by_drf(api_client):
    question = _questions(5)[0]
    plain = api_client.post(DEALS, question, format="json")
    indented = api_client.post(DEALS, question, format="json", HTTP_ACCEPT="application/json; indent=2")
    assert indented.content.startswith(b'{\n  "game": "guandan",\n  "ruleset"')
    assert json.loads(indented.content) == json.loads(plain.content)
