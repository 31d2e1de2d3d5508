"""``GET /matches/{id}/deal-form`` and ``POST /matches/{id}/deals/preview`` (docs/table-app.md): every
game's form for the next deal, in the caller's language, and a deal played as its post would be,
with nothing stored."""

from __future__ import annotations

import pytest

from scoring.models import Deal
from tests.scoring.conftest import API, NS_SWEEP, deals_url, post_deals
from tests.scoring.shuangkou import keeper as sk_keeper  # noqa: F401 - a fixture
from tests.scoring.shuangkou import sk  # noqa: F401 - a fixture
from tests.tournaments.conftest import (
    EventFactory,
    MatchFactory,
    PairFactory,
    PlayerFactory,
    RoundFactory,
    StageFactory,
    assert_problem,
    role_client,
)
from tournaments.models import Role, RoundStatus, StageKind

pytestmark = pytest.mark.django_db


def form_url(match) -> str:
    return f"{API}/matches/{match.pk}/deal-form"


def preview_url(match) -> str:
    return f"{API}/matches/{match.pk}/deals/preview"


def test_g5_the_guandan_form_names_the_next_deal_and_its_fields(play, table_1):
    match = play["matches"][0]
    post_deals(table_1, match, NS_SWEEP[:2])
    body = table_1.get(form_url(match)).json()
    assert (body["match"], body["game"], body["form"]["number"]) == (match.pk, "guandan", 3)
    assert [f["name"] for f in body["form"]["fields"]] == ["finishing_order", "tribute"]
    assert body["form"]["fields"][0]["kind"] == "seat_order"


def test_the_form_speaks_the_callers_language(play, table_1):
    match = play["matches"][0]
    body = table_1.get(form_url(match), HTTP_ACCEPT_LANGUAGE="zh-Hans").json()
    assert body["form"]["sides"]["NS"] == "南北"
    assert body["form"]["fields"][0]["label"] == "出完顺序"
    assert (
        table_1.get(form_url(match), HTTP_ACCEPT_LANGUAGE="en").json()["form"]["sides"]["NS"] == "North–South"
    )


def test_the_form_of_a_finished_match_has_no_next_deal(play, table_1):
    match = play["matches"][0]
    post_deals(table_1, match, NS_SWEEP)
    assert table_1.get(form_url(match)).json()["form"]["number"] is None


def test_g6_a_preview_answers_what_the_post_would_do_and_stores_nothing(play, table_1):
    match = play["matches"][0]
    response = table_1.post(
        preview_url(match), {"number": 1, "finishing_order": ["N", "S", "E"]}, format="json"
    )
    assert response.status_code == 200, response.json()
    body = response.json()
    assert (body["number"], body["level"], body["state"]["levels"]) == (1, "2", {"NS": "5", "EW": "2"})
    assert [n["code"] for n in body["notes"]] == ["deal_won", "level"]
    assert body["notes"][1]["text"] == "North–South +3 → plays 5"
    assert body["record"]["finishing_order"] == ["N", "S", "E", "W"]
    assert not Deal.objects.filter(match=match).exists()


def test_g6_a_preview_in_chinese(play, table_1):
    match = play["matches"][0]
    body = table_1.post(
        preview_url(match),
        {"number": 1, "finishing_order": ["N", "S"]},
        format="json",
        HTTP_ACCEPT_LANGUAGE="zh-Hans",
    ).json()
    assert body["notes"][1]["text"] == "南北 +3 → 打 5"


def test_a_preview_refuses_what_the_post_refuses(play, table_1):
    match = play["matches"][0]
    assert_problem(
        table_1.post(preview_url(match), {"number": 2, "finishing_order": ["N", "S"]}, format="json"),
        409,
        "deal_out_of_order",
    )
    assert_problem(
        table_1.post(preview_url(match), {"number": 1, "finishing_order": ["N", "N"]}, format="json"),
        400,
        "duplicate_seat",
    )
    post_deals(table_1, match, NS_SWEEP)
    assert_problem(
        table_1.post(preview_url(match), {"number": 6, "finishing_order": ["N", "S"]}, format="json"),
        409,
        "match_over",
    )


def test_g7_a_preview_checks_the_tribute_against_the_last_deal(play, table_1):
    match = play["matches"][0]
    post_deals(table_1, match, [["N", "S"]])
    wrong = {"tributes": [{"from": "N", "to": "E", "card": "RJ"}], "returns": []}
    response = table_1.post(
        preview_url(match), {"number": 2, "finishing_order": ["N", "S"], "tribute": wrong}, format="json"
    )
    assert response.status_code == 422, response.json()


@pytest.fixture
def daguai_match(db):
    event = EventFactory(published=True, slug="dg-form", game="daguai", ruleset="daguai-standard")
    teams = [PairFactory(event=event, player_3=PlayerFactory(event=event)) for _ in range(2)]
    stage = StageFactory(event=event, kind=StageKind.SWISS)
    round_ = RoundFactory(event=event, stage=stage, number=1, status=RoundStatus.PUBLISHED)
    return MatchFactory(round=round_, table=1, ns_pair=teams[0], ew_pair=teams[1])


def test_k5_the_daguai_form_names_the_dealer_and_a_preview_scores_it(daguai_match):
    keeper = role_client(daguai_match.round.event, Role.SCOREKEEPER)
    form = keeper.get(form_url(daguai_match)).json()["form"]
    assert len(form["seats"]) == 6 and form["fields"][0]["default"] == "1"
    body = {"number": 1, "dealer": "1", "finishing_order": ["1", "3", "5"]}
    response = keeper.post(preview_url(daguai_match), body, format="json")
    assert response.status_code == 200, response.json()
    assert response.json()["notes"][0]["code"] == "scored"
    keeper.post(deals_url(daguai_match), body, format="json")
    assert keeper.get(form_url(daguai_match)).json()["form"]["fields"][0]["default"] == "2"


def test_k5_the_form_of_a_posted_deal_is_the_match_before_it(daguai_match):
    """``?number=``: the form a correction of that deal takes (the dealer of deal 1, not the next)."""
    keeper = role_client(daguai_match.round.event, Role.SCOREKEEPER)
    body = {"number": 1, "dealer": "1", "finishing_order": ["1", "3", "5"]}
    keeper.post(deals_url(daguai_match), body, format="json")
    form = keeper.get(f"{form_url(daguai_match)}?number=1").json()["form"]
    assert (form["number"], form["fields"][0]["default"]) == (1, "1")


def test_the_form_of_a_deal_not_posted_is_a_404_and_a_bad_number_a_400(play, table_1):
    match = play["matches"][0]
    post_deals(table_1, match, NS_SWEEP[:2])
    assert table_1.get(f"{form_url(match)}?number=2").json()["form"]["number"] == 2
    assert_problem(table_1.get(f"{form_url(match)}?number=3"), 404, "deal_not_posted")
    assert_problem(table_1.get(f"{form_url(match)}?number=x"), 400, "invalid")


def test_s9_the_shuangkou_form_and_preview(sk, sk_keeper):  # noqa: F811 - the fixtures
    match = sk["match"]
    form = sk_keeper.get(form_url(match)).json()["form"]
    assert [f["name"] for f in form["fields"]] == ["dealer", "attackers_points", "j_last_trick"]
    body = {"number": 1, "dealer": "N", "attackers_points": 40}
    response = sk_keeper.post(preview_url(match), body, format="json")
    assert response.status_code == 200, response.json()
    assert not Deal.objects.filter(match=match).exists()
