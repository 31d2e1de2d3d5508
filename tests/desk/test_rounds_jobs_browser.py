"""Two paths of the organiser's desk (issue 34, docs/desk.md) in headless Chromium, in both languages:

- the rounds page over unsettled tables (G10, docs/events.md "Unsettled rounds"): the desk shows
  the API's refusal ``results_pending``; where the event allows the override it asks for a reason,
  and with one the round is drawn and the reason recorded on the round and in the audit log;
- a large import is a job (docs/api.md "Jobs"): the registration page shows the job's state and
  progress bar, then what the import would have answered at once — the pairs imported, or the
  refused rows on their rows.

Screenshots: var/screenshots/desk/.
"""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient
from selenium.webdriver.support.ui import Select

from core import jobs
from core.models import Job, JobState
from tests.desk.test_checkin_browser import log_in
from tests.desk.test_organiser_browser import DESK, PASSWORD, click, csv_file, find, ready, shot, wait
from tests.pages import test_browser
from tests.pages.test_browser import SCREENSHOTS
from tests.tournaments.conftest import EventFactory, StageFactory, confirm_round, grant, make_pairs
from tournaments.models import Event, MatchStatus, Pair, Round, StageKind
from tournaments.services.rounds import round_draw, round_publish

browser = test_browser.chrome

pytestmark = pytest.mark.e2e
DISPUTED = {"en": "round 1 table 1 (disputed)", "zh-hans": "第1轮第1桌（有争议）"}


def organiser_on(browser, site: str, event: Event, page: str, lang: str) -> APIClient:
    """The event's organiser, logged in on the desk's ``page``; and the same account on the API."""
    user = grant(event, "organizer")
    user.set_password(PASSWORD)
    user.save()
    (SCREENSHOTS / "desk").mkdir(parents=True, exist_ok=True)
    browser.delete_all_cookies()
    browser.set_window_size(*DESK)
    address = f"/desk/events/{event.slug}/organiser/{page}/?lang={lang}"
    log_in(browser, site, user, address.replace("?", "%3F").replace("=", "%3D"))
    wait(browser, lambda d: page in d.current_url)
    ready(browser, f"{site}{address}")
    client = APIClient()
    client.force_authenticate(user)
    return client


@pytest.mark.parametrize("lang", ["en", "zh-hans"])
def test_g10_the_rounds_page_draws_over_an_unsettled_table_with_a_reason(
    transactional_db, live_server, browser, lang
):
    event = EventFactory(published=True, slug=f"unsettled-{lang}")
    make_pairs(event, 8)
    stage = StageFactory(event=event, kind=StageKind.SWISS, name="Swiss")
    first = Round.objects.create(event=event, stage=stage, number=1)
    round_publish(round_=round_draw(round_=first, seed=1))
    confirm_round(first)
    first.matches.filter(table=1).update(status=MatchStatus.DISPUTED, winner=None)
    Round.objects.create(event=event, stage=stage, number=2)
    client = organiser_on(browser, live_server.url, event, "rounds", lang)
    Select(find(browser, "#round-pick")).select_by_value("2")
    wait(browser, lambda d: find(d, "#round-pick").get_attribute("value") == "2")
    wait(browser, lambda d: find(d, "#do-draw").is_enabled())

    # The event does not allow the override: the API's refusal, no reason asked.
    click(browser, "#do-draw")
    wait(browser, lambda d: find(d, '#round-message .problem[data-code="results_pending"]'))
    tables = find(browser, "#round-message [data-pending]")
    assert tables.get_attribute("data-pending") == "1.1"  # round 1 table 1, as the refusal lists it
    assert DISPUTED[lang] in tables.text
    assert not browser.find_elements("css selector", "#pairings tbody tr")
    shot(browser, f"desk/rounds-unsettled-refused-{lang}", DESK)

    # Allowed: the refusal's words and the desk's question; an empty answer draws nothing.
    Event.objects.filter(pk=event.pk).update(allow_unsettled_draws=True)
    click(browser, "#do-draw")
    prompt = wait(browser, lambda d: d.switch_to.alert)
    assert DISPUTED[lang] in prompt.text and ("recorded" if lang == "en" else "记录") in prompt.text
    prompt.dismiss()
    wait(browser, lambda d: find(d, '#round-message .problem[data-code="results_pending"]'))
    assert not Round.objects.get(event=event, number=2).matches.exists()
    assert not find(browser, "#round-override").is_displayed()

    reason = "Table 1 waits for the chief referee" if lang == "en" else "第1桌等待总裁判"
    click(browser, "#do-draw")
    prompt = wait(browser, lambda d: d.switch_to.alert)
    prompt.send_keys(reason)
    prompt.accept()
    wait(browser, lambda d: len(d.find_elements("css selector", "#pairings tbody tr")) == 4)
    wait(browser, lambda d: find(d, "#round-message .done"))
    said = find(browser, "#round-override").text  # the desk says the round went ahead, and why
    assert reason in said and DISPUTED[lang] in said
    shot(browser, f"desk/rounds-unsettled-drawn-{lang}", DESK)
    override = client.get(f"/api/v1/events/{event.slug}/rounds/2/").json()["unsettled_override"]
    assert override["reason"] == reason
    assert (override["operation"], override["tables"]) == (
        "draw",
        [{"round": 1, "table": 1, "status": "disputed"}],
    )
    log = client.get(f"/api/v1/events/{event.slug}/audit/", {"model": "round"}).json()["results"]
    assert any(reason in str(entry["changes"].get("unsettled_override")) for entry in log)


