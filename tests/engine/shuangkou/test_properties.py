"""Properties of the Shuangkou engine over random deals (docs/rules/shuangkou.md S3-S8): the simulator's
deals replay as valid and their points add up; a deal corrupted at one play is caught at that trick,
play and card with the right code; the follow rule agrees with a brute force over every follow."""

from __future__ import annotations

import itertools
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import ALL_CARDS, Suit
from engine.seats import Side
from engine.shuangkou.cards import NO_TRUMP, TRUMP, trump_table
from engine.shuangkou.deal import replay_deal
from engine.shuangkou.profiles import STANDARD
from engine.shuangkou.shapes import decompose, pair_powers
from engine.shuangkou.simulate import SimulatedDeal, simulate_deal
from engine.shuangkou.tricks import check_follow
from engine.shuangkou.violations import ShuangkouViolation

SEEDS = st.integers(0, 2**32 - 1)
LEVELS = st.sampled_from([2, 7, 10, 11, 13, 14, NO_TRUMP])


def simulated(seed: int, level: int = 2, **kwargs) -> SimulatedDeal:
    return simulate_deal(rng=random.Random(seed), level=level, **kwargs)


@settings(max_examples=40, deadline=None)
@given(SEEDS, LEVELS)
def test_s5_a_random_legal_deal_replays_as_valid(seed, level):
    deal = simulated(seed, level)
    result = replay_deal(**deal.request())
    assert result.valid and result.finished and result.next_to_act is None
    assert result.trump_suit == deal.trump_suit and result.dealer is deal.dealt_by
    assert all(len(trick) == 4 for trick in deal.tricks)
    assert sum(len(play.cards) for trick in deal.tricks for play in trick) == 100  # 4 x 25, the bottom buried


@settings(max_examples=40, deadline=None)
@given(SEEDS, LEVELS)
def test_s6_s7_the_points_of_a_deal_sum_to_200_plus_the_bottom_bonus(seed, level):
    result = replay_deal(**simulated(seed, level).request())
    score = result.score
    attackers = score.change.dealer.side.other
    dealer_tricks = result.trick_points[attackers.other]
    assert result.trick_points[Side.NS] + result.trick_points[Side.EW] + score.bottom_points == 200
    if score.multiplier is None:  # the dealer side took the last trick: the bottom counts for nobody
        assert dealer_tricks + score.attackers_points + score.bottom_points == 200
    else:
        extra = score.bottom_points * (score.multiplier - 1)
        assert dealer_tricks + score.attackers_points == 200 + extra
        assert score.bottom_bonus == score.bottom_points * score.multiplier


@settings(max_examples=20, deadline=None)
@given(SEEDS)
def test_s5_a_throw_penalty_moves_points_by_the_refused_throws(seed):
    profile = STANDARD.with_overrides({"failed_throw_penalty": 10})
    deal = simulated(seed, profile=profile, refuse_rate=1.0)
    result = replay_deal(**deal.request(), profile=profile)
    dealer_side = result.dealer.side
    expected = sum(
        -10 if trick[0].seat.side is not dealer_side else 10
        for trick in deal.tricks
        if trick[0].refused is not None
    )
    assert result.valid and result.score.penalty == expected


# ---- corrupted deals ----------------------------------------------------------------------------
def state_before(deal: SimulatedDeal, t: int, p: int):
    state = deal.state()
    for trick in deal.tricks[:t]:
        for play in trick:
            state.play(play)
    for play in deal.tricks[t][:p]:
        state.play(play)
    return state


