"""People play at `games serve`'s tables on their phones: headless Chromium (Debian's chromium
and chromedriver, as tests/test_web_browser.py), one browser per phone (its own profile, so its
own localStorage), driven through the page as a person taps it; `games serve` (its Serve, no
window) runs in a thread of the test on loopback with the real hub.
"""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from phone_pages import (
    PhoneWindow,
    grab_path,
    have_chromium,
    keep_grab,
    phone_size,
    wait_for,
)
from selenium.webdriver.support.ui import Select

from games.web.command import Serve, plan

CONFIG = """
[event]
language = "{language}"
[games_web]
daifugo_rooms = {daifugo}
daifugo_seats = 5
schwimmen_tables = {schwimmen}
schwimmen_seats = 5
cool24_tables = {cool24}
cpu_level = "easy"
cpu_workers = 1
{per_address}
"""
# cpu_workers: one worker process for the CPUs' choices (the pool as at an event), not the two a
# two-core laptop gets by default: each is a Python started and the games imported, per server

# Every phone of a test is a browser on one address (loopback), where at an event each phone has
# its own. Five or six browsers hold about 7 connections each, past the 32 one address may hold:
# the guard then closed the last phone's script requests unanswered and its page stayed blank
# ("tapping #name" timed out), whenever the earlier phones' kept-alive connections were not yet
# swept. The guard's cap is tested on its own (tests/test_webguard_*.py).
PER_ADDRESS = "connections_per_address = 200"


class GamesServe:
    """`games serve --no-window` in a thread of this process: its hub and server at hand.
    `schwimmen`: True or a count of Schwimmen tables (schwimmen-1, -2, ...)."""

    def __init__(
        self,
        folder: Path,
        *,
        daifugo: bool = True,
        schwimmen: bool | int = False,
        cool24: bool = False,
        language: str = "ja",
        seed: int = 3,
        turn_seconds: int = 0,
    ) -> None:
        config = folder / "config.toml"
        config.write_text(
            CONFIG.format(
                language=language,
                daifugo='["beginner"]' if daifugo else "[]",
                schwimmen=int(schwimmen),  # True: one table
                cool24=1 if cool24 else 0,
                per_address=PER_ADDRESS,
            ),
            encoding="utf-8",
        )
        args = ["--config", str(config), "--port", "0", "--bind", "127.0.0.1"]  # any free port
        args += ["--data-dir", str(folder / "data"), "--seed", str(seed)]
        args += ["--turn-seconds", str(turn_seconds)]
        args += ["--no-window"]
        self.serve = Serve(plan(args))
        self.serve.hub.cpu_delay = 0.15  # CPUs quicker than at an event: the test's phones follow
        self.serve.hub.advance_pause = 0.3
        self.hub = self.serve.hub
        self._thread = self.serve.thread()
        assert self.serve.ready.wait(60), "games serve did not start listening in 60 s"
        if self.serve.error is not None:
            raise self.serve.error
        assert self.serve.port  # the port it got
        self.port: int = self.serve.port

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def stop(self) -> None:
        self.serve.stop()
        self._thread.join(20)

    def balance(self, name: str) -> int:
        return int(self.hub.balance(name))

    def on_loop(self, fn: Callable[[], Any]) -> Any:
        """`fn()` run in the server's loop (where the hub lives), waited for; what it returns
        (what it raised, raised here)."""
        done = threading.Event()
        out: list[Any] = []
        failed: list[BaseException] = []

        def run() -> None:
            try:
                out.append(fn())
            except BaseException as exc:  # said in the test's thread
                failed.append(exc)
            finally:
                done.set()

        self.serve.call(run)
        assert done.wait(20), "the server's loop did not run the step"
        if failed:
            raise failed[0]
        return out[0]

    def load_game(self, room_id: str, make: Callable[[Any], Any]) -> int:
        """The room's game goes on from `make(the game now)` (a set position), in the server's
        loop: a new step with no last move, every phone told. Returns the room's new step."""

        def put() -> int:
            room = self.hub.rooms[room_id]
            room.table.load(make(room.table.game))
            room.step += 1
            room.last = None
            self.hub._changed(room)
            return int(room.step)

        return self.on_loop(put)

    def set_clock(self, to: float) -> None:
        """The hub's timer clock (turns' deadlines, held seats) reads `to` from now on, until
        set again (`to` on time.monotonic's scale, the hub's own): a turn's or a hold's end
        is reached without sitting through it, and nothing is due by the real time passing."""
        self.hub.timer.clock = lambda: to

    def run_out_turns(self) -> None:
        """Every person's turn armed so far runs out at the timer's next look (every 0.25 s),
        as if its `turn_seconds` had passed: the timer's clock runs on from a turn's length
        ahead (a turn armed from now on gets its whole time again)."""
        ahead = self.hub.options.turn_seconds + 1
        self.hub.timer.clock = lambda: time.monotonic() + ahead