@pytest.mark.parametrize("lang", ["en", "zh-hans"])
def test_a_large_import_is_followed_as_a_job_to_its_result_or_its_row_errors(
    transactional_db, live_server, browser, tmp_path, settings, monkeypatch, lang
):
    settings.JOB_IMPORT_ROWS = 10  # a 12-row file is a job, as a 2,001-row one is by default
    queued: list[str] = []
    monkeypatch.setattr(jobs.run_job, "delay", queued.append)  # the worker starts when the test says
    event = EventFactory(published=True, slug=f"import-job-{lang}")
    organiser_on(browser, live_server.url, event, "registration", lang)

    # A refused file: the job fails and its problem's rows are shown on their rows.
    find(browser, "#import-file").send_keys(csv_file(tmp_path, 12, bad=7))
    click(browser, "#import-go")
    state = wait(browser, lambda d: find(d, "#import-message [data-job-state]"))
    assert state.get_attribute("data-job-state") == "queued"
    assert find(browser, "#import-message progress")
    assert len(queued) == 1
    jobs.run_job(queued[0])
    assert Job.objects.get(pk=queued[0]).state == JobState.FAILED
    wait(browser, lambda d: find(d, '#import-errors tr[data-row="7"]'))
    assert find(browser, "#import-message .problem").get_attribute("data-code")
    assert not Pair.objects.filter(event=event).exists()
    shot(browser, f"desk/import-job-errors-{lang}", DESK)

    # The good file: queued, its progress bar, then the pairs imported.
    find(browser, "#import-file").clear()
    find(browser, "#import-file").send_keys(csv_file(tmp_path, 12))
    click(browser, "#import-go")
    wait(browser, lambda d: find(d, "#import-message [data-job-state]"))
    assert find(browser, "#import-errors").get_attribute("hidden")
    shot(browser, f"desk/import-job-queued-{lang}", DESK)
    assert len(queued) == 2
    jobs.run_job(queued[1])
    done = wait(browser, lambda d: find(d, "#import-message .done"))
    assert "12" in done.text
    wait(browser, lambda d: len(d.find_elements("css selector", "#pairs tbody tr")) == 12)
    assert Pair.objects.filter(event=event).count() == 12
    shot(browser, f"desk/import-job-done-{lang}", DESK)
