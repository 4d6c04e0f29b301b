"""The fourth game (issue 42): Sticks ships only in tests/extra_games and registers as a game
outside the repo would, by its own dist-info's ``eventkit.games`` entry point (pyproject's pytest
``pythonpath`` puts it on sys.path; nothing else names it). The hub seats it and a restart
mid-game restores it (tests/test_games_web_registry.py, over every registered game, as
test_game_protocol.py and test_table_protocol.py are); here: the registry found it by the entry
point, the games menu lists it, and a Qt window plays it to the results."""

from __future__ import annotations

import importlib.metadata
from pathlib import Path

import pytest
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


CONFIG = """
[games_web]
daifugo_rooms = []
schwimmen_tables = 0
cool24_tables = 0
sticks_tables = 1
cpu_level = "easy"
"""


@pytest.mark.browser
@pytest.mark.slow
@pytest.mark.timeout(300)
def test_a_phone_plays_it_to_the_results_in_chromium(tmp_path):
    """`games serve` opens its room from its own [games_web] key; the page loads its renderer
    from its package; a phone taps its buttons to the results."""
    from phone_pages import have_chromium, wait_for
    from test_games_web_browser import Phone

    from games.web.command import Serve, plan

    if not have_chromium():
        pytest.skip("needs Debian's chromium")
    (tmp_path / "config.toml").write_text(CONFIG, encoding="utf-8")
    args = ["--config", str(tmp_path / "config.toml"), "--port", "0", "--bind", "127.0.0.1",
            "--data-dir", str(tmp_path / "data"), "--seed", "5", "--no-window"]  # fmt: skip
    serve = Serve(plan(args))
    serve.hub.cpu_delay = serve.hub.advance_pause = 0.1
    thread = serve.thread()
    assert serve.ready.wait(60) and serve.error is None and serve.port
    phone = Phone(tmp_path / "phone", f"http://127.0.0.1:{serve.port}/", width=360, height=640)
    try:
        phone.join("あおい")
        phone.sit("sticks-1")
        wait_for(lambda: phone.visible("#start_button"), 10, "the host's start button")
        phone.click("#start_button")
        taps = 0
        while not phone.received("results"):
            wait_for(lambda: phone.received("results") or (phone.table() or {}).get("your_turn"),
                     30, "the phone's turn or the results")  # fmt: skip
            table = phone.table() or {}
            if phone.received("results") or not table.get("your_turn"):
                continue
            assert "残り" in phone.text("#sk_pile")  # its renderer, in its words
            step = table["step"]
            phone.press("take1")
            wait_for(lambda s=step: (phone.table() or {}).get("step") != s, 20, "the take")
            taps += 1
        results = phone.received("results")[-1]
        assert results["game"] == "sticks" and results["names"][0] == "あおい" and taps >= 2
        wait_for(lambda: phone.visible("#results_panel"), 10, "the results shown")
    finally:
        phone.quit()
        serve.stop()
        thread.join(20)
