"""Helpers for the phone tests: a real journal and `bingo serve`'s WebServer in a thread of the
test process, and headless Chromium (Debian's chromium + chromedriver) sized as a phone.

The server is the real one (aiohttp, the real pages); only the show is replaced by a draw
session and its `.shown` writer, so a test chooses exactly what the room has seen.
"""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import threading
import urllib.error
import urllib.request
from pathlib import Path

from aiohttp import web

from bingo import cardcode
from bingo.config import Config, load_config
from bingo.session import DrawSession
from bingo.showlink import ShownWriter, append_line, claims_path, game_id, verdicts_path
from bingo.web.server import WebServer
from bingo.web.settings import WebSettings
from cards.model import BingoCard

OUTPUT = Path(__file__).resolve().parent / "output"  # git-ignored: a run's grabs
SCREENSHOTS = Path(__file__).resolve().parent.parent / "docs" / "screenshots"  # tracked
SAVE_SCREENSHOTS = "SAVE_SCREENSHOTS"  # =1: a run's grabs also replace the tracked ones


def grab_path(name: str) -> Path:
    """Where a test saves its grab `name`: tests/output (a test run leaves the tree clean)."""
    OUTPUT.mkdir(parents=True, exist_ok=True)
    return OUTPUT / name


def keep_grab(path: Path) -> Path | None:
    """With SAVE_SCREENSHOTS=1, the grab copied over docs/screenshots' (a deliberate retake)."""
    if os.environ.get(SAVE_SCREENSHOTS) != "1":
        return None
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return Path(shutil.copyfile(path, SCREENSHOTS / path.name))


CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
KEY = bytes(range(32))
SERIAL = 1


def have_chromium() -> bool:
    return CHROMIUM.exists() and CHROMEDRIVER.exists()


def write_config(
    folder: Path,
    *,
    size: int,
    per_column: int,
    names: list[str] | None = None,
    free_center: bool = False,
    threshold: int | None = None,
    language: str = "ja",
    image_dir: Path | None = None,
) -> Config:
    lines = [
        "[event]",
        'title = "phone layout"',
        f'language = "{language}"',
        "[board]",
        f"size = {size}",
        f"numbers_per_column = {per_column}",
        f"free_center = {'true' if free_center else 'false'}",
    ]
    if threshold is not None:
        lines.append(f"threshold = {threshold}")
    image_dir = image_dir or Path(__file__).resolve().parent.parent / "img"  # the shipped set
    lines.append(f'image_dir = "{image_dir.as_posix()}"')
    if names is not None:
        lines += ["[columns]", "names = [" + ", ".join(json.dumps(n) for n in names) + "]"]
    path = folder / "config.toml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return load_config(path)


def card_from_order(config: Config, order: list[int], serial: int = SERIAL) -> BingoCard:
    """A card whose columns hold their numbers in `order` first (then the column's others), so
    the first draws mark it from the top row down; the free centre as the config says."""
    b = config.board
    columns = []
    for c in range(b.size):
        numbers = list(b.numbers_of_column(c))
        own = [n for n in order if n in numbers]
        own += [n for n in numbers if n not in own]
        columns.append(own[: b.size])
    rows = [[columns[c][r] for c in range(b.size)] for r in range(b.size)]
    if b.free_center:
        middle = b.size // 2
        rows[middle][middle] = None
    return BingoCard(serial, tuple(tuple(row) for row in rows))


