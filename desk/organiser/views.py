"""The organiser's desk (docs/desk.md "The organiser's desk"). Thin: each page is the event (for
its organizers, as the API's ``event.organizer``; the check-in also for the chief referee, as the
API's), its strings in the page's language and what its script needs; the script
(``desk/static/desk/organiser.js``) reads and writes through the public API, so nothing is allowed
here that the API refuses, and its refusals are shown as they are."""

from __future__ import annotations

from django.shortcuts import render
from django.utils.translation import gettext as _

from scoring.table.strings import STRINGS as TABLE_STRINGS
from tournaments.models import PairStatus, Role

from ..framing import desk_context, desk_event, desk_page
from ..sections import CHIEF
from .fields import GROUPS, fields

ORGANIZERS = (Role.ORGANIZER,)
#: The words of the table app's deal form (scoring/static/table/form.js), which the round board draws
#: to correct a deal: the table app's own strings, translated once.
FORM_WORDS = ("tap_seats", "seat_place", "undo", "clear", "add", "remove")
#: How often the round board asks whether anything changed (seconds; a 304 costs little).
BOARD_POLL_SECONDS = 5
BOARD_PAGE_SIZE = 100


def texts() -> dict[str, str]:
    """The strings the organiser's script shows, in the page's language."""
    return {
        "saved": _("Saved."),
        "profileDefault": _("Profile: %(value)s"),
        "created": _("Created."),
        "table": _("Table"),
        "round": _("Round"),
        "pair": _("Pair"),
        "pairs": _("Pairs"),
        "status": _("Status"),
        "ns": _("N–S"),
        "ew": _("E–W"),
        "bye": _("bye"),
        "flags": _("Why this pairing"),
        "noFlags": _("Same score group, no rematch, units apart."),
        "flag.rematch": _("a rematch: no other pairing was possible"),
        "flag.same_unit": _("two pairs of one unit meet (units could not be kept apart)"),
        "flag.float": _("a float: one pair comes from another score group"),
        "flag.floated": _("a float: one pair comes from another score group"),
        "flag.bye_again": _("a second bye for this pair"),
        "flag.side": _("a pair sits the same side again"),
        "relaxed": _("What the draw had to relax"),
        "relaxedNone": _("Nothing: every constraint held."),
        "points": _("points"),
        "scoreGroup": _("%(points)s points, group %(group)s"),
        "floatBy": _("float of %(points)s points (%(groups)s groups)"),
        "floatByOne": _("float of %(points)s points (one group)"),
        "scoreGroups": _("Score groups"),
        "groupOf": _("group %(group)s: %(points)s points, %(pairs)s pairs"),
        "roundClock": _("Round %(round)s clock"),
        "draw": _("Draw"),
        "redraw": _("Draw again"),
        "publish": _("Publish"),
        "close": _("Close the round"),
        "swap": _("Swap two pairs"),
        "swapDone": _("Swapped."),
        "unsettled": _(
            "Earlier tables are not settled. Say why the round goes ahead anyway (it is recorded):"
        ),
        "overridden": _("Goes ahead over unsettled tables (%(tables)s). Reason recorded: %(reason)s"),
        # The draw's seed (a draw is repeated from it, G11).
        "drawSeed": _("draw seed %(seed)s"),
        "pendingTables": _("Not settled yet: %(tables)s."),
        "pendingTable": _("round %(round)s table %(table)s (%(status)s)"),
        "unsettledAsk": _(
            "Settle them first, or draw again and give the reason the round goes ahead anyway."
        ),
        "unsettledNotAllowed": _(
            "Settle them first: this event does not allow a round over unsettled tables (its settings)."
        ),
        "clock": _("Clock"),
        "clockStart": _("Start"),
        "clockResume": _("Resume"),
        "clockPause": _("Pause"),
        "clockExtend": _("Add 5 minutes"),
        "clock.not_started": _("not started"),
        "clock.running": _("running"),
        "clock.paused": _("paused"),
        "noLimit": _("no time limit in this format"),
        "timeUp": _("time is up"),
        "left": _("left"),
        "present": _("Present"),
        "late": _("Late"),
        "absent": _("Absent"),
        "unmarked": _("not checked in"),
        "drawnNo": _("left out of the draw"),
        "tableOf": _("Table %(table)s · %(status)s"),
        "outcome.forfeited": _("Table %(table)s: the match is recorded as a forfeit (absent)."),
        "outcome.forfeit_withdrawn": _("Table %(table)s: the forfeit is withdrawn; the match is to play."),
        "outcome.forfeit_changed": _("Table %(table)s: the forfeit now names the absent side."),
        "outcome.referee": _("Table %(table)s: recorded only — the table is the referee's to rule on."),
        "lateEntry": _("Late entry"),
        "status.scheduled": _("not started"),
        "status.playing": _("in play"),
        "status.finished": _("result submitted"),
        "status.disputed": _("disputed"),
        "status.confirmed": _("confirmed"),
        "open": _("Show the table"),
        "round.draft": _("draft"),
        "round.published": _("published"),
        "round.closed": _("closed"),
        "deal": _("Deal"),
        "levels": _("Levels"),
        "noDeals": _("No deal yet."),
        "result": _("Result"),
        "versions": _("Versions"),
        "versionNo": _("Version %(n)s"),
        "side": _("Side"),
        "winner": _("Winner"),
        "dealsPlayed": _("Deals played"),
        "noteShort": _("Note"),
        "bothSides": _("both sides"),
        "forfeitOf": _("forfeit: %(side)s"),
        "noResult": _("No result yet."),
        "levelChange": _("referee's level change"),
        "result.submitted": _("submitted"),
        "result.disputed": _("disputed"),
        "result.confirmed": _("confirmed"),
        "result.superseded": _("superseded"),
        "confirmVersion": _("Confirm this version"),
        "note": _("Note (required)"),
        "voidDeal": _("Void this deal"),
        "correctDeal": _("Correct deal %(n)s"),
        "correctDealTitle": _("Correct deal %(n)s: a new version of it"),
        "recordedVersion": _("As recorded (version %(version)s): change what was mistyped."),
        "correctionChecked": _(
            "The service checks the correction when it is sent, and the deals after it again: their "
            "levels follow from it. The board then shows the new level line."
        ),
        "sendCorrection": _("Correct the deal"),
        "cancel": _("Cancel"),
        "noteNeeded": _("Write a note: every correction says why."),
        "dealCorrected": _("Deal %(n)s corrected (version %(version)s). The level line is the service's."),
        "fromDeals": _(
            "This result is read from the deals (the level line): correct the mistyped deal with "
            "“Correct deal N” above, then read the result again from the deals here, with a note."
        ),
        "rereadResult": _("Read the result again from the deals"),
        "fromSheet": _(
            "This result is the level sheet's (记级 on paper): correct its final levels here, with a note."
        ),
        "correctSheet": _("Correct the level sheet"),
        "forfeitResult": _(
            "A forfeit: a referee rules on it from the referee's desk, or the check-in withdraws it."
        ),
        "resultCorrected": _("Result corrected: version %(version)s is official."),
        "reason": _("Reason"),
        "page": _("Page"),
        "of": _("of"),
        "previous": _("Previous"),
        "next": _("Next"),
        "live": _("Live: updated %(time)s"),
        "invitationLink": _("Send this link to the invitee (shown once):"),
        "revoke": _("Revoke"),
        "invite.pending": _("waiting for the invitee"),
        "invite.used": _("used"),
        "invite.revoked": _("revoked"),
        "invite.expired": _("expired"),
        "tokenLive": _("in use"),
        "tokenRevoked": _("revoked"),
        "remove": _("Remove"),
        "withdraw": _("Withdraw"),
        # A pair's status in the model's own words (PairStatus labels, already translated).
        **{f"pair.{value}": str(label) for value, label in PairStatus.choices},
        "reinstate": _("Reinstate"),
        "dryRunOk": _("Every row is valid (%(n)s). Nothing was imported yet."),
        "imported": _("%(n)s pairs imported."),
        "row": _("Row"),
        "jobRunning": _("Working…"),
        "job.queued": _("Waiting for a worker…"),
        "job.running": _("Working…"),
        "job.succeeded": _("Done."),
        "job.failed": _("The job failed; nothing of it was saved."),
        # The job's progress in its own units (rows of an import, pairs of a draw).
        "jobProgress": _("%(done)s of %(total)s"),
        "none": _("Nothing here."),
        "standingsPublished": _("Standings are published."),
        "mint": _("Make the missing table tokens"),
        **{f"form.{key}": str(TABLE_STRINGS[key]) for key in FORM_WORDS},
    }