def corrupt(deal: SimulatedDeal, pick: float, kind: str):
    """The request with one play broken, and where and how the replay must report it; None if it can't."""
    data = deal.request()
    plays = [(t, p) for t, trick in enumerate(deal.tricks) for p in range(len(trick))]
    rng = random.Random(int(pick * 10**9))
    rng.shuffle(plays)
    for t, p in plays:
        play = deal.tricks[t][p]
        state = state_before(deal, t, p)
        hand = state.counts(play.seat)
        wire = data["tricks"][t]["plays"]
        held = Counter({card: n for card, n in hand.items() if n})
        if kind == "not_your_turn":
            other = next(seat for seat in ("N", "E", "S", "W") if seat != play.seat.value)
            wire[p] = {"seat": other, "cards": wire[p]["cards"]}
            return data, (t, p, None)
        if kind == "card_not_in_hand":
            if play.refused is not None:  # a refused throw is checked before its cards: pick another
                continue
            missing = next(card for card in ALL_CARDS if not held[card])
            i = rng.randrange(len(play.cards))
            wire[p] = {
                "seat": play.seat.value,
                "cards": [*wire[p]["cards"][:i], missing.code, *wire[p]["cards"][i + 1 :]],
            }
            return data, (t, p, i)
        if kind == "deal_over":
            data["tricks"].append({"plays": [{"seat": "N", "cards": ["HA"]}]})
            return data, (len(deal.tricks), 0, None)
        if p == 0 and kind == "mixed_lead" and play.refused is None:
            group = state.table.group
            first = play.cards[0]
            off = next((card for card in held if group[card] != group[first]), None)
            if off is not None:
                wire[p] = {"seat": play.seat.value, "cards": [first.code, off.code]}
                return data, (t, p, 1)
        if p == 0 and kind == "throw_not_highest" and play.refused is not None:
            wire[p] = {"seat": play.seat.value, "cards": [c.code for c in play.refused]}
            return data, (t, p, None)
        if p > 0 and kind == "not_following_suit":
            group, lead = state.table.group, state.lead
            led = [card for card in play.cards if group[card] == lead.group]
            if led and len(led) == len(play.cards):  # it followed with the suit alone: swap one card out
                spare = held.copy()
                spare.subtract(play.cards)
                off = next((card for card in spare if spare[card] > 0 and group[card] != lead.group), None)
                if off is not None:
                    i = rng.randrange(len(play.cards))
                    codes = [c.code for c in play.cards]
                    codes[i] = off.code
                    wire[p] = {"seat": play.seat.value, "cards": codes}
                    return data, (t, p, i)
        if p > 0 and kind == "wrong_number_of_cards" and len(play.cards) > 1:
            wire[p] = {"seat": play.seat.value, "cards": wire[p]["cards"][:-1]}
            return data, (t, p, None)
    return None


KINDS = [
    "not_your_turn",
    "card_not_in_hand",
    "deal_over",
    "mixed_lead",
    "throw_not_highest",
    "not_following_suit",
    "wrong_number_of_cards",
]


@settings(max_examples=80, deadline=None)
@given(SEEDS, st.floats(0, 0.999), st.sampled_from(KINDS))
def test_s5_a_corrupted_deal_is_caught_at_the_right_trick_play_and_card(seed, pick, kind):
    deal = simulated(seed, refuse_rate=0.5)
    broken = corrupt(deal, pick, kind)
    if broken is None:
        return
    data, (t, p, card) = broken
    result = replay_deal(**data)
    violation = result.violation
    assert not result.valid and violation.part == "tricks"
    assert (violation.code, violation.index, violation.play, violation.card) == (kind, t, p, card)
    assert len(result.tricks) == t + (1 if p else 0)


# ---- the follow rule against a brute force --------------------------------------------------------
def brute_cover(lengths, pairs) -> int:
    """The most lead-tractor pairs disjoint runs can match, by trying every placement."""
    powers = sorted(pairs.elements())
    best = 0
    for chosen in itertools.product(*[[None, *sorted(set(powers))] for _ in lengths]):
        left = Counter(pairs)
        covered = 0
        for length, top in zip(lengths, chosen, strict=True):
            if top is None:
                continue
            run = [top - k for k in range(length)]
            if any(left[power] < 1 for power in run):
                break
            left.subtract(run)
            covered += length
        else:
            best = max(best, covered)
    return best


