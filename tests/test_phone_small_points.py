"""Issue 43's small points on the phone pages (its "Why" 10), each where it could fail, in
headless Chromium at 320 px: English without full-width brackets and with one card singular,
the room's name whole (「Intermediate room」 beside Rules and Leave), Rules / Leave at least
44 px high, the leave dialog's primary and focused button is to stay, no code banner over the
page, a refusal cleared by the next valid play; bingo's verdict never breaks as
「ビンゴ! 4 / マスつながりました」.

Grabs: tests/output/small_*.png.
"""

from __future__ import annotations

import re

import pytest
import test_games_web_browser
from phone_pages import (
    PhoneServer,
    PhoneWindow,
    card_from_order,
    have_chromium,
    phone_size,
    wait_for,
    write_config,
)
from test_games_web_browser import GamesServe, Phone, screenshot

from games.daifugo.game import Game
from games.daifugo.ruleset import Rules

pytestmark = [
    pytest.mark.skipif(not have_chromium(), reason="needs Debian's chromium"),
    pytest.mark.browser,
    pytest.mark.slow,
]

ROOM = "daifugo-intermediate"
MIN_TARGET = 44

BOXES = """
const box = (id) => { const e = document.getElementById(id); const r = e.getBoundingClientRect();
  return {h: r.height, w: r.width, right: r.right, text: e.innerText,
          whole: e.scrollWidth <= e.clientWidth + 1 && e.scrollHeight <= e.clientHeight + 1}; };
return {title: box('room_title'), rules: box('rules_button'), leave: box('leave_button'),
        width: window.innerWidth, height: window.innerHeight};
"""


def at_position(serve: GamesServe, hands: list[list[str]], first: int = 0) -> None:
    serve.load_game(ROOM, lambda _: Game.new(rules=Rules.preset(1), hands=hands, first=first))


@pytest.mark.parametrize("language", ["ja", "en"])
def test_the_games_pages_small_points(tmp_path, monkeypatch, language):
    intermediate = test_games_web_browser.CONFIG.replace(
        "daifugo_rooms = {daifugo}", 'daifugo_rooms = ["intermediate"]'
    )
    monkeypatch.setattr(test_games_web_browser, "CONFIG", intermediate)
    serve = GamesServe(tmp_path, language=language, turn_seconds=60)
    phone = Phone(tmp_path / "phone", serve.url, width=320, height=640)
    watcher = Phone(tmp_path / "watcher", serve.url, width=320, height=640)
    try:
        phone.join("ben")
        # no banner of the code over the page (the lobby's line says it)
        assert phone.visible("#code_line") and not phone.visible("#notice")
        phone.sit(ROOM)
        boxes = phone.js(BOXES)
        title = boxes["title"]
        label = "中級ルーム" if language == "ja" else "Intermediate room"
        assert title["text"] == label and title["whole"], title
        assert boxes["rules"]["h"] >= MIN_TARGET and boxes["leave"]["h"] >= MIN_TARGET, boxes
        assert boxes["leave"]["right"] <= boxes["width"]
        screenshot(phone, f"small_room_{language}_320.png")
        # the leave dialog: to stay is the primary button, and has the focus
        phone.click("#leave_button")
        wait_for(lambda: phone.visible("#confirm_panel"), 10, "the leave dialog")
        assert "primary" in phone.css("#confirm_stay")[0].get_attribute("class")
        assert "primary" not in (phone.css("#confirm_yes")[0].get_attribute("class") or "")
        assert phone.js("return document.activeElement.id") == "confirm_stay"
        phone.click("#confirm_stay")
        assert (phone.state("room") or {}).get("role") == "seated"
        watcher.join("ちか")
        watcher.watch(ROOM)
        phone.click("#start_button")
        wait_for(lambda: (phone.table() or {}).get("game_no") == 1, 30, "the game dealt")
        hands = [["3S", "KS", "5H"], ["4H"], ["5D", "6D"], ["7C", "9C", "JC"], ["10S", "QS"]]
        at_position(serve, hands)
        wait_for(lambda: sorted(phone.hand()) == ["3S", "5H", "KS"], 20, "the set hand")
        wait_for(lambda: (phone.table() or {}).get("your_turn"), 20, "the phone's lead")
        # one card, two cards: English says "1 card"
        tiles = [phone.text(f'#players .player[data-seat="{s}"] .meta') for s in range(5)]
        if language == "en":
            assert "1 card" in tiles[1] and "1 cards" not in tiles[1], tiles
            assert "2 cards" in tiles[2], tiles
        else:
            assert "1枚" in tiles[1] and "2枚" in tiles[2], tiles
        # the turn's seconds: full-width brackets in Japanese only
        status = wait_for(lambda: re.search(r"\d", phone.text("#status")) and phone.text("#status"),
                          10, "the timer in the status")  # fmt: skip
        if language == "en":
            assert re.fullmatch(r".+ \(\d+ s left\)", status) and "（" not in status, status
        else:
            assert re.fullmatch(r".+（残り \d+ 秒）", status), status
        # a spectator's screen: no banner over its table
        assert not watcher.visible("#notice")
        screenshot(watcher, f"small_spectator_{language}_320.png")
        # a refusal, then a valid play: the refusal goes with it
        phone.tap_cards(["3S", "KS"])
        phone.press("play")
        wait_for(lambda: phone.visible("#notice"), 10, "the refusal")
        step = phone.table()["step"]
        phone.tap_cards(["5H"])
        phone.click('#hand .card[data-card="3S"].selected')  # unselect: 5H and KS left
        phone.click('#hand .card[data-card="KS"].selected')
        phone.press("play")
        wait_for(lambda: phone.table()["step"] > step, 20, "the play taken")
        wait_for(lambda: not phone.visible("#notice"), 5, "the refusal cleared")
        screenshot(phone, f"small_table_{language}_320.png")
    finally:
        phone.quit()
        watcher.quit()
        serve.stop()