def _displayed_atom() -> str:
    """Selenium's own isDisplayed atom (what WebElement.is_displayed runs in the page)."""
    from selenium.webdriver.remote import webelement

    if webelement.isDisplayed_js is None:
        webelement._load_js()
    return str(webelement.isDisplayed_js)


# A finger's tap in one WebDriver round trip (WebDriver's own click took two more, and its wait
# after every click was most of a browser game's time): the first element `selector` names that
# WebDriver's isDisplayed calls shown, enabled (WebDriver's is_enabled of a form control), is
# brought to the screen's middle, as a thumb brings it clear of the sticky action bar; then, as
# WebDriver's click checks, the element at its centre must be it or inside it (else "covered":
# something lies over it, the tap is tried again), and it is focused and clicked there.
TAP = f"""
const shown = {_displayed_atom()};
const target = [...document.querySelectorAll(arguments[0])].find((e) => shown(e));
if (!target || target.matches(":disabled")) return "missing";
target.scrollIntoView({{block: "center"}});
const r = target.getBoundingClientRect();
const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
if (!hit || !(hit === target || target.contains(hit))) return "covered";
target.focus({{preventScroll: true}});
target.click();
return "tapped";
"""
ANY_SHOWN = f"""
const shown = {_displayed_atom()};
return [...document.querySelectorAll(arguments[0])].some((e) => shown(e));
"""


