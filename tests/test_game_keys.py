"""Nothing outside the engine branches on a game by its code: what differs between games is asked of
the game's registry entry (``engine.game.Game``, docs/rules/index.md "Adding a game").

The check parses every module of the service's packages beside the engine (their migrations, which
record history, left out; the seasons, the desks and the game adapters included) and fails on a game named
where code decides by it: compared (``==``, ``!=``, ``in``, ``not in``, ``is``), as a ``match``
case, or as a dict key (a literal's key, ``dict(code=...)``, a subscript, ``.get(...)``). A game is
named by its registry key written as a string constant, by a game's code read off its engine
(``guandan.GAME.code``), by the default game (``DEFAULT_GAME``, ``games.DEFAULT_GAME``), or by a
name the module assigned one of those (``BIDDING_GAME = doudizhu.GAME.code``). A code as a plain
value (a default, an example body, a serializer's enum) is data and passes. The tests and the
benchmarks drive named games on purpose and are not scanned.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Set
from pathlib import Path

import pytest

from engine.registry import GAMES

ROOT = Path(__file__).resolve().parents[1]
#: The service's packages (pyproject's ``packages.find``) other than ``engine``.
PACKAGES = ("config", "core", "desk", "referee", "tournaments", "scoring", "seasons", "adapters")
CODES = frozenset(GAMES)
_COMPARISONS = (ast.Eq, ast.NotEq, ast.In, ast.NotIn, ast.Is, ast.IsNot)
_LOOKUPS = ("get", "pop", "setdefault")


def _modules() -> list[Path]:
    return sorted(
        path
        for package in PACKAGES
        for path in (ROOT / package).rglob("*.py")
        if "migrations" not in path.relative_to(ROOT).parts
    )


#: The registry's default game, under whatever module it is read from.
DEFAULT_NAMES = frozenset({"DEFAULT_GAME"})


def _name(node: ast.AST) -> str | None:
    """The last name of a name or an attribute chain (``games.DEFAULT_GAME``: ``DEFAULT_GAME``)."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def _names_a_game(node: ast.AST | None, codes: Set[str], aliases: Set[str]) -> str | None:
    """What ``node`` names when it names a game: its code, ``GAME.code``, ``DEFAULT_GAME`` or an alias."""
    if node is None:
        return None
    if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in codes:
        return node.value
    if isinstance(node, ast.Attribute) and node.attr == "code" and _name(node.value) == "GAME":
        return ast.unparse(node)
    name = _name(node)
    if name is not None and (name in DEFAULT_NAMES or name in aliases):
        return name
    return None


def _aliases(tree: ast.AST, codes: Set[str]) -> set[str]:
    """The names a module assigns a game to (``BIDDING_GAME = doudizhu.GAME.code``), to a fixed point."""
    aliases: set[str] = set()
    while True:
        found = {
            target.id
            for node in ast.walk(tree)
            if isinstance(node, ast.Assign | ast.AnnAssign)
            and node.value is not None
            and _names_a_game(node.value, codes, aliases)
            for target in (node.targets if isinstance(node, ast.Assign) else [node.target])
            if isinstance(target, ast.Name)
        }
        if found <= aliases:
            return aliases
        aliases |= found


def _operands(node: ast.expr) -> Iterator[ast.expr]:
    """An operand, or the members of a literal tuple, list or set (``code in ("a", "b")``)."""
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        yield from node.elts
    else:
        yield node


