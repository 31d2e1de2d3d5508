"""Rule profiles: every variant of docs/rules/guandan.md G1-G12 as one immutable settings object.

An event picks a built-in profile by key and may override single fields; the
result is validated here, so the API, the admin and the engine agree on what
a valid profile is. ``RuleProfile.from_dict(profile.to_dict())`` round-trips.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import Any, ClassVar

from engine.errors import BadInput
from engine.guandan.cards import format_level, parse_level

# Allowed values of each enumerated variant, with the docs/rules/guandan.md section that names it.
CHOICES: dict[str, tuple[str, ...]] = {
    "turn_direction": ("counterclockwise", "clockwise"),  # G1
    "wild_default": ("lowest", "highest"),  # G4
    "jiefeng": ("partner", "next_seat"),  # G5.4
    "a_win": ("first_and_partner_not_last", "double_win"),  # G6
    "a_goal": ("pass_a", "reach_a"),  # G6, G8
    "a_fail_count": ("total", "consecutive"),  # G6
    "return_rule": ("max_ten", "partner_max_ten", "below_level_to_partner", "any"),  # G7
    "double_tribute_lead": ("higher_payer", "first_seat_next"),  # G7
    "equal_tribute_to_first": ("next_seat", "first_paid"),  # G7
    "equal_tribute_lead": ("payer_to_first", "first_seat_next", "first_seat_previous"),  # G7
    "match_format": ("through_a", "deal_count", "time_limit", "time_or_deals"),  # G8
    "equal_levels": ("draw", "extra_deal", "last_deal_winner"),  # G8
    "penalty_table": ("default", "national_2017", "club_levels"),  # G12
    "signal_penalty": ("match_point", "disqualification"),  # G12 非法信息 variant
}


@dataclass(frozen=True, slots=True)
class RuleProfile:
    """The rule choices of one event or one referee question.

    Levels are stored as ints (2..14, A = 14); ``to_dict`` writes them as codes.
    """

    key: str = "custom"
    name: str = "Custom profile"
    # The allowed values of the enumerated settings, as every game's profile names them.
    CHOICES: ClassVar[dict[str, tuple[str, ...]]] = CHOICES
    # G1
    turn_direction: str = "counterclockwise"
    # G4
    wild_default: str = "lowest"
    # G5
    jiefeng: str = "partner"
    report_threshold: int = 10
    # G6
    mandatory_levels: tuple[int, ...] = (14,)
    a_win: str = "first_and_partner_not_last"
    a_goal: str = "pass_a"  # reach_a: the first side to reach A wins the game (不必打通)
    a_fail_limit: int = 3
    a_fail_reset: int | None = 2  # None: no reset
    a_fail_count: str = "total"
    streaks: bool = False
    streak_debt: bool = False  # a streak demotion stopped at 2 is carried and repaid (累计和清还)
    # G7
    return_rule: str = "max_ten"
    double_tribute_lead: str = "higher_payer"
    equal_tribute_to_first: str = "next_seat"  # whose equal tribute the 1st seat takes
    equal_tribute_lead: str = "payer_to_first"  # who leads after equal tributes (higher_payer)
    tribute_seconds: int = 15
    return_seconds: int = 30
    # G8
    match_format: str = "through_a"
    deal_limit: int = 8
    time_limit_minutes: int = 60
    equal_levels: str = "draw"
    best_of: int = 1
    # G12
    penalty_table: str = "default"
    signal_penalty: str = "match_point"

    def __post_init__(self) -> None:
        for name, allowed in CHOICES.items():
            if getattr(self, name) not in allowed:
                raise BadInput(
                    "invalid_choice",
                    f"{name} must be one of {', '.join(allowed)}; got {getattr(self, name)!r}.",
                    field=name,
                )
        _positive(self, "report_threshold", 0, 27)
        _positive(self, "a_fail_limit", 1, 99)
        _positive(self, "tribute_seconds", 1, 3600)
        _positive(self, "return_seconds", 1, 3600)
        _positive(self, "deal_limit", 1, 200)
        _positive(self, "time_limit_minutes", 1, 24 * 60)
        if self.best_of not in (1, 3):
            raise BadInput("invalid_choice", "best_of must be 1 or 3.", field="best_of")
        if 14 not in self.mandatory_levels:
            raise BadInput(
                "invalid", "mandatory_levels must include A (A必打, G6).", field="mandatory_levels"
            )
        if any(not 2 <= lv <= 14 for lv in self.mandatory_levels):
            raise BadInput("unknown_level", "mandatory_levels hold levels 2..A.", field="mandatory_levels")
        if self.a_fail_reset is not None and not 2 <= self.a_fail_reset <= 14:
            raise BadInput("unknown_level", "a_fail_reset is a level 2..A or none.", field="a_fail_reset")

    # ---- JSON ----
    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["mandatory_levels"] = [format_level(lv) for lv in self.mandatory_levels]
        data["a_fail_reset"] = "none" if self.a_fail_reset is None else format_level(self.a_fail_reset)
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any], *, base: RuleProfile | None = None) -> RuleProfile:
        """Build a profile from JSON, starting from ``base`` (defaults when omitted)."""
        if not isinstance(data, dict):
            raise BadInput("invalid", "A rule profile is a JSON object.", field="ruleset")
        known = {f.name: f for f in fields(cls)}
        values: dict[str, Any] = {}
        for name, value in data.items():
            if name not in known:
                raise BadInput("unknown_field", f"Unknown rule setting {name!r}.", field=name)
            values[name] = _coerce(name, value, known[name].type)
        return replace(base or cls(), **values)

    def with_overrides(self, overrides: dict[str, Any] | None) -> RuleProfile:
        if not overrides:
            return self
        return RuleProfile.from_dict(overrides, base=self)


def _positive(profile: RuleProfile, name: str, low: int, high: int) -> None:
    value = getattr(profile, name)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise BadInput("out_of_range", f"{name} must be an integer from {low} to {high}.", field=name)


def _coerce(name: str, value: Any, annotation: Any) -> Any:
    if name == "mandatory_levels":
        if not isinstance(value, list | tuple) or not value:
            raise BadInput("invalid", "mandatory_levels is a non-empty list of levels.", field=name)
        return tuple(sorted({parse_level(v, field=name) for v in value}))
    if name == "a_fail_reset":
        if value is None or str(value).lower() == "none":
            return None
        return parse_level(value, field=name)
    if "bool" in str(annotation):
        if not isinstance(value, bool):
            raise BadInput("invalid", f"{name} must be true or false.", field=name)
        return value
    if "int" in str(annotation):
        if isinstance(value, bool) or not isinstance(value, int):
            raise BadInput("invalid", f"{name} must be an integer.", field=name)
        return value
    if not isinstance(value, str):
        raise BadInput("invalid", f"{name} must be a string.", field=name)
    return value


STANDARD = RuleProfile(key="guandan-standard", name="Guandan, every default rule")

BUILTIN: dict[str, RuleProfile] = {
    p.key: p
    for p in (
        STANDARD,
        # The 2017 national competition text (全国掼蛋竞赛规则 2017).
        replace(
            STANDARD,
            key="guandan-national-2017",
            name="National competition rules, 2017 text",
            return_rule="partner_max_ten",
            double_tribute_lead="first_seat_next",
            report_threshold=10,
            penalty_table="national_2017",
        ),
        # 掼蛋比赛活动方案（优质5篇）, school and company events (key kept from the sheet's old file
        # number, for compatibility; docs/rules/guandan.md): one-hour matches, J and A must be
        # played, A won only with a double win (只有获头家和2家时方为取胜), three failures back to J
        # (连续三次不过则从j开始再打), equal levels play one more deal (同级的加赛一局).
        replace(
            STANDARD,
            key="guandan-seed-000",
            name="掼蛋比赛活动方案: J and A must be played, three A failures back to J",
            mandatory_levels=(11, 14),
            a_win="double_win",
            a_fail_reset=11,
            a_fail_count="consecutive",
            match_format="time_limit",
            time_limit_minutes=60,
            equal_levels="extra_deal",
            signal_penalty="disqualification",
            # 篇五 九、歧义的统一 reads equal tributes its own way ("如果两张一样，头游拿第一张
            # 进贡的牌"; "若一样则由上游的下家先出"): an event opts in with rule_overrides
            # equal_tribute_to_first=first_paid and equal_tribute_lead=first_seat_next. Not set
            # here, so events already running on this key keep the results they were scored with.
        ),
        # 公司掼蛋比赛规则 (第一篇), company rules (key kept from the sheet's old file number): 借风 to
        # the next seat, streak rewards and penalties, returns
        # below the level card to a partner, 40 s for the return, and no limit on A failures
        # (否则需再打A: a side at A simply plays A again).
        replace(
            STANDARD,
            key="guandan-seed-001",
            name="公司掼蛋比赛规则: jie feng to the next seat, streak rewards and penalties",
            jiefeng="next_seat",
            streaks=True,
            return_rule="below_level_to_partner",
            return_seconds=40,
            a_fail_reset=None,
            # "退至2为止,但须累计和清还" is streak_debt=True, an opt-in override: left off so that events
            # already running on this key keep the levels they were scored with.
        ),
        # 扑克牌（掼蛋）比赛规则, the rules of the Nanjing branch union (江苏省分行南京地区工会委员会): the
        # defaults but two. Hand counts are owed at 6 cards or fewer (第八条 "低于6张(含6张)以下时,必须
        # 报告牌张数"), and after equal double tributes the 1st seat's 上家 leads (第七条 "若两个输家所贡牌
        # 一样大…则上游取下家的贡牌…由上游上家先出牌").
        replace(
            STANDARD,
            key="guandan-nanjing-union",
            name="扑克牌（掼蛋）比赛规则: hand counts at 6 cards, after equal tributes the 上游上家 leads",
            report_threshold=6,
            equal_tribute_lead="first_seat_previous",
        ),
    )
}


def knockout_profile(profile: RuleProfile) -> RuleProfile:
    """The profile a knockout game is played under (G8: "A knockout match must produce a winner").

    Unchanged unless equal levels would be a draw; then a game that ends level is decided by one
    more deal (``equal_levels='extra_deal'``), so a result from the level sheet needs its ``winner``.
    """
    if profile.equal_levels != "draw":
        return profile
    return replace(profile, equal_levels="extra_deal")


def get_profile(key: str | None = None, overrides: dict[str, Any] | None = None) -> RuleProfile:
    """A built-in profile by key (``guandan-standard`` when omitted), with overrides."""
    profile = BUILTIN.get(key or STANDARD.key)
    if profile is None:
        raise BadInput("unknown_ruleset", f"Unknown ruleset {key!r}.", field="ruleset")
    return profile.with_overrides(overrides)