LINES = """
const node = document.getElementById('verdict');
const text = node.firstChild;
const range = document.createRange();
const lines = [];
let top = null;
for (let i = 0; i < text.length; i++) {
  range.setStart(text, i); range.setEnd(text, i + 1);
  const box = range.getBoundingClientRect();
  if (box.width === 0) continue;
  if (top === null || box.top > top + 4) { lines.push(''); top = box.top; }
  lines[lines.length - 1] += text.data[i];
}
return lines.map((l) => l.trim());
"""


def test_the_bingo_verdict_keeps_its_count_with_its_words_at_320_px(tmp_path):
    config = write_config(tmp_path, size=5, per_column=15, free_center=True)
    b = config.board
    order = [c * b.numbers_per_column + r for r in range(1, 16) for c in range(b.size)]
    server = PhoneServer(config, tmp_path, card_from_order(config, order))
    window = PhoneWindow()
    driver = window.driver
    try:
        phone_size(driver, 320, 640)
        driver.get(server.card_url())
        for count, number in enumerate(order[:5], start=1):
            server.land(number)
            wait_for(
                lambda count=count: driver.execute_script(
                    "return document.body.dataset.count === arguments[0]", str(count)
                ),
                15,
                f"draw {count} shown",
            )
        wait_for(
            lambda: driver.execute_script(
                "return document.getElementById('verdict').dataset.verdict === 'bingo'"
            ),
            15,
            "the bingo verdict",
        )
        lines = driver.execute_script(LINES)
        joined = "".join(lines).replace("\u00a0", " ")
        assert joined.startswith("ビンゴ!") and "マスつながりました" in joined, lines
        count_line = next(line for line in lines if re.search(r"\d", line))
        assert re.search(r"\d+\s*マス", count_line.replace("\u00a0", " ")), lines
        assert not any(line.startswith(("マス", "た")) for line in lines), lines
    finally:
        window.close()
        server.stop()
