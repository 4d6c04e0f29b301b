"""The evening in one command and one link (issue 44), as it runs: a real `bingo draw --serve
--tables` (offscreen, drawing by itself, every port any free one), a phone in Chromium that opens
the one address, finds its card by its code, goes to the card tables, plays a game to the results
(COOL 24+24, one seat), and back to its card; the tables' server killed with -9 comes back by
itself, the phone's name and seat still its own; the draw goes on throughout.

Also the landing page whole and grabbed at 320 and 430 px in both languages (tests/output):
Japanese on the evening's own phone, English at a show of its own.
"""

from __future__ import annotations

import dataclasses
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from phone_pages import grab_path, have_chromium, phone_size, wait_for

from bingo import cardcode
from bingo.config import load_config
from bingo.serve_lock import ServerInfo, running_server, tables_lock_path
from bingo.showlink import shown_path
from cards.registry import write_registry
from tests.served import served

pytestmark = [
    pytest.mark.skipif(not have_chromium(), reason="needs Debian's chromium"),
    pytest.mark.slow,
    pytest.mark.process,
    pytest.mark.browser,
]

CONFIG = """
[event]
title = "one evening {language}"
language = "{language}"
[board]
image_dir = "{img}"
[display]
spin_seconds = 0.3
sound = false
[web]
port = 0
bind = "127.0.0.1"
connections_per_address = 200
[games_web]
data_dir = "{data}"
daifugo_rooms = []
schwimmen_tables = 0
cool24_tables = 1
"""
ROOM = "cool24-1"


def _event(folder: Path, language: str, repo_root: Path):
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "config.toml"
    path.write_text(
        CONFIG.format(
            language=language,
            img=(repo_root / "img").as_posix(),
            data=(folder / "games").as_posix(),
        ),
        encoding="utf-8",
    )
    config = load_config(path)
    from test_web_browser import card_for, seeded_order

    seed = 11
    card = card_for(config, seeded_order(config, seed, folder)[8:], 1)
    registry = folder / "cards.csv"
    write_registry(registry, [card])
    key = cardcode.load_key(config.event.title, create=True)
    return dataclasses.make_dataclass("Event", ["config", "seed", "registry", "code", "journal"])(
        path, seed, registry, cardcode.card_code(key, 1), folder / "show.jsonl"
    )


def _start(event, *extra: str) -> subprocess.Popen:
    argv = [sys.executable, "-m", "bingo", "draw", "--config", str(event.config)]
    argv += ["--journal", str(event.journal), "--registry", str(event.registry)]
    argv += ["--seed", str(event.seed), "--windowed", "--serve", "--tables", *extra]
    errfile = event.journal.with_name("show.err")
    process = subprocess.Popen(
        argv,
        env=dict(os.environ, QT_QPA_PLATFORM="offscreen"),
        stdout=subprocess.DEVNULL,
        stderr=errfile.open("wb"),
        start_new_session=True,  # the show and its servers: one group to end in teardown
    )
    process.errfile = errfile  # type: ignore[attr-defined]
    return process


def _stop(process: subprocess.Popen) -> None:
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    process.wait()


def _tables(journal: Path, show: subprocess.Popen, other_than: int | None = None) -> ServerInfo:
    """The card tables' server once it listens (its `<journal>.tables` says so)."""

    def listening() -> ServerInfo | None:
        if show.poll() is not None:
            raise AssertionError(f"the show stopped: {show.errfile.read_text()[-2000:]}")
        info = running_server(journal, path=tables_lock_path(journal))
        ok = info is not None and info.listening and info.pid not in (None, other_than)
        return info if ok else None

    return wait_for(listening, 90, "the card tables listening")


def _results_closed(phone) -> bool:
    """The results panel (shown again when the phone came back to its seat) closed, as a person
    closes it; True once none shows."""
    if not phone.visible("#results_panel"):
        return True
    _tap_past_results(phone, "#results_panel button.close")
    return False