class Phone:
    """One phone: a browser of its own at 375 x 667, its page and what it has been sent.
    `before`: scripts run in every page of this phone before the page's own (Chromium's
    Page.addScriptToEvaluateOnNewDocument)."""

    def __init__(
        self,
        folder: Path,
        url: str,
        width: int = 375,
        height: int = 667,
        *,
        before: tuple[str, ...] = (),
    ) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        self.window = PhoneWindow()  # a browser of its own: a user context in the shared one
        for script in before:
            self.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": script})
        phone_size(self.driver, width, height)
        self.url = url
        self.driver.get(url)
        self.acted: Any = None  # the table step this phone last acted on

    @property
    def driver(self) -> Any:
        return self.window.driver

    def quit(self) -> None:
        self.window.close()

    def js(self, script: str, *args: Any) -> Any:
        return self.driver.execute_script(script, *args)

    def state(self, key: str) -> Any:
        return self.js(f"return window.gamesState && window.gamesState.{key}")

    def received(self, kind: str) -> list[dict]:
        return self.js("return window.received.filter((m) => m.type === arguments[0])", kind)

    def css(self, selector: str):
        from selenium.webdriver.common.by import By

        return self.driver.find_elements(By.CSS_SELECTOR, selector)

    def click(self, selector: str, timeout: float = 10.0) -> None:
        """Tap the first shown element `selector` names, as a finger: found, checked shown and
        enabled, brought to the screen's middle, and clicked at its centre when nothing lies
        over it there (`TAP`, one script); tried again until then (the page re-rendering, or
        still settling under the bar)."""
        wait_for(lambda: self.js(TAP, selector) == "tapped", timeout, f"tapping {selector}")

    def visible(self, selector: str) -> bool:
        """Some element `selector` names is shown (WebDriver's isDisplayed, in one script)."""
        return bool(self.js(ANY_SHOWN, selector))

    # ------------------------------------------------------------------ a person's taps
    def join(self, name: str) -> None:
        # upper bounds, not pauses: five browsers on a busy machine's two cores can take a while
        # (the first page of a freshly started games serve once took over 10 s to show #name)
        self.click("#name", timeout=60)
        self.css("#name")[0].send_keys(name)
        self.click("#join_button", timeout=60)
        wait_for(lambda: self.state("token"), 60, f"{name} joined")
        wait_for(lambda: self.visible(".room-card"), 60, "the rooms")

    def sit(self, room: str) -> None:
        self.click(f'.room-card[data-room="{room}"] button[data-op="sit"]')
        wait_for(lambda: (self.state("room") or {}).get("role") == "seated", 15, "seated")

    def watch(self, room: str) -> None:
        self.click(f'.room-card[data-room="{room}"] button[data-op="watch"]')
        wait_for(lambda: (self.state("room") or {}).get("role") == "spectator", 15, "watching")

    def table(self) -> dict | None:
        return self.state("table")

    def cards(self, selector: str) -> list[str]:
        """The cards `selector` shows, read in one go (the page re-renders on every message)."""
        return self.js(
            "return [...document.querySelectorAll(arguments[0])].map((e) => e.dataset.card)",
            selector,
        )

    def hand(self) -> list[str]:
        return self.cards("#hand .card")

    def text(self, selector: str) -> str:
        return self.js(
            "const e = document.querySelector(arguments[0]); return e ? e.innerText : ''", selector
        )

    def tap_cards(self, cards: list[str]) -> None:
        hand = self.hand()
        for card in cards:
            assert card in hand, f"{card} is not in the hand shown ({hand})"
            self.click(f'#hand .card[data-card="{card}"]:not(.selected)')

    def press(self, op: str) -> None:
        self.click(f'#actions button[data-op="{op}"]')

    def daifugo(self, action: str) -> None:
        """Carry out a Daifugō `action` (a text of `legal`) by tapping as a person would."""
        if action.startswith("give "):
            self.tap_cards([w.split("=")[0] for w in action.split()[1:]])
            self.press("give")
        elif action == "pass":
            self.press("pass")
        else:
            self.tap_cards([w.split("=")[0] for w in action.split()])
            self.press("play")
            if self.visible("#choice_panel"):
                self.click(f'#choice_list button[data-action="{action}"]')

    def schwimmen(self, action: str) -> None:
        """Carry out a Schwimmen `action`: a swap taps the two cards, a word its button."""
        words = action.split()
        if words[0] == "swap" and len(words) == 3:
            self.click(f'#hand .card[data-card="{words[1]}"]:not(.selected)')
            self.click(f'#table_cards .card[data-card="{words[2]}"]:not(.selected)')
            self.press("swap")
        else:
            self.press(action.replace(" ", "_"))


def daifugo_choice(table: dict) -> str:
    """A person's action: the play of the most cards (so games end), else pass or a gift."""
    legal = table["legal"]
    plays = [a for a in legal if a != "pass"]
    if not plays:
        return "pass"
    return max(plays, key=lambda a: (len(a.split()), -legal.index(a)))


def screenshot(phone: Phone, name: str) -> Path:
    """The phone's screen in tests/output/`name` (see phone_pages.keep_grab)."""
    path = grab_path(name)
    phone.driver.execute_async_script(  # two frames: what was rendered is painted
        "const done = arguments[0]; requestAnimationFrame(() => requestAnimationFrame(done));"
    )
    phone.driver.save_screenshot(str(path))
    keep_grab(path)
    return path


# ---------------------------------------------------------------------- the tests

