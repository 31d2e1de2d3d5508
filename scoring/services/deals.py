"""Posting a deal as it is played (API ``POST /matches/{id}/deals/``; docs/rules/guandan.md G5-G8), and
correcting a wrongly posted one (``PUT /matches/{id}/deals/{number}``, ``POST …/deals/void``).

The engine does every rule: ``tie.apply_tie_deal`` the level change and the end of the match
(G6, G8), ``tribute_record.check_tribute_record`` the tribute (G7), ``deal.replay_deal`` the
plays when they are recorded (G5). This module only orders the checks, stores the deal and
keeps a post idempotent per (match, number).

Deals are versioned like results (docs/scoring.md §1 "Correcting a deal"): nothing is edited or
deleted. A correction of deal N is a new version of it; the deals after it are checked again
against the corrected record (their levels follow from it) and those whose derived record
changes get a new version too. Voiding deals from N on marks them ``voided``; the table posts
them again as new versions.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction

from engine.errors import BadInput
from engine.guandan.cards import format_cards, format_level, parse_card, parse_level
from engine.guandan.deal import parse_action, replay_deal
from engine.guandan.finishing import normalise_finishing_order
from engine.guandan.question import parse_hands, parse_transfers, with_field
from engine.guandan.tie import TieState, apply_tie_deal
from engine.guandan.tribute_record import check_tribute_record
from engine.seats import parse_seat
from scoring.models import Deal
from scoring.problems import RuleRefused, ScoreConflict, refused
from scoring.selectors.matches import match_deals, match_profile, tie_state
from scoring.services.common import (
    content_hash,
    lock_match,
    require_keeper,
    require_playing,
)
from scoring.services.deal_common import (
    DealPosted,
    DealsVoided,
    correction_deals,
    follows_voided,
    later_deal_conflict,
    mark_playing,
    match_over,
    new_deal_version,
    other_content,
    require_deals_open,
    require_next_number,
    void_deals,
)
from tournaments.models import Match


@transaction.atomic
def deal_submit(*, match: Match, data: dict[str, Any], actor) -> DealPosted:
    """Record one deal: ``number``, ``finishing_order`` and optionally ``level`` (a check),
    ``tribute`` (``tributes``, ``returns``, ``anti_tribute``), ``hands``, ``leader``, ``plays``,
    ``played_at``. Refusals are problems: 409 for the match's state, 422 for a rule (G5-G8).
    """
    match = lock_match(match)
    require_keeper(match, actor)
    require_playing(match)
    profile = match_profile(match)
    deals = match_deals(match)
    number = data["number"]
    canonical = _canonical(data)
    digest = content_hash(canonical)

    if number <= len(deals):  # posted before: the same deal is answered again, another is a conflict
        stored = deals[number - 1]
        if stored.content_hash != digest:
            raise other_content(number, stored_deal(stored))
        # The same answer as the first time: the match after deals 1 … number, not as it is now.
        return DealPosted(deal=stored, state=tie_state(match, deals[:number], profile), created=False)

    require_deals_open(match, actor)
    require_next_number(number, posted=len(deals))
    tie = tie_state(match, deals, profile)
    if tie.finished:
        raise match_over()
    game = tie.current
    level = game.deal_level
    if data.get("level") is not None and _level(data["level"]) != level:
        raise RuleRefused(
            f"Deal {number} is played at {format_level(level)} (G2), not {data['level']}.",
            "wrong_level",
            field="level",
            extra={"expected": format_level(level)},
        )
    previous = deals[-1].finishing_order if game.deals_played else None
    finish, leader, record = _check_play(data, canonical, level=level, previous=previous, profile=profile)
    try:
        after = apply_tie_deal(tie, finish, profile=profile)
    except BadInput as error:
        raise refused(error, prefix="finishing_order") from None

    deal = Deal.objects.create(
        match=match,
        number=number,
        **follows_voided(match, number),
        game=tie.game_number,
        level=level,
        finishing_order=finish.codes(),
        tribute=record,
        hands=canonical.get("hands"),
        leader=leader or "",
        plays=canonical.get("plays"),
        played_at=data.get("played_at"),
        content_hash=digest,
        submitted_by=actor.user,
        table_token=actor.token,
    )
    mark_playing(match)
    return DealPosted(deal=deal, state=after, created=True)


@transaction.atomic
def deal_correct(*, match: Match, number: int, data: dict[str, Any], actor, if_match=None) -> DealPosted:
    """Correct deal ``number``: a new version of it with ``data`` (what a post takes, plus ``note``
    and optionally ``corrects``, the version read). The deals after it stay as recorded — their
    finishing orders, tributes and plays are facts of the table — and are checked again against the
    corrected record (G6-G8); those whose derived record (level, game, tribute kind, leader) changes
    get a new version too. A later deal that no longer fits (the match now ends before it, its
    tribute or plays break the rules) refuses the whole correction: void the deals from it first.

    The same correction again stores nothing (``created`` False).
    """
    match = lock_match(match)
    deals = correction_deals(match, number, actor, if_match)
    profile = match_profile(match)
    canonical = _canonical(data)
    digest = content_hash(canonical)
    stored = deals[number - 1]
    if stored.content_hash == digest:  # the same correction again (or no change at all)
        return DealPosted(deal=stored, state=tie_state(match, deals[:number], profile), created=False)
    if data.get("corrects") is not None and data["corrects"] != stored.version:
        raise ScoreConflict(
            f"Version {data['corrects']} is not the current version of deal {number}: read the deals "
            "again and correct the current one.",
            "version_conflict",
            field="corrects",
            extra={"stored": stored_deal(stored)},
        )

    tie = tie_state(match, deals[: number - 1], profile)
    game = tie.current
    if data.get("level") is not None and _level(data["level"]) != game.deal_level:
        raise RuleRefused(
            f"Deal {number} is played at {format_level(game.deal_level)} (G2), not {data['level']}.",
            "wrong_level",
            field="level",
            extra={"expected": format_level(game.deal_level)},
        )
    previous = deals[number - 2].finishing_order if game.deals_played else None
    finish, leader, record = _check_play(
        data, canonical, level=game.deal_level, previous=previous, profile=profile
    )
    try:
        after = apply_tie_deal(tie, finish, profile=profile)
    except BadInput as error:
        raise refused(error, prefix="finishing_order") from None
    state = after
    note = data.get("note") or ""
    replacements = [
        (
            stored,
            {
                "game": tie.game_number,
                "level": game.deal_level,
                "finishing_order": finish.codes(),
                "tribute": record,
                "hands": canonical.get("hands"),
                "leader": leader or "",
                "plays": canonical.get("plays"),
                "played_at": data.get("played_at") or stored.played_at,
                "content_hash": digest,
                "note": note,
            },
        )
    ]
    order = finish.codes()
    for later in deals[number:]:
        after, fields = _recheck(later, after, previous=order, profile=profile, corrected=number)
        order = later.finishing_order
        if any(fields[name] != getattr(later, name) for name in ("game", "level", "tribute", "leader")):
            fields["note"] = f"Re-derived after the correction of deal {number}."
            replacements.append((later, fields))
    versions = [new_deal_version(match, old, fields, actor) for old, fields in replacements]
    return DealPosted(deal=versions[0], state=state, created=True)


def _recheck(deal: Deal, tie: TieState, *, previous, profile, corrected: int):
    """A later deal checked again after deal ``corrected`` changed: the tie after it and its record."""
    if tie.finished:
        raise later_deal_conflict(deal.number, corrected=corrected, reason="match_over")  # G8
    game = tie.current
    data: dict[str, Any] = {"finishing_order": deal.finishing_order}
    if deal.tribute is not None:
        data["tribute"] = {k: v for k, v in deal.tribute.items() if k != "kind"}
    if deal.hands is not None:
        data["hands"] = deal.hands
    if deal.plays is not None:
        data["plays"] = deal.plays
    if deal.leader and (deal.plays is not None or deal.tribute is None):
        data["leader"] = deal.leader  # given by the table (a derived leader follows the tribute)
    try:
        finish, leader, record = _check_play(
            data,
            _canonical(data),
            level=game.deal_level,
            previous=previous if game.deals_played else None,
            profile=profile,
        )
        after = apply_tie_deal(tie, finish, profile=profile)
    except (RuleRefused, BadInput) as error:
        code = getattr(error, "code", None) or getattr(error, "default_code", "invalid")
        raise later_deal_conflict(deal.number, corrected=corrected, reason=str(code)) from None
    fields = {
        "game": tie.game_number,
        "level": game.deal_level,
        "finishing_order": deal.finishing_order,
        "tribute": record,
        "hands": deal.hands,
        "leader": leader or "",
        "plays": deal.plays,
        "played_at": deal.played_at,
        "content_hash": deal.content_hash,
    }
    return after, fields


@transaction.atomic
def deals_void(*, match: Match, first: int, note: str, actor, if_match=None) -> DealsVoided:
    """Void deal ``first`` and every later deal (``deal_common.void_deals``); the match state folds
    the deals before ``first``."""
    match = lock_match(match)
    voided, kept = void_deals(match=match, first=first, note=note, actor=actor, if_match=if_match)
    return DealsVoided(voided=voided, state=tie_state(match, kept))


def _level(value: object) -> int:
    try:
        return parse_level(value)
    except BadInput as error:
        raise BadInput(error.code, error.detail, field="level") from None


def _check_play(data: dict, canonical: dict, *, level: int, previous, profile):
    """The deal's finishing order, its leader and the checked tribute record (G5, G7)."""
    tribute = data.get("tribute")
    hands = data.get("hands")
    plays = data.get("plays")
    record = None
    leader = data.get("leader")
    if tribute is not None or hands is not None:
        checked = check_tribute_record(
            level=level,
            previous_finishing_order=previous,
            tributes=(tribute or {}).get("tributes", ()),
            returns=(tribute or {}).get("returns", ()),
            anti_tribute=(tribute or {}).get("anti_tribute"),
            profile=profile,
            hands=hands,
        )
        if not checked.valid:
            errors = [
                {"field": _dotted("tribute", problem.field), "code": problem.code, "message": problem.detail}
                for problem in checked.problems
            ]
            first = checked.problems[0]
            raise RuleRefused(first.detail, first.code, errors=errors, extra={"tribute": checked.to_dict()})
        record = canonical.get("tribute")
        if record is not None:
            record = {**record, "kind": str(checked.kind)}
        if checked.leader is not None:
            if leader is not None and parse_seat(leader) != checked.leader:
                raise RuleRefused(
                    f"{checked.leader} leads this deal (G7), not {leader}.",
                    "wrong_leader",
                    field="leader",
                    extra={"expected": str(checked.leader)},
                )
            leader = str(checked.leader)
        hands = checked.hands_after or hands
    given = data.get("finishing_order")
    if plays is not None:
        if hands is None:
            raise BadInput("hands_required", "Plays are replayed from the hands as dealt.", field="hands")
        if leader is None:
            raise BadInput(
                "leader_required", "Name the seat that led the first deal (a card draw, G7).", field="leader"
            )
        replay = replay_deal(level=level, hands=hands, leader=leader, plays=plays, profile=profile)
        if replay.violation is not None:
            v = replay.violation
            raise RuleRefused(
                v.detail,
                v.code,
                field=f"plays.{v.index}",
                extra={"violation": {"index": v.index, "code": v.code}},
            )
        if not replay.finished:
            raise RuleRefused(
                "The plays end before the deal is over (G5.5).", "deal_not_finished", field="plays"
            )
        finish = normalise_finishing_order(replay.finishing_order)
        if given is not None and _canonical_order(given) != finish.codes():
            raise RuleRefused(
                f"The plays give the finishing order {finish.codes()}, not {given}.",
                "finishing_order_mismatch",
                field="finishing_order",
            )
        return finish, leader, record
    if given is None:
        raise BadInput(
            "required", "Give the finishing order (or the hands and plays).", field="finishing_order"
        )
    return normalise_finishing_order(given), leader, record