def game_keys(source: str, codes: Set[str] = CODES) -> list[tuple[int, str]]:
    """``(line, game)`` of every game the source compares, matches or uses as a key."""
    tree = ast.parse(source)
    aliases = _aliases(tree, codes)

    def _code(node: ast.AST | None, codes: Set[str]) -> str | None:
        return _names_a_game(node, codes, aliases)

    found: list[tuple[int, str | None]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare) and any(isinstance(op, _COMPARISONS) for op in node.ops):
            for operand in (node.left, *node.comparators):
                found += [(node.lineno, _code(member, codes)) for member in _operands(operand)]
        elif isinstance(node, ast.MatchValue):
            found.append((node.lineno, _code(node.value, codes)))
        elif isinstance(node, ast.MatchMapping | ast.Dict):
            found += [(node.lineno, _code(key, codes)) for key in node.keys]
        elif isinstance(node, ast.Subscript):
            found += [(node.lineno, _code(key, codes)) for key in _operands(node.slice)]
        elif isinstance(node, ast.Call):
            if isinstance(node.func, ast.Name) and node.func.id == "dict":
                found += [(node.lineno, kw.arg if kw.arg in codes else None) for kw in node.keywords]
            if isinstance(node.func, ast.Attribute) and node.func.attr in _LOOKUPS and node.args:
                found.append((node.lineno, _code(node.args[0], codes)))
    return sorted((line, code) for line, code in found if code is not None)


@pytest.mark.parametrize("path", _modules(), ids=lambda path: str(path.relative_to(ROOT)))
def test_no_module_outside_the_engine_decides_by_a_game_code(path):
    name = str(path.relative_to(ROOT))
    keys = [(line, code) for line, code in game_keys(path.read_text(encoding="utf-8"))]
    assert keys == [], f"{name}: ask the game's registry entry instead of comparing its code: {keys}"


PLANTED = """
def branch(event, data, wires):
    if event.game == "doudizhu4":
        return 1
    if "daguai" != event.game or event.game in ("shuangkou", "chess"):
        return 2
    match event.game:
        case "guandan" | "go":
            return 3
        case {"daguai": _}:
            return 4
    return {"shuangkou": 5}, dict(guandan=6), wires["daguai"], data.get("doudizhu4")
"""

HARMLESS = """
DEFAULT = "guandan"
body = {"game": "doudizhu4", "ruleset": "daguai-standard"}
enum = ["shuangkou"]
def field(name="guandan"):
    return name == "game" or name in ("go", "chess")
"""


def test_the_check_finds_every_kind_of_decision_by_a_planted_code():
    assert game_keys(PLANTED) == [
        (3, "doudizhu4"),
        (5, "daguai"),
        (5, "shuangkou"),
        (8, "guandan"),
        (10, "daguai"),
        (12, "daguai"),
        (12, "doudizhu4"),
        (12, "guandan"),
        (12, "shuangkou"),
    ]


def test_the_check_lets_a_code_stand_as_a_value():
    assert game_keys(HARMLESS) == []


NAMED = """
from engine import guandan
from engine.registry import DEFAULT_GAME
BIDDING = doudizhu.GAME.code
TABLE = {guandan.GAME.code: 1}
def branch(event, games, table):
    if event.game == DEFAULT_GAME or games.DEFAULT_GAME != event.game:
        return table[BIDDING], table.get(guandan.GAME.code)
    return event.game in (GAME.code,)
"""

NAMED_HARMLESS = """
from engine.registry import DEFAULT_GAME
def game_code(data, default=DEFAULT_GAME):
    code = data.get("game") or DEFAULT_GAME
    return {"game": code, "ruleset": guandan.GAME.code}
"""


def test_the_check_finds_a_game_named_by_its_engine_the_default_or_an_alias():
    assert game_keys(NAMED) == [
        (5, "guandan.GAME.code"),
        (7, "DEFAULT_GAME"),
        (7, "DEFAULT_GAME"),
        (8, "BIDDING"),
        (8, "guandan.GAME.code"),
        (9, "GAME.code"),
    ]


def test_the_check_lets_the_default_game_stand_as_a_value():
    assert game_keys(NAMED_HARMLESS) == []


def test_the_check_scans_the_seasons_and_the_adapters():
    scanned = {path.relative_to(ROOT).parts[0] for path in _modules()}
    assert {"seasons", "adapters", "desk", "scoring", "referee", "tournaments"} <= scanned