class PhoneServer:
    """The phones' real server over a journal this test writes; `land` is a reel landing."""

    def __init__(self, config: Config, folder: Path, card: BingoCard) -> None:
        self.config = config
        self.journal = folder / "show.jsonl"
        self.session = DrawSession.open(config, self.journal, seed=5)
        self.writer = ShownWriter(self.journal)
        self.writer.write([])
        self.card = card
        self.code = cardcode.card_code(KEY, card.serial)
        self.port = 0  # any free port: the one it got once it listens (_start)
        self.server = WebServer(
            config,
            self.journal,
            WebSettings(enabled=True, port=0, bind="127.0.0.1"),
            registry={card.serial: card},
            card_key=KEY,
            poll_seconds=0.02,
        )
        self._loop = asyncio.new_event_loop()
        self._runner: web.AppRunner | None = None
        self._thread = threading.Thread(target=self._loop.run_forever, daemon=True)
        self._thread.start()
        asyncio.run_coroutine_threadsafe(self._start(), self._loop).result(10)

    async def _start(self) -> None:
        self._runner = web.AppRunner(self.server.app, access_log=None, handle_signals=False)
        await self._runner.setup()
        await web.TCPSite(self._runner, "127.0.0.1", 0).start()
        self.port = self._runner.addresses[0][1]

    def stop(self) -> None:
        if self._runner is not None:
            asyncio.run_coroutine_threadsafe(self._runner.cleanup(), self._loop).result(10)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(10)
        self._loop.close()
        self.session.close()

    # ------------------------------------------------------------------ the show's side
    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def card_url(self) -> str:
        return f"{self.url}/card/{self.code}"

    def land(self, number: int) -> None:
        """`number` is drawn and its reel has landed (journal record, then `.shown`)."""
        self.session._journal.append_draw(number)
        self.writer.write(self.session.history)

    def undo(self) -> None:
        self.session.undo()
        self.writer.write(self.session.history)

    def claims(self) -> list[dict]:
        try:
            text = claims_path(self.journal).read_text(encoding="utf-8")
        except OSError:
            return []
        return [json.loads(x) for x in text.splitlines()]

    def verdict(self, claim: dict, verdict: str) -> None:
        """The operator's verdict, as the show writes it (at the count the room has seen)."""
        line = {
            "game": game_id(self.journal),
            "claim": claim["claim"],
            "serial": claim["serial"],
            "verdict": verdict,
            "count": len(self.session.history),
        }
        append_line(verdicts_path(self.journal), line)

    def api(self, path: str) -> tuple[int, dict]:
        try:
            with urllib.request.urlopen(self.url + path, timeout=5) as answer:
                return answer.status, json.loads(answer.read())
        except urllib.error.HTTPError as exc:
            return exc.code, {}


FONTS_CONF = """<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig>
  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>
  <dir>{fonts}</dir>
  <cachedir>{cache}</cachedir>
</fontconfig>
"""