pytestmark = pytest.mark.skipif(not have_chromium(), reason="needs Debian's chromium")

ROOM = "daifugo-beginner"
LONG = "ちかちゃんはトランプがだいすき"  # 15 characters: the hub takes up to 16
WIDTHS = (320, 360, 375, 390, 412, 430)
LABELS = """
// every card's labels (rank, suit) inside the card's border: a label wider than its card
// (JOKER on a 44 px card) spills over both edges while the card's own box stays whole
const outsideCards = () => [...document.querySelectorAll(".card")]
  .filter((c) => c.offsetParent !== null)
  .flatMap((c) => { const r = c.getBoundingClientRect();
    const inner = {left: r.left + c.clientLeft, top: r.top + c.clientTop};
    inner.right = inner.left + c.clientWidth; inner.bottom = inner.top + c.clientHeight;
    return [...c.children].filter((e) => { const b = e.getBoundingClientRect();
        return b.left < inner.left - 0.5 || b.right > inner.right + 0.5
            || b.top < inner.top - 0.5 || b.bottom > inner.bottom + 0.5; })
      .map((e) => c.className + " " + c.dataset.card + ": " + e.className + " " + e.textContent
                  + " " + Math.round(e.getBoundingClientRect().width) + " px in " + c.clientWidth); });
"""
MEASURE = (
    LABELS
    + """
const box = (e) => { const r = e.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return {left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width,
          height: r.height, hit: !!hit && e.contains(hit)}; };
const shown = (e) => e.offsetParent !== null;
// text cut: wider than its box, or taller and not a list that scrolls (Daifugō's trick log
// scrolls by design, its newest line in sight: what is above is a swipe away, not cut)
const scrolls = (e) => ["auto", "scroll"].includes(getComputedStyle(e).overflowY);
const clipped = [...document.querySelectorAll(
    "#bar *, .room-bar *, .player *, #status, #field *, #actions button, .results td, .results th")]
  .filter((e) => shown(e) && getComputedStyle(e).overflow !== "visible"
                 && (e.scrollWidth > e.clientWidth + 1 || (e.scrollHeight > e.clientHeight + 1 && !scrolls(e))))
  .map((e) => e.className + ": " + e.textContent);
const outside = [...document.querySelectorAll("main *, .sheet *")]
  .filter((e) => shown(e) && e.getBoundingClientRect().width > 0)
  .filter((e) => { const r = e.getBoundingClientRect(); return r.left < -0.5 || r.right > window.innerWidth + 0.5; })
  .map((e) => e.tagName + "." + e.className + ": " + e.textContent.slice(0, 40));
return {width: window.innerWidth, height: window.innerHeight,
        scroll: document.documentElement.scrollWidth, clipped, outside, labels: outsideCards(),
        cards: [...document.querySelectorAll(arguments[0])].map(box),
        buttons: [...document.querySelectorAll('#actions button')].map(box)};
"""
)


def measure_hand(phone: Phone, cards: str | None = "#hand .card") -> dict[int, int]:
    """At each phone width: nothing wider than the screen, no text cut, every card and button
    whole, on screen, at least 36 x 48 px and the top element at its centre. Cards per width."""
    counts = {}
    for width in WIDTHS:
        phone_size(phone.driver, width, 740)
        phone.js("window.dispatchEvent(new Event('resize'))")
        m = phone.js(MEASURE, cards or "#none")
        assert m["width"] == width and m["scroll"] <= width, (width, m["scroll"])
        assert not m["clipped"] and not m["outside"], (width, m["clipped"], m["outside"])
        assert not m["labels"], (width, m["labels"])
        if cards is None:  # a page without cards (the results): whole and on screen is all
            continue
        assert m["cards"], f"no cards shown at {width} px"
        for what, boxes in (("card", m["cards"]), ("button", m["buttons"])):
            for b in boxes:
                where = f"{what} at {width} px: {b}"
                assert b["left"] >= 0 and b["right"] <= width and b["top"] >= 0, where
                assert b["bottom"] <= m["height"], where
                assert b["width"] >= 36 and b["height"] >= 48 and b["hit"], where
        counts[width] = len(m["cards"])
    phone_size(phone.driver, 375, 667)
    phone.js("window.dispatchEvent(new Event('resize'))")
    return counts