def _tap_past_results(phone, selector: str) -> bool:
    """Tap `selector` as a person would: the results panel (shown again when the phone came
    back to its seat) closed first."""
    from selenium.common.exceptions import (
        ElementClickInterceptedException,
        StaleElementReferenceException,
    )

    try:
        if phone.visible("#results_panel"):
            phone.css("#results_panel button.close")[0].click()
            return False
        link = phone.css(selector)[0]
        phone.js("arguments[0].scrollIntoView({block: 'center'})", link)
        link.click()
        return True
    except (ElementClickInterceptedException, StaleElementReferenceException, IndexError):
        return False


def _drawn(journal: Path) -> int:
    """How many numbers the room has seen (the show's `.shown`)."""
    import json

    try:
        lines = shown_path(journal).read_text().splitlines()
    except OSError:
        return 0
    return json.loads(lines[-1])["count"] if lines else 0


@pytest.mark.timeout(420)
def test_one_command_one_link_a_card_a_table_a_kill_and_the_draw_goes_on(tmp_path, repo_root):
    from test_games_web_browser import Phone

    event = _event(tmp_path, "ja", repo_root)
    show = _start(event, "--auto", "1.5")
    phone = None
    try:
        port = served(event.journal, 90, show).port  # the one address, the port it got
        tables = _tables(event.journal, show)
        base = f"http://127.0.0.1:{port}"
        shows_nice = os.getpriority(os.PRIO_PROCESS, show.pid)
        for server in (running_server(event.journal), tables):  # the room's reel first
            assert os.getpriority(os.PRIO_PROCESS, server.pid) == min(19, shows_nice + 5)
        phone = Phone(tmp_path / "phone", base + "/", width=390, height=780)
        # the one link: the landing page offers the card, the board, the tables, the scores
        wait_for(lambda: phone.visible("#evening"), 30, "the evening's links")
        assert phone.css('#evening a[href="/tables/"]') and phone.css('#evening a[href="#scores"]')
        assert not phone.visible("#my_card")  # no card opened on this phone yet
        wait_for(lambda: phone.visible("#scores .score-board"), 30, "tonight's high scores")
        # my card, by its code
        phone.click("#code")
        phone.css("#code")[0].send_keys(event.code)
        phone.click('#join button[type="submit"]')
        wait_for(lambda: "/card/" in phone.driver.current_url, 30, "the card page")
        wait_for(lambda: phone.css("#card .cell"), 30, "the card drawn")
        card_url = phone.driver.current_url
        # on to the tables, from the card's own link
        phone.click('#evening a[href="/tables/"]')
        wait_for(lambda: phone.driver.current_url == base + "/tables/", 30, "the tables' page")
        drawn_before = _drawn(event.journal)
        phone.join("あおい")
        phone.sit(ROOM)
        phone.click("#start_button")
        wait_for(lambda: (phone.table() or {}).get("your_turn"), 60, "dealt")
        while (phone.table() or {}).get("view", {}).get("stage") != "over":
            t = phone.table()
            if not t.get("your_turn") or not t.get("legal"):
                time.sleep(0.05)  # the next view is on its way (a browser read: no signal)
                continue
            slot = t["legal"][0].split()[-1]
            phone.click(f'#hand .cl-card[data-slot="{slot}"]')
            wait_for(lambda s=t["step"]: (phone.table() or {}).get("step") != s, 20, "played")
        wait_for(lambda: phone.received("results"), 30, "the results")
        score = phone.received("results")[-1]["returns"][0]
        assert score > 0
        wait_for(lambda: phone.visible("#results_panel"), 30, "the results shown")
        phone.click("#results_panel button.close")
        # the tables' server killed: the show starts it again, the phone comes back to its name
        token = phone.state("token")
        drawn_at_kill = _drawn(event.journal)
        assert drawn_at_kill > drawn_before, "draws landed while the phone played"
        os.kill(tables.pid, signal.SIGKILL)
        killed = time.monotonic()
        again = _tables(event.journal, show, other_than=tables.pid)
        assert time.monotonic() - killed < 30
        hello = len(phone.received("hello"))
        wait_for(lambda: len(phone.received("hello")) > hello, 60, "the phone back at its seat")
        assert phone.state("token") == token and phone.state("name") == "あおい"
        assert again.pid != tables.pid
        assert os.getpriority(os.PRIO_PROCESS, again.pid) == min(19, shows_nice + 5)
        # tonight's high scores, on the landing page; the way back to the card, from the tables
        wait_for(lambda: phone.visible("#bingo_links #my_card_link"), 30, "the link to my card")
        wait_for(lambda: _results_closed(phone), 30, "the results panel closed")
        phone.js("document.getElementById('bingo_links').scrollIntoView({block: 'end'})")
        phone.driver.save_screenshot(str(grab_path("evening_tables_links.png")))
        wait_for(lambda: _tap_past_results(phone, "#bingo_links #my_card_link"), 30, "tapped")
        wait_for(lambda: phone.driver.current_url == card_url, 30, "back on my card")
        wait_for(lambda: phone.css("#card .cell"), 30, "the card drawn again")
        phone.driver.get(base + "/#scores")
        wait_for(lambda: "あおい" in phone.text("#scores"), 30, "the name on the high scores")
        assert f"{score:,}" in phone.text("#scores")
        phone.js("document.getElementById('scores').scrollIntoView()")
        phone.driver.save_screenshot(str(grab_path("evening_scores_after_a_game.png")))
        assert phone.visible("#my_card")  # the landing page now offers this phone's card
        landing_fits(phone.driver, base, "ja")  # its four ways on, whole at 320 and 430 px
        # the draw went on throughout
        wait_for(lambda: _drawn(event.journal) > drawn_at_kill, 60, "a draw after the kill")
        assert show.poll() is None
    finally:
        if phone is not None:
            phone.quit()
        _stop(show)