def make_browser(folder: Path, *, bidi: bool = False):
    """Headless Chromium; the shipped Japanese font is added to its fonts (a phone has one), so
    text is measured as Japanese text, not as the boxes of a missing font. `bidi`: WebDriver
    BiDi on, for the user contexts of `PhoneWindow`."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    fonts = Path(__file__).resolve().parent.parent / "eventkit" / "fonts"
    conf = folder / "fonts.conf"
    conf.write_text(FONTS_CONF.format(fonts=fonts, cache=folder / "fontcache"), encoding="utf-8")
    profile = folder / "chromium-profile"
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in (
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-dev-shm-usage",
        "--hide-scrollbars",
        f"--user-data-dir={profile}",
        "--window-size=412,915",
        # phones in windows of one browser: none is a background tab whose timers slow down
        "--disable-background-timer-throttling",
        "--disable-renderer-backgrounding",
        "--disable-backgrounding-occluded-windows",
        # no address bar's drop-down made ahead: new headless Chromium (156) preloads two
        # chrome://omnibox-popup.top-chrome/ pages in a renderer of their own for every window
        # of every user context, about 1.3 CPU-s a phone window and 40 % of Chromium's CPU in
        # a phone test; no test opens the address bar (ChromeDriver adds its own features)
        "--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup,WebUIOmniboxFullPopup",
    ):
        options.add_argument(flag)
    options.enable_bidi = bidi
    service = Service(str(CHROMEDRIVER), env={**os.environ, "FONTCONFIG_FILE": str(conf)})
    return webdriver.Chrome(service=service, options=options)


_shared: dict[str, object] = {}


def shared_browser():
    """This process's one headless Chromium (each xdist worker has its own), started on first
    use and quit when the process ends. Starting Chromium takes 2-10 s; a phone window in it
    (`PhoneWindow`) about a tenth of that."""
    import atexit
    import tempfile

    driver = _shared.get("driver")
    if driver is not None:
        try:
            driver.window_handles  # noqa: B018 (is it still alive?)
            return driver
        except Exception:  # it died with the test before: start another
            _shared.clear()
    folder = Path(tempfile.mkdtemp(prefix="phones-chromium-"))
    driver = make_browser(folder, bidi=True)
    _shared.update(driver=driver, home=driver.current_window_handle, active=None)
    _shared.update(spare=[], scripts={})
    add_cdp = driver.execute_cdp_cmd

    def execute_cdp_cmd(cmd: str, cmd_args: dict):
        """The driver's own; a script put in every page of a phone window is noted by window
        (`PhoneWindow.close` takes it out before the window serves another phone)."""
        answer = add_cdp(cmd, cmd_args)
        if cmd == "Page.addScriptToEvaluateOnNewDocument":
            _shared["scripts"].setdefault(_shared["active"], []).append(answer["identifier"])
        return answer

    driver.execute_cdp_cmd = execute_cdp_cmd

    def quit_it() -> None:
        try:
            driver.quit()
        finally:
            shutil.rmtree(folder, ignore_errors=True)

    atexit.register(quit_it)
    return driver


class PhoneWindow:
    """A phone of its own in the shared Chromium: a window in a user context of its own (its
    own cookies, storage and cache, as a second browser has), at 412 x 915 until `phone_size`.
    `driver` is the shared driver, switched to this window (every use goes through it).

    A window closed (`close`) is emptied and kept for the next phone of this process: its pages'
    storage cleared, its history, its scripts for new pages and its phone size gone, at
    about:blank; a new context and window cost Chromium about 0.65 CPU-s (a renderer started),
    emptying one a fraction of that. Nothing of the phone before reaches the next: the pages
    keep nothing but localStorage (no cookies, no other storage), and each server has a port,
    so an origin, of its own."""

    def __init__(self) -> None:
        from selenium.webdriver.common.window import WindowTypes

        self._driver = shared_browser()
        spare = _shared["spare"]
        if spare:
            self._context, self.window = spare.pop()
        else:
            self._context = self._driver.browser.create_user_context()
            self.window = self._driver.browsing_context.create(
                type=WindowTypes.WINDOW, user_context=self._context
            )
        self.driver.set_window_size(412, 915)

    @property
    def driver(self):
        if _shared.get("active") != self.window:
            self._driver.switch_to.window(self.window)
            _shared["active"] = self.window
        return self._driver

    def close(self) -> None:
        """The phone done with: its window emptied and kept for the next phone (see the class);
        one that cannot be emptied is removed with its context (WebDriver BiDi's
        browser.removeUserContext closes its window too); the browser stays."""
        try:
            self._empty()
            _shared["spare"].append((self._context, self.window))
        except Exception:
            try:
                self._driver.browser.remove_user_context(self._context)
            except Exception:  # the browser died: the next phone starts another
                _shared.clear()
                return
        self._driver.switch_to.window(_shared["home"])
        _shared["active"] = _shared["home"]

    def _empty(self) -> None:
        """Every origin its tabs' history opened cleared (localStorage, and all else a page
        keeps), the scripts put in for new pages taken out, the phone size and the history
        gone, at about:blank."""
        from urllib.parse import urlsplit

        driver = self.driver
        history = driver.execute_cdp_cmd("Page.getNavigationHistory", {})
        for identifier in _shared["scripts"].pop(self.window, []):
            driver.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument",
                                   {"identifier": identifier})  # fmt: skip
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
        driver.get("about:blank")
        origins = set()
        for entry in history["entries"]:
            url = urlsplit(entry["url"])
            if url.scheme in ("http", "https"):
                origins.add(f"{url.scheme}://{url.netloc}")
        for origin in origins:
            driver.execute_cdp_cmd(
                "Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "all"}
            )
        driver.execute_cdp_cmd("Page.resetNavigationHistory", {})


def phone_size(driver, width: int, height: int) -> None:
    """The page as a phone of `width` x `height` CSS pixels shows it (a mobile viewport)."""
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "deviceScaleFactor": 2, "mobile": True},
    )


# `page_wait`'s script: the condition's body is put in as `test`'s (a script WebDriver runs is
# outside the page's Content-Security-Policy; a `new Function` in the page would not be).
PAGE_WAIT = """
const done = arguments[arguments.length - 1];
const until = performance.now() + arguments[0] * 1000;
const args = arguments[1];
const test = function () {{ {body} }};  // its own `arguments`: `args`
const look = () => {{
  const value = test.apply(null, args);
  if (value) done({{value}});
  else if (performance.now() > until) done({{timedOut: true}});
  else setTimeout(look, 5);
}};
look();
"""


def page_look(driver, body: str, timeout: float, *args):
    """`page_wait`'s look: what `body` returned once true, or None when `timeout` ran out."""
    assert timeout < 30, "over WebDriver's script timeout: use wait_for"
    answer = driver.execute_async_script(PAGE_WAIT.format(body=body), timeout, list(args))
    return None if answer.get("timedOut") else answer["value"]


def page_wait(driver, body: str, timeout: float, what: str, *args):
    """Waits in the page until the JavaScript function body `body` (its arguments `args`)
    returns something true, and returns that: one WebDriver round trip where `wait_for` takes
    one per look and a pause between. `timeout` under the driver's script timeout (30 s)."""
    value = page_look(driver, body, timeout, *args)
    if value is None:
        raise AssertionError(f"timed out waiting for {what}")
    return value


def wait_for(condition, timeout: float, what: str):
    """Polls `condition` (a browser read) until it is true; the page has no signal to await."""
    import time

    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.05)