@pytest.mark.browser
def test_every_card_label_fits_inside_its_card(tmp_path):
    """Each of the 53 cards, as the hand, the field (small) and a Schwimmen table draw it: its
    rank and suit inside the card's border at 320 px (the joker's label too)."""
    server = GamesServe(tmp_path)
    phone = Phone(tmp_path / "phone", server.url, width=320)
    try:
        wait_for(lambda: phone.js("return !!window.Cards"), 20, "the page's scripts")
        codes = [r + s for s in "SHDC" for r in "2 3 4 5 6 7 8 9 10 J Q K A".split()] + ["JK"]
        phone.js(
            """const codes = arguments[0];
            const add = (parent, cls, small) => { const d = document.createElement("div");
              d.className = cls; parent.appendChild(d);
              codes.forEach((c) => d.appendChild(Cards.cardElement(c, small))); return d; };
            const main = document.querySelector("main") || document.body;
            add(main, "hand", false);
            add(add(main, "field", false), "cards", true);
            add(add(main, "schwimmen", false), "hand", false);""",
            codes,
        )
        shown = phone.js("return [...document.querySelectorAll('.card')].length")
        assert shown >= 3 * len(codes)
        assert phone.js(LABELS + "return outsideCards();") == []
    finally:
        phone.quit()
        server.stop()


# `play`'s look at a phone: its table when it is its turn with something to play at a step it
# has not acted on (`arguments`: the game and step it last acted on), else null; the table
# crosses WebDriver only when there is a turn to take, not on every look
MY_TURN = """
const t = window.gamesState && window.gamesState.table;
if (!t || !t.your_turn || !t.legal || !t.legal.length) return null;
if (t.game_no === arguments[0] && t.step === arguments[1]) return null;
return t;
"""


def play(phones: list[Phone], until, hook=None, choice=daifugo_choice, timeout: float = 240):
    """Each phone whose turn it is acts (as `choice` says) until `until()`; `hook(phone,
    table)` may act first on a turn (True: it took the turn itself). `until` is asked when no
    phone had a turn to take in a look round the phones (a turn taken: the game goes on), so
    its reads are not paid on every move."""

    def step() -> bool:
        took = False
        for phone in phones:
            t = phone.js(MY_TURN, *(phone.acted or (None, None)))
            if t is None:  # not its turn, nothing to play, or a step it has acted on
                continue
            took = True
            if hook is not None and hook(phone, t):
                continue
            phone.acted = (t["game_no"], t["step"])
            action = choice(t)
            if "coins" in ((t["view"] or {}).get("observation") or t["view"] or {}):
                phone.schwimmen(action)
            else:
                phone.daifugo(action)
        return not took and bool(until())

    wait_for(step, timeout, "the game played on the phones")


def results_of(phone: Phone, game_no: int) -> dict | None:
    done = [m for m in phone.received("results") if m["game_no"] == game_no]
    return done[-1] if done else None


def observation(table: dict) -> dict:
    view = table.get("view") or {}
    return view.get("observation") or view


def refused_play(phone: Phone, t: dict) -> dict | None:
    """The phone taps a card no single play allows and 出す: the table's refusal is shown in
    its words and nothing is played (None: every card of the hand plays now)."""
    single = {x for x in t["legal"] if " " not in x}
    wrong = next((card for card in phone.hand() if card not in single), None)
    if wrong is None:
        return None
    phone.tap_cards([wrong])
    phone.press("play")
    wait_for(lambda: phone.received("refused"), 10, "the refusal sent")
    refused = phone.received("refused")[-1]
    wait_for(lambda: phone.visible("#notice"), 10, "the refusal shown")
    shown = phone.text("#notice")
    assert refused["op"] == "act" and refused["text"] == shown, (refused, shown)
    assert refused["code"] not in ("bad_message", "too_fast", "not_your_turn")
    assert wrong in phone.hand()  # nothing was played
    phone.click(f'#hand .card[data-card="{wrong}"].selected')  # taken back
    return refused


