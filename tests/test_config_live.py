"""config.toml tweaked during the evening (issue 41 item 4), for real: files saved as an editor
saves them (a new file renamed over the old), and the show and the phones' server waiting on
what they show, never on the clock.

- the show: a colour, the title and the prizes within 2 s on the projector; the threshold told
  to the host as "next game" and used by the next game; a mistake keeps the running settings,
  the host reads its line and fix, the room nothing;
- the phones: a picture changed keeps its number but gets a new address (its content's hash),
  and a colour reaches the card's feed.
"""

from __future__ import annotations

import asyncio
import json
import shutil
import sys
import time
from pathlib import Path

import pytest
from aiohttp.test_utils import TestClient, TestServer

sys.path.insert(0, str(Path(__file__).parent))
from test_config_changes import save  # as an editor saves
from test_web import KEY, Show, _registry

from bingo import cardcode
from bingo.config import load_config


@pytest.fixture
def event(tmp_path, repo_root) -> Path:
    shutil.copy(repo_root / "config.toml", tmp_path / "config.toml")
    shutil.copytree(repo_root / "img", tmp_path / "img")
    return tmp_path / "config.toml"


def test_the_show_applies_a_save_within_2_s_and_holds_the_board_for_the_next_game(
    event, tmp_path, qtbot, capfd
):
    from bingo.session import DrawSession
    from bingo.ui.configwatch import ConfigWatcher
    from bingo.ui.display import DisplayWindow

    config = load_config(event)
    session = DrawSession.open(config, tmp_path / "show.jsonl", seed=3)
    window = DisplayWindow(session, config, odds_mode="thread", confirm=lambda t, x: True)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    watcher = ConfigWatcher(window, config)
    try:
        window.controller.draw()
        window.controller.land_now()
        # a colour, the title and the prizes: on the projector within 2 s of the save
        save(event, 'fill = ["#ff4b5c"', 'fill = ["#101010"')
        save(event, 'title = "', 'title = "夏の')
        save(event, '# prizes = ["1等', 'prizes = ["1等')
        save(event, "voice_rate = 1.0", "voice_rate = 1.3")
        save(event, "spin_seconds = 3.0", "spin_seconds = 2.0")
        saved_at = time.monotonic()
        qtbot.waitUntil(
            lambda: (
                window.art.config.columns.fill[0] == "#101010"
                and window.config.event.title.startswith("夏の")
                and window.winners_board.prizes[:1] == ("1等 お米 5kg",)
                and window.reel.spin_seconds == 2.0
            ),
            timeout=2000,
        )
        assert time.monotonic() - saved_at < 2.0
        assert window.config.event.title.startswith("夏の")
        assert window.windowTitle().startswith("夏の")
        assert window.odds_panel.config.columns.fill[0] == "#101010"
        assert window.winners_board.prizes[0] == "1等 お米 5kg"
        assert window.voice.rate == 1.3 and window.reel.spin_seconds == 2.0
        assert window.controller.spin_seconds == 2.0
        assert any("columns.fill" in w and "event.title" in w for w in window.warnings)
        # the threshold would change the game under way: told, held, used by the next game
        odds = window.odds
        save(event, "threshold = 4", "threshold = 3")
        qtbot.waitUntil(lambda: watcher.pending is not None, timeout=2000)
        assert window.config.board.threshold == 4 and session.config.board.threshold == 4
        assert window.odds is odds  # the game's odds go on as they were
        said = [w for w in window.warnings if "board.threshold 4 → 3" in w]
        assert len(said) == 1 and "次のゲーム" in said[0]
        # a mistake saved: the running settings stay, the host reads the line and the fix
        save(event, "size = 4", "size = 40")
        qtbot.waitUntil(lambda: any("size = 40" in w for w in window.warnings), timeout=2000)
        mistake = [w for w in window.warnings if "size = 40" in w][0]
        line = 1 + event.read_text("utf-8").splitlines().index("size = 40")
        assert mistake.startswith("config.toml の保存内容に誤りがあるため、今の設定のまま続けます")
        assert f"config.toml の {line} 行目: board.size = 40 は範囲外です。3〜10 に" in mistake
        assert window.config.board.size == 4 and window.art.config.columns.fill[0] == "#101010"
        assert "size = 40" not in window.banner_text + window.notice_text  # not for the room
        assert capfd.readouterr().err.count(mistake) == 1  # one terminal line
        save(event, "size = 40", "size = 4")  # put right again: nothing more to say of it
        # the next game starts with the threshold held for it
        assert window.controller.new_game()
        assert session.config.board.threshold == 3
        assert window.config.board.threshold == 3 and watcher.pending is None
        assert window.odds is not odds and window.odds.config.board.threshold == 3
        assert any(w.startswith("次のゲームに") and "board.threshold" in w for w in window.warnings)
    finally:
        watcher.stop()
        window.close()
        session.close()