def _page(request, slug: str, template: str, current: str, roles=ORGANIZERS, **extra):
    event = desk_event(request, slug, roles)
    context = {**desk_context(request, event, current=current), "texts": texts(), "page": current, **extra}
    return render(request, f"desk/organiser/{template}", context)


@desk_page
def event(request, slug):
    """The event: its state, and every setting with what it means and the profile's default."""
    return _page(request, slug, "event.html", "org-event", fields=fields(), groups=GROUPS)


@desk_page
def new_event(request):
    """A new event: the same fields; whoever makes it is its organizer (the API's rule)."""
    context = {**desk_context(request), "texts": texts(), "page": "org-new"}
    context |= {"fields": fields(), "groups": GROUPS, "new": True}
    return render(request, "desk/organiser/event.html", context)


@desk_page
def staff(request, slug):
    return _page(request, slug, "staff.html", "org-staff", role_choices=Role.choices)


@desk_page
def registration(request, slug):
    return _page(request, slug, "registration.html", "org-registration")


@desk_page
def check_in(request, slug):
    return _page(request, slug, "checkin.html", "org-checkin", roles=CHIEF)


@desk_page
def rounds(request, slug):
    return _page(request, slug, "rounds.html", "org-rounds")


@desk_page
def board(request, slug):
    return _page(request, slug, "board.html", "org-board", poll=BOARD_POLL_SECONDS, page_size=BOARD_PAGE_SIZE)