def reload_keeps_the_seat(phone: Phone) -> list[str]:
    """The page reloaded: the same token, seat and hand come back (its localStorage)."""
    before, token, seat = phone.hand(), phone.state("token"), phone.table()["seat"]
    phone.driver.refresh()
    wait_for(lambda: phone.hand() == before, 20, "the same hand after a reload")
    assert phone.state("token") == token and phone.table()["seat"] == seat
    return before


def leave_watch_and_peek(leaver: Phone, other: Phone, room: str, seat: int) -> dict:
    """`leaver` leaves mid-game (confirming), watches the room and taps `other`'s seat: it sees
    exactly the hand `other`'s phone shows. Its `left` message."""
    leaver.click("#leave_button")
    leaver.click("#confirm_yes")
    wait_for(lambda: leaver.received("left"), 10, "left the room")
    leaver.watch(room)
    leaver.click(f'#players .player[data-seat="{seat}"]')
    wait_for(lambda: leaver.visible("#peek .card"), 10, "the hand shown to the spectator")
    assert leaver.cards("#peek .card") == other.hand()
    return leaver.received("left")[-1]


# game 2's set position: four cards each, passed by the titles of game 1 as after a deal; no
# 2, joker, 8 or 3 (no forbidden finish to confirm, no 8切り), no four of a kind (no revolution)
GAME_TWO = [
    ["4S", "4H", "9S", "QD"],
    ["5S", "5H", "10S", "KD"],
    ["6S", "6H", "9H", "QH"],
    ["7S", "7H", "10H", "KS"],
    ["9D", "10D", "QC", "KH"],
]


def passing_phone(phones: list[Phone], game_no: int) -> Phone | None:
    """The phone choosing the cards it passes in game `game_no` now, if any."""
    for phone in phones:
        t = phone.table() or {}
        if t.get("game_no") == game_no and t.get("your_turn"):
            if observation(t).get("phase") == "exchange":
                return phone
    return None


def set_position(serve: GamesServe, room_id: str, hands: list[list[str]], first: int = 0) -> None:
    """The Daifugō room's game goes on from `hands` (its own rules), `first` to move, in the
    server's loop; every phone told. Its results count as a game's: the next deal's titles."""
    from games.daifugo.game import Game

    serve.load_game(room_id, lambda game: Game.new(rules=game.rules, hands=hands, first=first))


