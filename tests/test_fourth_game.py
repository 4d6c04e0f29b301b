"""The fourth game (issue 42): Sticks ships only in tests/extra_games and registers as a game
outside the repo would, by its own dist-info's ``eventkit.games`` entry point (pyproject's pytest
``pythonpath`` puts it on sys.path; nothing else names it). The hub seats it and a restart
mid-game restores it (tests/test_games_web_registry.py, over every registered game, as
test_game_protocol.py and test_table_protocol.py are); here: the registry found it by the entry
point, the games menu lists it, and a Qt window plays it to the results."""

from __future__ import annotations

import importlib.metadata
from pathlib import Path

from PySide6.QtWidgets import QPushButton

from games.common import registry

EXTRA = Path(__file__).resolve().parent / "extra_games"


def test_sticks_is_registered_by_its_distributions_entry_point_only():
    found = [ep for ep in importlib.metadata.entry_points(group=registry.ENTRY_POINT_GROUP)
             if ep.name == "sticks"]  # fmt: skip
    assert len(found) == 1 and found[0].dist is not None
    assert found[0].dist.name == "sticks-game" and found[0].value == "sticks.registration:ENTRY"
    assert ("sticks-game", "sticks", "sticks.registration:ENTRY") in registry.declared()
    entry = registry.entry("sticks")
    assert entry.engine.info.name == "sticks" and entry.phone_script is not None
    assert entry.phone_script.is_relative_to(EXTRA) and entry.phone_script.is_file()
    games = EXTRA.parent.parent / "games"  # the toolkit's code never names it
    assert [p for p in games.rglob("*.py") if "sticks" in p.read_text("utf-8").lower()] == []


def test_the_games_menu_lists_it(qtbot):
    from games.cli import game_names
    from games.menu import GamesMenu

    menu = GamesMenu(None, "en")
    qtbot.addWidget(menu)
    assert "sticks" in game_names() and menu.buttons["sticks"].text() == "Sticks"


def test_a_qt_window_plays_it_to_the_results(qtbot):
    from sticks.game import TableSession

    from games.common.qt.table_window import TableWindow

    table = TableSession(players=2, people={0}, seed=4, language="en", cpu_levels=("easy",))
    window = TableWindow(table, "Sticks", cpu_ms=0)
    qtbot.addWidget(window)
    window.show()
    clicks = 0
    while table.in_game:
        qtbot.waitUntil(lambda: not table.in_game or table.to_move == 0, timeout=10_000)
        if not table.in_game:
            break
        buttons = [b for b in window.findChildren(QPushButton) if b.text().startswith("take")]
        assert buttons and "pile" in window.seen.text()
        buttons[0].click()
        clicks += 1
    results = table.results()
    assert results is not None and clicks >= 3  # the person moved many times
    assert ("#1" in window.notice.text()) and ("#2" in window.notice.text())
    qtbot.waitUntil(lambda: any(b.text() == "Next game" for b in window.findChildren(QPushButton)))