def test_a_phones_picture_changes_its_address_with_its_content_and_colours_follow(event, tmp_path):
    from bingo.web.server import WebServer
    from bingo.web.settings import WebSettings

    config = load_config(event)
    journal = tmp_path / "show.jsonl"
    show = Show(config, journal)
    server = WebServer(
        config,
        journal,
        WebSettings(enabled=True),
        registry=_registry(),
        card_key=KEY,
        poll_seconds=0.01,
    )
    show.land(1)
    code = cardcode.card_code(KEY, 7)
    picture = config.image_path(1)
    assert picture is not None

    def first_cell(message: dict) -> dict:
        return message["card"]["rows"][0][0]

    async def scenario() -> None:
        client = TestClient(TestServer(server.app))
        await client.start_server()
        try:
            ws = await client.ws_connect(f"/ws/card/{code}")
            first = json.loads((await ws.receive()).data)
            old = first_cell(first)["image"]
            assert old.startswith("/img/1?v=")
            answer = await client.get(old)
            assert answer.status == 200 and await answer.read() == picture.read_bytes()
            # the host replaces number 1's picture (same name, other bytes): a new address
            fresh = picture.with_name("." + picture.name + ".new")
            fresh.write_bytes(picture.read_bytes() + b"\0")  # another picture's bytes
            fresh.replace(picture)
            message = await until(ws, lambda m: first_cell(m)["image"] != old)
            new = first_cell(message)["image"]
            assert new.startswith("/img/1?v=") and new != old
            assert await (await client.get(new)).read() == picture.read_bytes()
            # a colour saved: the card's feed has it, the board too
            save(event, 'fill = ["#ff4b5c"', 'fill = ["#101010"')
            message = await until(ws, lambda m: m["card"]["columns"][0]["colour"] == "#101010")
            assert message["board"]["columns"][0]["colour"] == "#101010"
            assert first_cell(message)["image"] == new  # the picture as it is: same address
            await ws.close()
        finally:
            await client.close()

    asyncio.run(scenario())
    show.session.close()


async def until(ws, predicate, timeout: float = 5.0) -> dict:
    async with asyncio.timeout(timeout):
        while True:
            message = json.loads((await ws.receive()).data)
            if message.get("type") == "state" and predicate(message):
                return message


def test_a_bigger_board_saved_mid_game_starts_with_the_next_game(event, tmp_path, qtbot):
    from bingo.session import DrawSession
    from bingo.ui.configwatch import ConfigWatcher
    from bingo.ui.display import DisplayWindow

    config = load_config(event)
    session = DrawSession.open(config, tmp_path / "show.jsonl", seed=2)
    window = DisplayWindow(session, config, odds_mode="thread", confirm=lambda t, x: True)
    qtbot.addWidget(window)
    window.show()
    watcher = ConfigWatcher(window, config)
    try:
        window.controller.draw()
        window.controller.land_now()
        save(event, "size = 4", "size = 5")
        save(event, 'names = ["P", "L", "B", "4"]', 'names = ["P", "L", "B", "4", "X"]')
        for key in ("fill", "outline", "shadow"):
            line = next(x for x in event.read_text("utf-8").splitlines() if x.startswith(key))
            save(event, line, line.replace('"]', '", "#123456"]'))
        qtbot.waitUntil(lambda: watcher.pending is not None, timeout=2000)
        assert session.total == 40 and window.config.board.size == 4  # this game as it is
        assert window.controller.new_game()
        assert session.total == 50 and window.config.board.size == 5
        assert window.board.lines == 5 and window.art.config.columns.names[-1] == "X"
        said: list[str] = []
        window.voice.say = said.append  # what the voice is given to say
        for _ in range(8):
            window.controller.draw()
            window.controller.land_now()
        assert len(session.history) == 8 and all(1 <= n <= 50 for n in session.history)
        assert any(n > 40 for n in session.history)  # (seed 2: the new column is drawn)
        assert len(said) == 8  # the voice called each, the new column's numbers too
        window.grab()  # the 5-wide board paints
    finally:
        watcher.stop()
        window.close()
        session.close()
