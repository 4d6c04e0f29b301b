"""The layout read from the imports: eventkit <- bingo's core <- cards <- bingo.ui / bingo.web,
eventkit <- games; no game imports bingo or cards, and no module imports itself round a cycle.

Every import counts, also those inside functions (a lazy import is still a dependency)."""

from __future__ import annotations

import ast
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
    runs them first anyway), nor do imports only for type checkers (`if TYPE_CHECKING:`)."""
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
    return graph


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
