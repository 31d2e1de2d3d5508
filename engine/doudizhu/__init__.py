"""Four-player Dou Dizhu 斗地主 with two decks (docs/rules/doudizhu.md D1-D9): registered as game
``doudizhu4``.

In service for events: each player enters alone (``team_size=1``) and a match is a table of four
kept on ``SHEET`` (D10; docs/events.md "Tables of four").
"""

from engine.doudizhu.bidding import check_bidding
from engine.doudizhu.deal import replay_deal
from engine.doudizhu.form import SEATS
from engine.doudizhu.penalties import ROWS as PENALTY_ROWS
from engine.doudizhu.play import validate_play
from engine.doudizhu.profiles import BUILTIN, STANDARD
from engine.doudizhu.readings import reading_to_dict
from engine.doudizhu.sheet import SHEET
from engine.doudizhu.violations import ViolationCode
from engine.game import EventScoring, Game

GAME = Game(
    code="doudizhu4",
    name="Four-player Dou Dizhu 斗地主",
    profiles=BUILTIN,
    default_profile=STANDARD.key,
    validate_play=validate_play,
    replay_deal=replay_deal,
    check_bidding=check_bidding,
    reading_to_dict=reading_to_dict,
    match_sheet=SHEET,
    team_size=1,
    seats=SEATS,  # the compass seats, each a player alone (no side)
    # Incidents accuse a seat; the seed's own consequences (出错牌, 问牌) replace the table's rows.
    penalty_rows=PENALTY_ROWS,
    # docs/scoring.md "Tables of four": each player's own points (D8) and those points less the
    # table's average, then deals won, tables topped, progressive score, lots. The standings' entries
    # of a table of four (engine.scoring.ranking.tables) are players, not sides: only these methods, and
    # only the tiebreaks that compare players (head-to-head, opponents' points, levels and double
    # wins compare two sides).
    scoring=EventScoring(
        match_points="game_points",
        level_points="net_points",
        tiebreaks=("level_points", "first_places", "wins", "progressive", "lots"),
        fixed_methods=True,
        tiebreak_choices=(
            "level_points",
            "first_places",
            "wins",
            "progressive",
            "progressive_cut1",
            "progressive_cut2",
            "progressive_cut3",
            "lots",
        ),
    ),
    codes=(ViolationCode,),
)
