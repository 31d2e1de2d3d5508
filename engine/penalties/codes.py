"""The vocabulary of rulings (docs/referees.md, docs/rules/guandan.md G12): infractions, penalty kinds,
who a penalty hits, and what an escalation count is counted over. Pure Python.
"""

from __future__ import annotations

from enum import StrEnum


class Infraction(StrEnum):
    """Every infraction the penalty tables know (G12; S for Shuangkou's table talk)."""

    HIDDEN_CARD = "hidden_card"  # 藏牌
    OUT_OF_TURN = "out_of_turn"  # 越序: a card drawn or played out of turn
    WRONG_CARD_COUNT = "wrong_card_count"  # 多牌少牌
    ILLEGAL_SIGNAL = "illegal_signal"  # 非法信息: words, gestures, looks, timing
    EXPOSED_CARD = "exposed_card"  # 出错牌 / 暴露张
    SLOW_PLAY = "slow_play"  # 超时
    TRIBUTE_ERROR = "tribute_error"  # 进贡 / 还牌 error (a tribute that is not the highest card…)
    REPORT_ERROR = "report_error"  # 报牌: a wrong or missing hand-count report
    IMPROPER_PLAY = "improper_play"  # a hand not played in one go, out of order, a wild misplaced (2017)
    COUNT_QUESTION = "count_question"  # asking or answering a count after it was reported (2017)
    LATE_ARRIVAL = "late_arrival"  # 迟到
    PLAYER_CHANGE = "player_change"  # 换人: a pair changes a player (中途不得换人)
    PARTNER_TALK = "partner_talk"  # S: talking or signalling to one's partner (双扣)


NAMES = {
    Infraction.HIDDEN_CARD: "藏牌",
    Infraction.OUT_OF_TURN: "越序",
    Infraction.WRONG_CARD_COUNT: "多牌少牌",
    Infraction.ILLEGAL_SIGNAL: "非法信息",
    Infraction.EXPOSED_CARD: "出错牌/暴露张",
    Infraction.SLOW_PLAY: "超时",
    Infraction.TRIBUTE_ERROR: "进贡/还牌错误",
    Infraction.REPORT_ERROR: "报牌错误",
    Infraction.IMPROPER_PLAY: "出牌不规范",
    Infraction.COUNT_QUESTION: "报牌后询问张数",
    Infraction.LATE_ARRIVAL: "迟到",
    Infraction.PLAYER_CHANGE: "中途换人",
    Infraction.PARTNER_TALK: "与同伴交谈",
}


class PenaltyKind(StrEnum):
    """What a penalty does. The first group is recorded and shown; the second changes the deal;
    the third changes the match's result or the standings (docs/referees.md "Effects")."""

    WARNING = "warning"  # 警告
    VIOLATION = "violation"  # 违例: the 2017 ladder's second step
    FOUL = "foul"  # 犯规: its third
    REMEDY = "remedy"  # put right on the spot, no penalty (return the card, draw at random)
    LOSE_TURN = "lose_turn"  # the seat loses its turn for a trick / skips a round
    REDO_TRIBUTE = "redo_tribute"
    REDO_DEAL = "redo_deal"
    TAKE_BACK = "take_back"  # the hand is taken back to the point of the report
    LEVELS = "levels"  # a side's level moves (an entry of its own in the level line)
    MATCH_POINTS = "match_points"  # match points added or removed in the standings
    MATCH_AWARDED = "match_awarded"  # the match to the other side, scored as the event's maximum
    FORFEIT = "forfeit"  # scored by the event's forfeit settings
    DISQUALIFICATION = "disqualification"  # the pair leaves future draws


#: Kinds that change a result or the standings, not only the record.
SCORING_KINDS = frozenset(
    {
        PenaltyKind.LEVELS,
        PenaltyKind.MATCH_POINTS,
        PenaltyKind.MATCH_AWARDED,
        PenaltyKind.FORFEIT,
        PenaltyKind.DISQUALIFICATION,
    }
)

#: Kinds that decide a match (G12: "a ruling that decides a match goes to the chief referee",
#: seed 001 十一 第2条): the match awarded or forfeited, or a pair disqualified.
DECIDING_KINDS = frozenset({PenaltyKind.MATCH_AWARDED, PenaltyKind.FORFEIT, PenaltyKind.DISQUALIFICATION})


class Target(StrEnum):
    """Whom an effect hits, seen from the offender."""

    OFFENDER = "offender"  # the offending seat's side (the pair)
    OPPONENTS = "opponents"
    BOTH = "both"


class Scope(StrEnum):
    """What an escalation count counts over, within one match (G12: "the same seat or side")."""

    SEAT = "seat"  # the same player
    SIDE = "side"  # either player of the pair
    TABLE = "table"  # anyone at the table (a wrong card count: it concerns the whole deal)
