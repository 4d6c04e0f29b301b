"""The layout read from the imports: eventkit <- bingo's core <- cards <- bingo.ui / bingo.web,
eventkit <- games; no game imports bingo or cards, and no module imports itself round a cycle.

Every import counts, also those inside functions (a lazy import is still a dependency)."""

from __future__ import annotations

import ast
import functools
import re
import tokenize
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("eventkit", "bingo", "cards", "games")
# bingo's application layer: the windows, the phones' server and the command line use cards;
# check-config is a command too (it runs `bingo cards`' own validation, cards.validate).
BINGO_APPS = ("bingo.ui", "bingo.web", "bingo.cli", "bingo.__main__", "bingo.checkconfig")


def module_name(path: Path) -> str:
    name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
    return name.removesuffix(".__init__")


def import_graph() -> dict[str, set[str]]:
    """Module -> the project's modules it imports. A package's own parents do not count (Python
    runs them first anyway), nor do imports only for type checkers (`if TYPE_CHECKING:`).
    Read once a test process (every test here asks for it; the files do not change during a
    run): each test gets its own copy."""
    return {name: set(targets) for name, targets in _read_import_graph().items()}


@functools.cache
def _read_import_graph() -> dict[str, frozenset[str]]:
    modules = {
        module_name(path): path for package in PACKAGES for path in (ROOT / package).rglob("*.py")
    }
    graph: dict[str, set[str]] = defaultdict(set)
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        typing_only = {
            id(inner)
            for node in ast.walk(tree)
            if isinstance(node, ast.If) and ast.unparse(node.test).endswith("TYPE_CHECKING")
            for inner in ast.walk(node)
        }
        for node in ast.walk(tree):
            if id(node) in typing_only:
                continue
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                submodules = [f"{node.module}.{alias.name}" for alias in node.names]
                targets = [m for m in submodules if m in modules] or [node.module]
            else:
                continue
            parents = {name.rsplit(".", n)[0] for n in range(1, name.count(".") + 1)}
            graph[name] |= {t for t in targets if t in modules and t != name and t not in parents}
    return {name: frozenset(targets) for name, targets in graph.items()}


def imports_from(graph: dict[str, set[str]], importer: str, imported: str) -> list[str]:
    """'a -> b' for every module under `importer` that imports a module under `imported`."""

    def under(module: str, prefix: str) -> bool:
        return module == prefix or module.startswith(prefix + ".")

    return sorted(
        f"{a} -> {b}"
        for a, targets in graph.items()
        for b in targets
        if under(a, importer) and under(b, imported)
    )


def test_the_base_package_imports_none_of_the_others():
    graph = import_graph()
    for other in ("bingo", "cards", "games"):
        assert imports_from(graph, "eventkit", other) == []


def test_no_game_imports_bingo_or_cards():
    graph = import_graph()
    assert imports_from(graph, "games", "bingo") + imports_from(graph, "games", "cards") == []


def test_bingos_core_never_imports_cards():
    graph = import_graph()
    core = {m for m in graph if m.startswith("bingo") and not m.startswith(BINGO_APPS)}
    assert [edge for m in sorted(core) for edge in imports_from(graph, m, "cards")] == []


def test_no_import_cycles():
    graph = import_graph()
    cycles = []
    state: dict[str, str] = {}

    def visit(module: str, path: list[str]) -> None:
        state[module] = "open"
        for target in sorted(graph.get(module, ())):
            if state.get(target) == "open":
                cycles.append(" -> ".join(path[path.index(target) :] + [module, target]))
            elif target not in state:
                visit(target, [*path, module])
        state[module] = "done"

    for module in sorted(graph):
        if module not in state:
            visit(module, [])
    assert cycles == []


GAME_FREE = ("games.common", "games.web", "games.menu", "games.menu_tiles", "games.cli")


def _games(graph: dict[str, set[str]]) -> list[str]:
    """The game packages: games/<game>/ (every package of games but the shared ones)."""
    shared = {m.split(".")[1] for m in GAME_FREE} | {"__main__"}
    return sorted({m.split(".")[1] for m in graph if m.startswith("games.")} - shared)


def test_games_shared_parts_import_no_game_and_no_game_imports_games_web():
    """A game is one folder and one registration (issue 42): games/common, games/web, the menu
    and the command line reach a game only through games.common.registry's entries, and a game
    builds on games/common only (its room-screen lines too: games.common.screen)."""
    graph = import_graph()
    games = _games(graph)
    assert {"daifugo", "schwimmen", "cool24"} <= set(games)
    shared = [
        e
        for part in GAME_FREE
        for game in games
        for e in imports_from(graph, part, f"games.{game}")
    ]
    upward = [
        e
        for game in games
        for part in ("games.web", "games.menu", "games.menu_tiles", "games.cli")
        for e in imports_from(graph, f"games.{game}", part)
    ]
    across = [
        e
        for a in games
        for b in games
        if a != b
        for e in imports_from(graph, f"games.{a}", f"games.{b}")
    ]
    assert shared == [] and upward == [] and across == []


def test_games_shared_parts_name_no_game_module_in_any_text():
    """Not even as a string for importlib: no string in the shared parts' code is a game's
    module name (only the entry points in pyproject.toml name them; the docstrings may)."""
    graph = import_graph()
    module = re.compile("|".join(rf"games\.{game}(\.\w+)*(:\w+)?" for game in _games(graph)))
    found = []
    for part in GAME_FREE:
        base = ROOT / Path(*part.split("."))
        single = base.with_suffix(".py")
        for path in [single] if single.is_file() else sorted(base.rglob("*.py")):
            with path.open("rb") as source:
                for token in tokenize.tokenize(source.readline):
                    if token.type != tokenize.STRING:
                        continue
                    try:
                        text = ast.literal_eval(token.string)
                    except ValueError:  # an f-string: a game's module made from its name?
                        text = "games.daifugo" if "games.{" in token.string else ""
                    if isinstance(text, str) and module.fullmatch(text.strip()):
                        found.append(f"{path.relative_to(ROOT)}:{token.start[0]}: {text}")
    assert found == []


def test_every_games_phone_renderer_lives_in_its_own_package():
    static = ROOT / "games" / "web" / "static"
    games = _games(import_graph())
    assert [p.name for p in static.iterdir() if p.stem in games] == []
    for game in ("daifugo", "schwimmen", "cool24"):
        assert (ROOT / "games" / game / "web" / f"{game}.js").is_file()
    # the page's own style sheet has no rule of a game's (each game's is its web/<game>.css)
    css = (static / "app.css").read_text(encoding="utf-8")
    assert [g for g in games if re.search(rf"[.#]{g}\b|\b{g}\.js", css)] == []
    assert not re.search(r"\.(sw|cl)-", css)  # Schwimmen's and COOL's own classes