def landing_fits(driver, base: str, language: str) -> None:
    """The landing page whole at 320 and 430 px for a phone that opened its card: its four
    ways on, none cut or off screen, and tonight's high scores (grabbed in tests/output)."""
    for width in (320, 430):
        phone_size(driver, width, 800)
        driver.get(f"{base}/")
        wait_for(lambda: driver.execute_script(VISIBLE) == 4, 30, "four links")
        wait_for(lambda: driver.execute_script(SCORES), 30, "the high scores")
        cut = driver.execute_script(CUT)
        assert cut == [], (width, cut)
        driver.save_screenshot(str(grab_path(f"evening_landing_{language}_{width}.png")))
        driver.execute_script("document.getElementById('scores').scrollIntoView()")
        driver.save_screenshot(str(grab_path(f"evening_scores_{language}_{width}.png")))


@pytest.mark.timeout(300)
def test_the_landing_page_in_english_at_320_and_430_px(tmp_path, repo_root):
    """The landing page whole at 320 and 430 px in English (Japanese: the evening's test above,
    on its phone with a real card): the evening's links, all four once a card was opened."""
    from phone_pages import PhoneWindow

    event = _event(tmp_path, "en", repo_root)
    show = _start(event)
    window = None
    try:
        port = served(event.journal, 90, show).port
        window = PhoneWindow()
        driver = window.driver
        base = f"http://127.0.0.1:{port}"
        driver.get(f"{base}/")
        wait_for(lambda: driver.execute_script(VISIBLE), 30, "the evening's links")
        driver.execute_script(FAKE_CARD)  # a phone that opened its card: all four links
        landing_fits(driver, base, "en")
    finally:
        if window is not None:
            window.close()
        _stop(show)


FAKE_CARD = "localStorage.setItem('bingo.card', '/card/0001-TEST');"
VISIBLE = """const nav = document.getElementById('evening');
return nav && !nav.hidden ? [...nav.querySelectorAll('a')].filter((a) => !a.hidden).length : 0;"""
SCORES = "return document.querySelectorAll('#score_list > *').length"
CUT = """return [...document.querySelectorAll('#evening a, #scores, #scores *')].filter((e) => {
  const r = e.getBoundingClientRect();
  if (!r.width) return false;
  const small = parseFloat(getComputedStyle(e).fontSize) < 12;
  return small || e.scrollWidth > e.clientWidth + 1 || r.left < 0 || r.right > innerWidth;
}).map((e) => e.id || e.className || e.tagName);"""
