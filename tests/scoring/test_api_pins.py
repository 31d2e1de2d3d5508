"""One phone at the table: the other pair confirms with its PIN (tournaments/pins.py; docs/scoring.md
"One phone at the table"). Issue 23: a table token could submit but never confirm, so every result
of a one-phone table waited for a referee or the desk."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from scoring.models import MatchResult
from tests.scoring.conftest import NS_SWEEP, post_deals, result_url
from tests.tournaments.conftest import assert_problem, field_errors
from tournaments.pins import pair_pin

pytestmark = pytest.mark.django_db


@pytest.fixture
def submitted(play, table_1):
    """Table 1 played to its end and its result submitted for NS from the table's phone."""
    match = play["matches"][0]
    post_deals(table_1, match, NS_SWEEP)
    response = table_1.post(result_url(match), {"side": "NS"}, format="json")
    assert response.status_code == 201, response.json()
    return match


def confirm(client, match, **body):
    return client.post(result_url(match, "/confirm"), body, format="json")


def status(match) -> str:
    return MatchResult.objects.get(match=match).status


def test_the_other_pair_confirms_on_the_same_phone_with_its_pin(submitted, table_1):
    response = confirm(table_1, submitted, side="EW", pin=pair_pin(submitted.ew_pair_id))
    assert response.status_code == 200, response.json()
    assert response.json()["status"] == "confirmed"
    assert status(submitted) == "confirmed"


def test_without_a_pin_the_same_phone_is_still_same_side(submitted, table_1):
    assert_problem(confirm(table_1, submitted, side="EW"), 409, "same_side")
    assert status(submitted) == "submitted"


def test_a_wrong_pin_is_403_wrong_pin(submitted, table_1):
    wrong = f"{(int(pair_pin(submitted.ew_pair_id)) + 1) % 10**6:06d}"
    assert_problem(confirm(table_1, submitted, side="EW", pin=wrong), 403, "wrong_pin")
    assert status(submitted) == "submitted"


def test_the_submitting_pairs_own_pin_does_not_confirm(submitted, table_1):
    """The PIN proves the *other* pair agrees: NS's PIN for NS's submission is no double entry."""
    response = confirm(table_1, submitted, side="NS", pin=pair_pin(submitted.ns_pair_id))
    assert_problem(response, 409, "same_side")
    # nor does NS's PIN said to be EW's
    assert_problem(
        confirm(table_1, submitted, side="EW", pin=pair_pin(submitted.ns_pair_id)), 403, "wrong_pin"
    )


def test_a_pin_is_six_digits(submitted, table_1):
    assert field_errors(confirm(table_1, submitted, side="EW", pin="12ab56")) == {"pin": "invalid"}
    # Another length is no PIN either: ``invalid``, as docs/scoring.md says (issue 35 item 8).
    for pin in ("123", "1234", "1234567"):
        response = confirm(table_1, submitted, side="EW", pin=pin)
        assert field_errors(response) == {"pin": "invalid"}, pin


def test_a_pin_of_letters_is_refused_beside_another_fields_error(submitted, table_1):
    """The digits are checked after the fields (so that a plain body is checked without the
    serializer: core.fast.lean), yet the PIN's error still comes with the other fields' errors."""
    response = confirm(table_1, submitted, side="XX", pin="12ab56")
    assert field_errors(response) == {"side": "invalid_choice", "pin": "invalid"}


def test_pin_guesses_are_rate_limited_per_match(submitted, table_1):
    """Ten PIN attempts an hour per match (THROTTLE_PIN), whoever sends them; then 429."""
    for guess in range(10):
        assert confirm(table_1, submitted, side="EW", pin=f"{guess:06d}").status_code in (403, 200)
    response = confirm(table_1, submitted, side="EW", pin=pair_pin(submitted.ew_pair_id))
    assert_problem(response, 429, "throttled")
    assert status(submitted) in ("submitted", "confirmed")
    # a confirmation without a PIN is not held back by it
    assert confirm(table_1, submitted, side="EW").status_code == 409


def test_organisers_see_each_pairs_pin_and_the_public_does_not(play, organizer):
    event = play["event"]
    mine = organizer.get(f"/api/v1/events/{event.slug}/pairs/").json()["results"]
    assert {row["id"]: row["confirm_pin"] for row in mine} == {p.pk: pair_pin(p.pk) for p in play["pairs"]}
    public = APIClient().get(f"/api/v1/events/{event.slug}/pairs/").json()["results"]
    assert public and all("confirm_pin" not in row for row in public)


def test_pins_differ_between_pairs_and_stay_the_same(play):
    pins = [pair_pin(pair.pk) for pair in play["pairs"]]
    assert len(set(pins)) == len(pins)
    assert pins == [pair_pin(pair.pk) for pair in play["pairs"]]
    assert all(len(pin) == 6 and pin.isdigit() for pin in pins)