def brute_legal(hand: list, lead, size: int, table) -> set:
    """S5 from first principles: every follow of ``size`` cards that plays as much of the led group as it
    can, and within it the most tractor pairs and the most pairs (up to the lead's) any follow could."""
    group = table.group
    every = follows(hand, size)

    def measure(cards):
        own = [card for card in cards if group[card] == lead.group]
        pairs = Counter(pair_powers(own, table))
        return len(own), brute_cover(lead.tractors, pairs), min(sum(pairs.values()), lead.pairs)

    scores = {follow: measure(follow) for follow in every}
    most = max(score[0] for score in scores.values())
    full = [follow for follow in every if scores[follow][0] == most]
    best_cover = max(scores[follow][1] for follow in full)
    best_pairs = max(scores[follow][2] for follow in full)
    return {f for f in full if scores[f][1] == best_cover and scores[f][2] == best_pairs}


def follow_case(rng: random.Random, level: int, suit: Suit | None):
    """A lead and a follower's hand from a window of adjacent powers of one group (pairs and tractors
    come often), two decks between them, and a few cards of other groups."""
    table = trump_table(level, suit)
    group = rng.choice([TRUMP, *(s.value for s in Suit if s is not suit)])
    ladder = sorted((card for card in ALL_CARDS if table.group[card] == group), key=lambda c: table.power[c])
    start = rng.randrange(max(len(ladder) - 5, 1))
    window = ladder[start : start + 6]
    copies = Counter({card: 2 for card in window})
    lead_cards = []
    if rng.random() < 0.5:  # a tractor, now and then with a single
        first = rng.randrange(len(window) - 1)
        picked = [(card, 2) for card in window[first : first + rng.randint(2, 3)]]
        picked += [(rng.choice(window), 1)] if rng.random() < 0.3 else []
    else:
        picked = [(card, rng.choice([1, 2, 2])) for card in rng.sample(window, rng.randint(1, 3))]
    for card, n in picked:
        n = min(n, copies[card])
        lead_cards += [card] * n
        copies[card] -= n
    hand = [card for card in window for _ in range(rng.randint(0, copies[card]))]
    hand = rng.sample(hand, min(len(hand), 7))
    hand += rng.sample([card for card in ALL_CARDS if table.group[card] != group], rng.randint(0, 2))
    return table, decompose(lead_cards, table), hand


def follows(hand: list, size: int) -> set:
    return {tuple(sorted(c, key=lambda card: card.code)) for c in itertools.combinations(hand, size)}


@settings(max_examples=200, deadline=None)
@given(st.randoms(use_true_random=False), st.sampled_from([2, 7, 14]), st.sampled_from([None, *Suit]))
def test_s5_the_follow_rule_allows_exactly_the_follows_a_brute_force_allows(rng, level, suit):
    table, lead, hand = follow_case(rng, level, suit)
    if len(hand) < lead.size:
        return
    allowed = brute_legal(hand, lead, lead.size, table)
    counts = Counter(hand)
    for follow in follows(hand, lead.size):
        try:
            check_follow(counts, follow, lead, table)
            legal = True
        except ShuangkouViolation:
            legal = False
        assert legal == (follow in allowed), (lead, hand, follow)
    assert allowed  # some follow is always legal


@settings(max_examples=60, deadline=None)
@given(st.randoms(use_true_random=False), LEVELS)
def test_s4_units_partition_a_play_and_tractors_are_adjacent_pairs(rng, level):
    table = trump_table(level, None if level == NO_TRUMP else rng.choice(list(Suit)))
    group = rng.choice(sorted(set(table.group.values())))
    pool = [card for card in ALL_CARDS if table.group[card] == group]
    cards = [card for card in rng.sample(pool, min(len(pool), 8)) for _ in range(rng.randint(1, 2))]
    shape = decompose(cards, table)
    assert Counter(card for unit in shape.units for card in unit.cards) == Counter(cards)
    for unit in shape.units:
        powers = [table.power[card] for card in unit.cards]
        if unit.pairs >= 2:
            tops = powers[::2]
            assert powers[::2] == powers[1::2] and tops == list(range(tops[0], tops[0] - unit.pairs, -1))
    assert shape.pairs == sum(unit.pairs for unit in shape.units)
