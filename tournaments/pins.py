"""Pair PINs: what lets the other pair confirm a result on the table's one phone (docs/scoring.md
"One phone at the table").

Most tables have one phone, the table token: it submits the result for one side, and a second
submission or a confirmation from the same token is no double entry (``same_side``). The other
pair proves it agrees with its PIN, printed on its pair card: six digits derived from the pair's id
with the service's ``SECRET_KEY`` (an HMAC), so nothing is stored and nobody but the server, the
organisers and the chief referee (``PairPrivateSerializer``) can work it out. Changing
``SECRET_KEY`` changes every PIN: print the cards again then. Wrong guesses are rate limited per
match (``core.throttling.PinRateThrottle``).
"""

from __future__ import annotations

from django.utils.crypto import constant_time_compare, salted_hmac

from core.errors import Forbidden
from tournaments.models import Match, TableSeat

PIN_DIGITS = 6
_SALT = "tournaments.pins.pair"


def pair_pin(pair_id: int) -> str:
    """The pair's PIN: always the same for the pair, six digits."""
    digest = salted_hmac(_SALT, str(pair_id), algorithm="sha256").hexdigest()
    return f"{int(digest, 16) % 10**PIN_DIGITS:0{PIN_DIGITS}d}"


def vouched_by_pin(match: Match, *, submitted_side: str, side: str, pin: str | None) -> bool:
    """Whether ``pin`` lets the pair on ``side`` confirm a result submitted for ``submitted_side``
    from the same credential: it must be that pair's PIN (else 403 ``wrong_pin``), and another
    side than the submission's (else False: the caller answers ``same_side``)."""
    if not pin or not side or side == submitted_side:
        return False
    if not any(constant_time_compare(pair_pin(pair_id), pin) for pair_id in side_entrants(match, side)):
        raise Forbidden(f"This is not the PIN of the {side} pair.", "wrong_pin", field="pin")
    return True


def side_entrants(match: Match, side: str) -> list[int]:
    """The entrants whose PIN speaks for ``side``: its pair, or at a table of an individual event
    the two players seated there (N and S, or E and W: docs/duplicate.md "Individual events")."""
    if match.ns_pair_id is not None or not match.round.event.rotating_partners:
        pair_id = match.ns_pair_id if side == "NS" else match.ew_pair_id
        return [] if pair_id is None else [pair_id]
    seats = ("N", "S") if side == "NS" else ("E", "W")
    return list(TableSeat.objects.filter(match=match, seat__in=seats).values_list("pair_id", flat=True))