def _canonical_order(order) -> list[str]:
    """All four seats; in a 1-2 finish the two losers are both last, so their order is dropped (G5.5)."""
    finish = normalise_finishing_order(order)
    if finish.is_double_win:
        finish = normalise_finishing_order(finish.seats[:2])
    return finish.codes()


def _canonical(data: dict) -> dict:
    """What identifies a deal: the same play recorded the same way. Times are not part of it."""
    content: dict[str, Any] = {}
    if data.get("finishing_order") is not None:
        content["finishing_order"] = _canonical_order(data["finishing_order"])
    tribute = data.get("tribute")
    if tribute is not None:
        content["tribute"] = {
            name: [
                {"from": str(item.from_seat), "to": str(item.to_seat), "card": item.card.code}
                for item in parse_transfers(tribute.get(name) or [], field=f"tribute.{name}")
            ]
            for name in ("tributes", "returns")
        }
        if tribute.get("anti_tribute") is not None:
            content["tribute"]["anti_tribute"] = [
                {
                    "seat": str(with_field(f"tribute.anti_tribute[{i}].seat", parse_seat, item.get("seat"))),
                    "card": with_field(f"tribute.anti_tribute[{i}].card", parse_card, item.get("card")).code,
                }
                for i, item in enumerate(tribute["anti_tribute"])
            ]
    if data.get("hands") is not None:
        content["hands"] = {
            str(seat): format_cards(cards) for seat, cards in parse_hands(data["hands"]).items()
        }
    if data.get("plays") is not None:
        content["plays"] = [
            parse_action(p, field=f"plays[{i}]").to_dict() for i, p in enumerate(data["plays"])
        ]
    if data.get("leader") is not None:
        content["leader"] = str(parse_seat(data["leader"]))
    return content


def _dotted(prefix: str, field: str | None) -> str:
    if not field:
        return prefix
    return prefix + "." + field.replace("[", ".").replace("]", "")


def stored_deal(deal: Deal) -> dict[str, Any]:
    return {
        "number": deal.number,
        "version": deal.version,
        "game": deal.game,
        "level": format_level(deal.level),
        "finishing_order": deal.finishing_order,
        "tribute": deal.tribute,
        "leader": deal.leader or None,
        "played_at": deal.played_at.isoformat() if deal.played_at else None,
        "recorded_plays": deal.plays is not None,
    }