def test_the_check_reads_the_registrys_codes():
    assert set(GAMES) == CODES and {"guandan", "doudizhu4", "daguai", "shuangkou"} <= CODES
    assert game_keys('x = game == "newgame"', {"newgame"}) == [(1, "newgame")]


#: The engine packages of the registry's games (``engine.guandan``, ``engine.doudizhu``, …).
GAME_PACKAGES = frozenset(game.validate_play.__module__.split(".")[1] for game in GAMES.values())
#: What a scoresheet says of its game that a service may ask (``engine/sheets.py`` ``MatchSheet``).
SHEET_FLAGS = frozenset(
    {"identity_is_posted", "results_from_levels", "takes_level_changes", "deals_from_set"}
)

#: Every place outside the engine and the adapters that is about one game (issue 36: at most five of
#: Guandan's): a branch on a flag only one game's scoresheet sets, or an import of a game's engine.
#: Guandan's are the level sheet (记级, G8) and the referee's level changes (G12); duplicate
#: Guandan's deal sets, travellers and team matches are a format of their own (docs/duplicate.md).
GAME_SITES = [
    ("referee/incidents/reach.py", "takes_level_changes"),
    ("scoring/selectors/duplicate.py", "engine.duplicate"),
    ("scoring/selectors/duplicate_teams.py", "engine.duplicate"),
    ("scoring/selectors/matches.py", "takes_level_changes"),
    ("scoring/serializers/duplicate.py", "engine.duplicate"),
    ("scoring/services/duplicate.py", "deals_from_set"),
    ("scoring/services/duplicate.py", "deals_from_set"),
    ("scoring/services/duplicate.py", "engine.duplicate"),
    ("scoring/services/result_facts.py", "results_from_levels"),
    ("scoring/services/result_facts.py", "results_from_levels"),
    ("tournaments/models/event.py", "takes_level_changes"),
    # the rotating-partner draw of an individual event (any partnership game; it lives beside the
    # duplicate formats in engine/duplicate/individual.py, docs/duplicate.md "Individual events")
    ("tournaments/services/individual.py", "engine.duplicate"),
]


def _game_package(module: str) -> str | None:
    """``engine.<game>`` when ``module`` is (in) a game's engine package."""
    parts = module.split(".")
    return f"engine.{parts[1]}" if parts[0] == "engine" and parts[1:2] and parts[1] in GAME_PACKAGES else None


def game_sites(source: str) -> list[str]:
    """The game-specific sites of a module: each read of a scoresheet flag, each import of a game's
    engine (by package, once per module)."""
    tree = ast.parse(source)
    flags = [
        node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute) and node.attr in SHEET_FLAGS
    ]
    modules: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            modules += [node.module, *(f"{node.module}.{alias.name}" for alias in node.names)]
        elif isinstance(node, ast.Import):
            modules += [alias.name for alias in node.names]
    imported = {package for module in modules if (package := _game_package(module)) is not None}
    return sorted(flags) + sorted(imported)


def test_the_game_specific_sites_outside_the_engine_and_the_adapters_are_the_listed_ones():
    sites = sorted(
        (str(path.relative_to(ROOT)), site)
        for path in _modules()
        if path.relative_to(ROOT).parts[0] != "adapters"
        for site in game_sites(path.read_text(encoding="utf-8"))
    )
    assert sites == sorted(GAME_SITES)
    guandans = [site for site in GAME_SITES if site[1] in SHEET_FLAGS and site[1] != "deals_from_set"]
    assert len(guandans) <= 5


def test_the_site_check_finds_a_flag_and_a_games_engine():
    source = (
        "from engine import guandan, sheets\nimport engine.daguai.play\nfrom engine.doudizhu.sheet import X\n"
        "if sheet.takes_level_changes: pass\n"
    )
    assert game_sites(source) == ["takes_level_changes", "engine.daguai", "engine.doudizhu", "engine.guandan"]