@pytest.mark.browser
@pytest.mark.timeout(360)  # two set games through three browsers (22 s here, load 6)
def test_three_phones_and_two_cpus_play_daifugo_to_the_results(tmp_path):
    serve = GamesServe(tmp_path, seed=12)
    # the CPUs move and the tricks clear at once: every check here is made on a phone's own
    # turn (the game waits for its person), none on a CPU's move as it is shown
    serve.hub.cpu_delay = 0
    serve.hub.advance_pause = 0
    phones: list[Phone] = []
    try:
        for name in ("あや", "ben", LONG):
            phone = Phone(tmp_path / f"phone-{len(phones)}", serve.url)
            phone.join(name)
            if not phones:
                measure_hand(phone, None)  # the rooms' list, whole at every width
            phone.sit(ROOM)
            phones.append(phone)
        a, b, c = phones
        assert not b.visible("#start_button") and not c.visible("#start_button")  # a hosts
        assert "あや" in b.text("#waiting_note")
        a.click("#start_button")
        for phone in phones:
            wait_for(
                lambda p=phone: (p.table() or {}).get("game_no") == 1 and p.hand(), 30, "dealt"
            )
        hands = [set(p.hand()) for p in phones]
        assert not (hands[0] & hands[1] or hands[0] & hands[2] or hands[1] & hands[2])
        assert set(measure_hand(a).values()) == {len(hands[0])}
        seat = {p: p.table()["seat"] for p in phones}
        assert [seat[p] for p in phones] == [0, 1, 2]
        # game 1 goes on from a set position (the dealt game's moves were many taps for three
        # checks): b leads four 5s, a revolution; a, on its first turn over a lead, holds kings a
        # single cannot play in the revolution (the refusal); b has turns past step 6 (the reload)
        set_position(
            serve,
            ROOM,
            [
                ["KS", "KH", "QS", "6C", "7C"],
                ["5S", "5H", "5D", "5C", "9H", "10S", "4D"],
                ["6H", "7H", "QD"],
                ["6S", "9C", "KD"],
                ["7D", "10C", "QC"],
            ],
            first=1,
        )
        wait_for(lambda: len(a.hand()) == 5 and len(b.hand()) == 7, 20, "the set position")
        done: dict = {"refused": None, "reloaded": None, "revolution": None}

        def revolution(phone: Phone, t: dict) -> None:
            if observation(t).get("revolution") and not done.get("revolution"):
                assert "革命" in phone.text("#field")  # the field says so
                done["revolution"] = t["game_no"]

        def game_one(phone: Phone, t: dict) -> bool:
            revolution(phone, t)
            obs = observation(t)
            if phone is a and done["refused"] is None and obs.get("top"):
                done["refused"] = refused_play(phone, t)
                return done["refused"] is not None
            if phone is b and done["reloaded"] is None and t["step"] >= 6:
                screenshot(phone, "games_phone_play.png")
                done["reloaded"] = reload_keeps_the_seat(phone)
                return True
            return False

        play(phones, lambda: all(results_of(p, 1) for p in phones), game_one)
        assert done["refused"] and done["reloaded"]
        first = results_of(a, 1)
        assert sorted(first["places"]) == [1, 2, 3, 4, 5]
        for phone in phones:
            wait_for(lambda p=phone: p.visible("#results_panel"), 10, "the results shown")
            phone.click("#results_panel .close")

        # game 2: the titles of game 1 pass cards, ちか leaves mid-game and then watches
        wait_for(lambda: a.visible("#start_button"), 20, "the next game may start")
        a.click("#start_button")

        # the dealt hand's card passing, whole at every width; then game 2 goes on from a set
        # position passing cards by the same titles (short hands: the dealt game's play was
        # many taps for the checks below, which need a passing, a leaver and the results)
        from games.daifugo.game import Game

        dealt = wait_for(lambda: passing_phone(phones, 2), 30, "a phone's card passing, game 2")
        measure_hand(dealt)
        screenshot(dealt, "games_phone_passing.png")
        serve.load_game(
            ROOM,
            lambda game: Game.new(
                rules=game.rules, hands=GAME_TWO, first=game.first, ranks=game.ranks,
                card_passing=True,
            ),
        )  # fmt: skip
        state = {"passing": [], "left": None}

        def game_two(phone: Phone, t: dict) -> bool:
            revolution(phone, t)
            obs = observation(t)
            if obs.get("phase") == "exchange" and t["seat"] not in state["passing"]:
                state["passing"].append(t["seat"])
                return False
            if phone is c and state["left"] is None and obs.get("phase") == "play":
                state["left"] = leave_watch_and_peek(c, a, ROOM, seat[a])
                measure_hand(c, None)  # the long name and the seats' lines whole at every width
                screenshot(c, "games_phone_spectator.png")
                return True
            return False

        play(phones, lambda: results_of(a, 2) and results_of(b, 2), game_two)
        second = results_of(a, 2)
        assert done.get("revolution"), "no revolution was seen on a phone"
        assert state["passing"], "no phone passed cards"
        assert state["left"] is not None
        penalties = [m["penalty"] for m in c.received("left")]
        assert penalties == [100]  # the base fee of 初級, once
        assert second["penalties"] == {str(seat[c]): 100}
        assert seat[c] in second["left"]
        assert serve.balance(LONG) == second["balances"][seat[c]]
        wait_for(lambda: a.visible("#results_panel"), 10, "the results shown")
        measure_hand(a, None)
        screenshot(a, "games_phone_results.png")
        rows = a.js(
            "return [...document.querySelectorAll('#results_table tr[data-seat]')].map((e) => e.innerText)"
        )
        assert len(rows) == 5 and all(r.strip() for r in rows)
        # between games the spectator takes a free seat again for the next one
        c.click("#results_panel .close")
        c.click("#sit_button")
        wait_for(lambda: (c.state("room") or {}).get("role") == "seated", 10, "seated again")
    finally:
        for phone in phones:
            phone.quit()
        serve.stop()


