"""The comparison of the fast paths' CI job (.ci/fast_paths, tests/answers.py): what two runs may
differ in is masked, and any other difference is found."""

from __future__ import annotations

from tests.answers import canonical, differences


def test_ids_instants_tokens_and_url_numbers_are_masked():
    one = {"id": 7, "match": 3, "at": "2026-12-02T15:00:01.5Z", "key": "a" * 40, "url": "/api/v1/matches/7/"}
    other = {"id": 9, "match": 5, "at": "2026-12-03T09:10:00Z", "key": "b" * 40, "url": "/api/v1/matches/9/"}
    assert canonical(one) == canonical(other)


def test_a_score_or_a_level_is_not_masked():
    assert canonical({"points": 3, "level": "A"}) != canonical({"points": 2, "level": "A"})


def test_an_answer_that_differs_is_reported():
    on = {"t::a": [["GET", "/x/", 200, "application/json", {"level": "A"}]]}
    off = {"t::a": [["GET", "/x/", 200, "application/json", {"level": "K"}]]}
    assert len(differences(on, off)) == 1 and differences(on, on) == []


def test_a_test_that_sent_other_requests_is_reported():
    on = {"t::a": [["GET", "/x/", 200, "", None]]}
    assert "1 requests with the shortcuts on, 0 with them off" in differences(on, {"t::a": []})[0]
