"""The referee's desk pages. Thin: the event and the roles that open each page come from
``desk.framing`` (the API's event roles: ``event.referee`` — organizers, the chief referee and
referees — and ``event.chief_referee``); the page's script does the rest through the public API."""

from __future__ import annotations

from django.shortcuts import render
from django.utils.translation import gettext as _

from engine.registry import get_game
from tournaments.models import Role
from tournaments.permissions import has_role

from ..framing import desk_context, desk_event, desk_page
from ..sections import CHIEF, REFEREES
from .labels import effect_words, status_words
from .questions import question_context

#: How often the queue asks the API whether anything changed (seconds; a 304 costs little).
POLL_SECONDS = 4


def _texts() -> dict[str, object]:
    """The strings the queue's script shows, in the page's language."""
    return {
        **effect_words(),
        "table": _("Table"),
        "round": _("Round"),
        "deal": _("Deal"),
        "accused": _("Accused"),
        "count": _("Offence no. %(n)s in the match"),
        "proposal": _("The penalty table proposes"),
        "noProposal": _("No proposal: the incident is ruled."),
        "answer": _("Answer the call"),
        "answered": _("You answered the call."),
        "report": _("Report an incident"),
        "noSuchTable": _("The event has no such table in that round."),
        "open": _("Open"),
        "none": _("Nothing here."),
        "confirm": _("Confirm the table's proposal"),
        "other": _("Other effects, with a written reason"),
        "dismiss": _("Dismiss: no infraction"),
        "addEffect": _("Add an effect"),
        "remove": _("Remove"),
        "kind": _("Effect"),
        "to": _("Whom"),
        "amount": _("Amount"),
        "onStage": _("Also on stage"),
        "reason": _("Reason (required for other effects)"),
        "decisionReason": _("The chief referee's reasons"),
        "note": _("Note"),
        "preview": _("Preview"),
        "rule": _("Rule"),
        "ruled": _("The ruling is made."),
        "decide": _("Decide"),
        "decided": _("The decision is made."),
        "uphold": _("Uphold the ruling"),
        "overturn": _("Overturn the ruling"),
        "ruleAnew": _("Rule anew with these effects (leave empty for no penalty)"),
        "cancelPenalty": _("Cancel this penalty"),
        "cancelReason": _("Why it is cancelled"),
        "cancelled": _("The penalty is cancelled."),
        "before": _("Before"),
        "after": _("After"),
        "winner": _("Winner"),
        "status": _("Status"),
        "levels": _("Levels"),
        "noResult": _("no result yet"),
        "draw": _("draw"),
        "pair": _("Pair"),
        "rank": _("Rank"),
        "matchPoints": _("Match points"),
        "penaltyPoints": _("Penalty points"),
        "provisional": _("provisional"),
        "standingsUnchanged": _("The standings do not move."),
        "flagged": _("It will wait for the chief referee's review."),
        "previewTitle": _("What it would do (nothing is kept)"),
        "rulings": _("Rulings"),
        "appeals": _("Appeals"),
        "appeal": _("Appeal by %(side)s: %(reason)s"),
        "review": _("Review of a flagged ruling"),
        "standing": _("standing"),
        "overturnedRuling": _("overturned"),
        "noPenalty": _("no penalty"),
        "reportedBy": _("Reported by"),
        "seat": _("Seat"),
        "side": _("Side"),
        "infraction": _("Infraction"),
        "description": _("What happened"),
        "send": _("Report"),
        "reported": _("The incident is reported: rule it below."),
        "updated": _("Updated"),
        "offline": _("The desk cannot reach the server: retrying."),
        "waitsChief": _("waits for the chief referee"),
        **status_words(),
        "incidentStatus": {
            "reported": _("waiting for a ruling"),
            "ruled": _("ruled"),
            "appealed": _("appealed"),
            "decided": _("decided"),
        },
    }


def _table(event) -> dict:
    """The seats an incident at the event's tables names, from its game's registry entry
    (``Game.seats``: the compass seats, Daguai Luzi's six), and its sides with their seats."""
    seats = get_game(event.game, pending=True).seats
    sides: dict[str, list[str]] = {}
    for seat in seats:
        if seat.side:
            sides.setdefault(seat.side, []).append(seat.code)
    return {
        "seats": [{"code": seat.code, "label": _(seat.label)} for seat in seats],
        "sides": [{"code": side, "label": f"{side} ({', '.join(codes)})"} for side, codes in sides.items()],
    }


def _queue(request, slug: str, *, roles: tuple[str, ...], current: str, chief_view: bool):
    event = desk_event(request, slug, roles)
    context = {
        **desk_context(request, event, current=current),
        "is_chief": has_role(request, event, Role.ORGANIZER, Role.CHIEF_REFEREE),
        "chief_view": chief_view,
        "poll_seconds": POLL_SECONDS,
        "texts": _texts(),
        "table": _table(event),
    }
    return render(request, "desk/referee/queue.html", context)


@desk_page
def queue(request, slug):
    """The live queue: calls, incidents waiting for a ruling, what waits for the chief referee."""
    return _queue(request, slug, roles=REFEREES, current="referee-queue", chief_view=False)


@desk_page
def chief(request, slug):
    """The chief referee's review: the appeals and flagged rulings first, with the decision forms."""
    return _queue(request, slug, roles=CHIEF, current="referee-chief", chief_view=True)


def _question_texts() -> dict[str, object]:
    return {
        "legal": _("Legal"),
        "illegal": _("Not legal"),
        "beats": _("Beats the play on the table"),
        "doesNotBeat": _("Does not beat the play on the table"),
        "readings": _("Readings"),
        "clear": _("Clear"),
        "addPlay": _("Add a play"),
        "none": _("none picked"),
        "ask": _("Ask"),
        "levelCard": _("level card"),
        "level": _("Level"),
        "wildCard": _("wild card"),
        "remove": _("Remove"),
        "violation": _("First violation"),
        "noViolation": _("No violation found."),
        "badJson": _("The body is not valid JSON."),
        "finishingOrder": _("The last deal's finishing order (empty for the first deal)"),
        "place": _("Place %(n)s"),
        "hands": _("The new hands as dealt, before the tribute"),
        "handOf": _("Hand of %(seat)s"),
        "tributes": _("Tributes paid"),
        "returns": _("Cards returned"),
        "addTransfer": _("Add a card given"),
        "from": _("From"),
        "toSeat": _("To"),
        "card": _("Card"),
        "valid": _("The tribute and its return are right."),
        "invalid": _("The tribute or its return is wrong."),
        "owed": _("Owed"),
        "missing": _("Missing"),
        "leader": _("Leads the new deal"),
    }


@desk_page
def questions(request, slug):
    """The rules questions at a dispute: is a play legal and does it beat the table's, replay a deal,
    check a tribute and its return, a bidding — for the event's game (desk.referee.questions)."""
    event = desk_event(request, slug, REFEREES)
    context = {
        **desk_context(request, event, current="referee-questions"),
        "question": question_context(event),
        "texts": _question_texts(),
    }
    return render(request, "desk/referee/questions.html", context)