TABLE = "schwimmen-1"


def schwimmen_choice(table: dict) -> str:
    """A person's action: knock when the rules allow (rounds end), else the first swap."""
    legal = table["legal"]
    for word in ("knock", "keep", "next round"):
        if word in legal:
            return word
    return legal[0]


VIBRATE = """
window.vibrations = [];
Object.defineProperty(navigator, "vibrate", {
  configurable: true, value: (pattern) => { window.vibrations.push(pattern); return true; } });
"""


def _drop_sockets(server) -> None:
    """In the server's loop: every phone's socket cut, as a dropped Wi-Fi does."""
    for client in list(server.clients):
        transport = client.ws._req.transport if client.ws._req is not None else None
        if transport is not None:
            transport.abort()


@pytest.mark.browser
def test_a_turn_vibrates_shows_its_timer_and_a_cpu_moves_when_it_runs_out(tmp_path):
    serve = GamesServe(tmp_path, daifugo=False, schwimmen=True, turn_seconds=8)
    phone = Phone(tmp_path / "phone", serve.url)
    try:
        phone.join("あや")
        phone.sit(TABLE)
        phone.js(VIBRATE)
        phone.click("#rules_button")
        lines = phone.js(
            "return [...document.querySelectorAll('#rules_lines li')].map((e) => e.innerText)"
        )
        assert lines and lines == phone.state("room")["rules"]["lines"]
        phone.click("#rules_panel .close")
        Select(phone.css("#level")[0]).select_by_value("strong")  # the host's choice of CPUs
        wait_for(lambda: phone.state("lobby")["rooms"][0]["cpu_level"] == "strong", 10, "CPU level")
        phone.click("#start_button")
        wait_for(lambda: (phone.table() or {}).get("your_turn"), 30, "the phone's turn")
        turn = phone.table()
        assert 0 < turn["deadline"] <= 8
        status = wait_for(lambda: phone.text("#status"), 5, "the status")
        assert re.search(r"残り [1-8] 秒", status), status
        assert phone.js("return window.vibrations").count(200) == 1  # the turn, once
        # a dropped connection (Wi-Fi, a locked screen) comes back by itself to the same hand
        hand = phone.hand()
        hellos = len(phone.received("hello"))
        serve.serve.call(_drop_sockets, serve.serve.server)
        wait_for(lambda: len(phone.received("hello")) > hellos, 20, "the page reconnected")
        wait_for(lambda: phone.hand() == hand, 10, "the same hand after reconnecting")
        # nobody taps: when the timer runs out a CPU moves for the seat and the game goes on;
        # the hub's clock is moved past the deadline (the 8 s were room for the reconnection
        # on a busy machine, not something to sit through)
        real = serve.hub.timer.clock
        serve.hub.timer.clock = lambda: real() + 8
        wait_for(
            lambda: any(
                m["game_no"] == 1 and m["step"] > turn["step"] and m["last"]["seat"] == turn["seat"]
                for m in phone.received("table")
                if m.get("last")
            ),
            20,
            "a CPU's move for the sleeping phone",
        )
    finally:
        phone.quit()
        serve.stop()
