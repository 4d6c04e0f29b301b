"""The phone's card and board pages at phone widths (issue 22 item 8), measured in Chromium.

Every board 3..10 and column names of 1, 2 and 3 characters (and a long one), at 320-430 px:
every number whole (its text's box inside its cell), cells square and of one width, column
names never widening their column, nothing wider than the screen; marked cells keep the
number's colour. Boxes are measured in the page with getBoundingClientRect and Range rects.
"""

from __future__ import annotations

import io

import pytest
from phone_pages import (
    PhoneServer,
    PhoneWindow,
    card_from_order,
    have_chromium,
    page_wait,
    phone_size,
    wait_for,
    write_config,
)

pytestmark = pytest.mark.skipif(
    not have_chromium(), reason="needs Debian's chromium and chromium-driver (install.sh --test)"
)

WIDTHS = (320, 375, 412)

# Everything the checks need, read in one go: boxes of the cells, of each number's text (a Range
# is the text's own box, wider than its cell when the cell clips it), of the column names.
MEASURE = """
const rect = (r) => ({left: r.left, right: r.right, top: r.top, bottom: r.bottom,
                      width: r.width, height: r.height});
const textBox = (node) => { const range = document.createRange(); range.selectNodeContents(node);
                            return rect(range.getBoundingClientRect()); };
const inner = (node) => { const r = node.getBoundingClientRect(); const s = getComputedStyle(node);
  const bl = parseFloat(s.borderLeftWidth), br = parseFloat(s.borderRightWidth);
  const bt = parseFloat(s.borderTopWidth), bb = parseFloat(s.borderBottomWidth);
  return {left: r.left + bl, right: r.right - br, top: r.top + bt, bottom: r.bottom - bb}; };
const cells = [...document.querySelectorAll("#card .cell")].map((cell) => {
  const text = cell.querySelector(".cell-number, .free-text");
  return {box: rect(cell.getBoundingClientRect()), inner: inner(cell), text: textBox(text),
          clipped: text.scrollWidth > text.clientWidth + 0.5, label: text.textContent};
});
const letters = [...document.querySelectorAll("#card .card-letter")].map((n) => ({
  box: rect(n.getBoundingClientRect()), text: textBox(n), label: n.textContent,
  clipped: n.scrollWidth > n.clientWidth + 0.5}));
const chips = [...document.querySelectorAll("#recent .call")].map((n) => ({
  box: rect(n.getBoundingClientRect()), text: n.textContent}));
const clipped = [...document.querySelectorAll("main *")].filter((n) => {
  const s = getComputedStyle(n);
  return n.offsetParent !== null && s.overflowX !== "visible" && n.scrollWidth > n.clientWidth + 0.5;
}).map((n) => n.className + ": " + n.textContent.slice(0, 30));
return {width: innerWidth, height: innerHeight,
        scroll_width: document.documentElement.scrollWidth,
        card: rect(document.getElementById("card").getBoundingClientRect()),
        recent: rect((document.getElementById("recent") || document.body).getBoundingClientRect()),
        cells, letters, chips, clipped,
        bar: rect((document.getElementById("claim_bar") || document.querySelector(".claim"))
                  .getBoundingClientRect())};
"""


@pytest.fixture(scope="module")
def browser():
    """A phone window of its own in this worker's one Chromium (phone_pages.PhoneWindow)."""
    window = PhoneWindow()
    yield window.driver
    window.close()


def column_order(config) -> list[int]:
    """Row by row across the columns: the first draws fill the card's top rows."""
    b = config.board
    return [
        c * b.numbers_per_column + r
        for r in range(1, b.numbers_per_column + 1)
        for c in range(b.size)
    ]


def card_server(tmp_path, size, per_column, names=None, draws=None, free_center=None):
    """The phones' server of a card whose first draws (`draws`, else a row and three) fill its
    top rows; the free centre on odd boards unless `free_center` says."""
    free = size % 2 == 1 if free_center is None else free_center
    config = write_config(tmp_path, size=size, per_column=per_column, names=names, free_center=free)
    order = column_order(config)
    server = PhoneServer(config, tmp_path, card_from_order(config, order))
    for n in order[: size + 3 if draws is None else draws]:
        server.land(n)
    return server


def open_card(
    browser,
    tmp_path,
    *,
    size,
    per_column,
    names=None,
    draws=None,
    width=375,
    height=740,
    free_center=None,
):
    server = card_server(tmp_path, size, per_column, names, draws, free_center)
    phone_size(browser, width, height)  # (the card still open fits itself again: its text only)
    browser.get(server.card_url())
    page_wait(browser, "return document.querySelectorAll('.cell').length", 10, "the card")
    return server


def measure(browser) -> dict:
    return browser.execute_script(MEASURE)


# The card drawn at the width `arguments[0]` (app.js marks each fit with data-fitted), then
# MEASURE's boxes, in one round trip (page_wait).
FITTED_MEASURE = (
    "const card = document.getElementById('card');"
    " if (!card || card.dataset.fitted !== String(arguments[0])) return null;"
    " return (() => {" + MEASURE + "})();"
)


def measure_fitted(browser, width: int) -> dict:
    """MEASURE once the card is drawn again at `width` (after a load or a resize)."""
    return page_wait(browser, FITTED_MEASURE, 5, f"the card drawn at {width} px", width)


def check_layout(m: dict, what: str) -> None:
    """Whole numbers, square cells of one width, names not widening columns, nothing too wide."""
    tol = 0.75
    assert m["scroll_width"] <= m["width"], f"{what}: the page is wider than the phone"
    assert 0 <= m["card"]["left"] and m["card"]["right"] <= m["width"] + tol, what
    widths = [c["box"]["width"] for c in m["cells"]]
    assert max(widths) - min(widths) < tol, f"{what}: columns of unequal width {widths}"
    for cell in m["cells"]:
        box, inner, text = cell["box"], cell["inner"], cell["text"]
        assert abs(box["width"] - box["height"]) < tol, f"{what}: cell {cell['label']} not square"
        assert not cell["clipped"], f"{what}: number {cell['label']} clipped"
        assert inner["left"] - tol <= text["left"] and text["right"] <= inner["right"] + tol, (
            f"{what}: number {cell['label']} is wider than its cell ({text['width']:.1f} px in "
            f"{inner['right'] - inner['left']:.1f})"
        )
        assert inner["top"] - tol <= text["top"] and text["bottom"] <= inner["bottom"] + tol, (
            f"{what}: number {cell['label']} is taller than its cell"
        )
    size = round(len(m["cells"]) ** 0.5)
    for c, letter in enumerate(m["letters"]):
        cell = m["cells"][c]["box"]
        assert abs(letter["box"]["width"] - cell["width"]) < tol, f"{what}: {letter['label']}"
        assert abs(letter["box"]["left"] - cell["left"]) < tol, f"{what}: {letter['label']}"
        assert not letter["clipped"], f"{what}: column name {letter['label']} cut"
        assert letter["text"]["width"] <= letter["box"]["width"] + tol, (
            f"{what}: column name {letter['label']} wider than its column"
        )
    assert len(m["letters"]) == size
    for chip in m["chips"]:
        assert chip["box"]["right"] <= m["recent"]["right"] + tol, f"{what}: call {chip['text']}"
    assert m["clipped"] == [], f"{what}: text cut: {m['clipped']}"
    assert m["bar"]["bottom"] <= m["height"] + tol and m["bar"]["top"] >= 0, (
        f"{what}: the claim bar is off the screen"
    )


@pytest.mark.browser
@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize(
    ("size", "per_column", "names"),
    [
        (4, 10, None),
        (5, 15, None),  # free centre
        (10, 15, None),  # numbers up to 150
        (10, 15, ["P", "O2", "B", "4", "Y", "O", "T", "E", "R", "S"]),
    ],
    ids=["4x4", "5x5-free", "10x10", "10x10-O2"],
)
def test_the_card_is_whole_at_phone_widths(browser, tmp_path, size, per_column, names, width):
    server = open_card(
        browser, tmp_path, size=size, per_column=per_column, names=names, width=width, height=740
    )
    try:
        check_layout(measure(browser), f"{size}x{size} at {width} px")
    finally:
        server.stop()


# The card page's feed handed to the test: the page's own WebSocket handler (app.js's follow) is
# window.feed, and after the first state only what the test feeds reaches it (put in before the
# page's scripts run, as test_phone_access's SLOW_FEED).
FEED = """
const Real = window.WebSocket;
window.WebSocket = function (url) {
  const ws = new Real(url);
  let handler = null;
  let first = true;
  ws.addEventListener("message", (event) => {
    if (first && handler) { first = false; handler(event); }
  });
  Object.defineProperty(ws, "onmessage", {
    set(f) { handler = f; window.feed = (data) => f({data}); }, get() { return handler; }});
  return ws;
};
window.WebSocket.prototype = Real.prototype;
Object.assign(window.WebSocket, {CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3});
"""


def state_text(server, draws: int) -> str:
    """The card's state as its server sends it to the card page (the same text: /api/card's
    and the feed's are `_state_text`), once the server has seen all `draws` landings."""
    import json
    import urllib.request

    def text() -> str | None:
        url = f"{server.url}/api/card/{server.code}"
        with urllib.request.urlopen(url, timeout=5) as answer:
            body = answer.read().decode("utf-8")
        return body if json.loads(body)["board"]["count"] == draws else None

    return wait_for(text, 10, f"the server to follow {draws} draws")


@pytest.mark.browser
def test_every_board_and_name_length_from_320_to_430(tmp_path):
    """The sweep: boards 3..10, names of 1, 2 and 3 characters (ASCII and Japanese) and a long
    one, at 320..430 px. The largest numbers the config allows for a board's width are used.
    One card page is opened (the first card's); every other card is its server's state text
    fed to that page's own handler (FEED) as a feed message of its own server, at the width the
    card before ended at (320 or 430 px): the page draws it with the same code (renderCard) and
    CSS, then it is turned through 360 px to the other end (its pictures are its server's, not
    the page's: laid over the cell, outside the layout).
    Opening a card's page (its first state, each board at the widths) is the test above's."""
    failures = []
    names_of = {
        1: lambda n: [chr(ord("A") + i) for i in range(n)],
        2: lambda n: [f"O{i}" for i in range(n)],
        3: lambda n: [f"ぷよ{i}" if i % 2 else f"BG{i}" for i in range(n)],
        12: lambda n: [f"COLUMN-NAME{i}" for i in range(n)],
    }
    window = PhoneWindow()  # its own: FEED stays with this window's pages only
    browser = window.driver
    browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": FEED})
    page = None  # the server of the page opened
    try:
        for size in range(3, 11):
            for length, names in names_of.items():
                per_column = 99 if size <= 6 else 15  # two- and three-digit numbers
                folder = tmp_path / f"{size}-{length}"
                folder.mkdir()
                if page is None:
                    page = open_card(
                        browser, folder, size=size, per_column=per_column, names=names(size),
                        width=320,
                    )  # fmt: skip
                    widths = [320, 360, 430]  # 375 and 412: the test above
                else:
                    server = card_server(folder, size, per_column, names(size))
                    try:
                        text = state_text(server, size + 3)
                    finally:
                        server.stop()
                    browser.execute_script(
                        "document.getElementById('card').dataset.fitted = '';"
                        " window.feed(arguments[0]);",
                        text,
                    )
                    widths.reverse()  # fed at the width the last card ended at
                for width in widths:
                    if width != widths[0]:  # drawn at the first (opened or fed): as it is
                        phone_size(browser, width, 740)
                    m = measure_fitted(browser, width)  # drawn again at the new width
                    assert len(m["cells"]) == size * size, f"{size}x{size}: not the card fed"
                    try:
                        check_layout(m, f"{size}x{size}, names {length}, {width} px")
                    except AssertionError as exc:
                        failures.append(str(exc).splitlines()[0])
    finally:
        window.close()
        if page is not None:
            page.stop()
    assert failures == []


# What the width sets on the card page, and on the public board: each text's fitted size (inline
# and as computed) and wrap, and the last calls that fit their row; `kept`: every cell or ball is
# one the page had when `KEEP` marked them (none built again).
WIDTH_PARTS = """
const root = document.getElementById(arguments[0]);
return {fitted: root.dataset.fitted,
  sizes: [...root.querySelectorAll('.card-letter, .cell-number, .free-text, .column-name, .ball')]
    .map((n) => [n.textContent, n.style.fontSize, n.classList.contains('fit-wrap'),
                 getComputedStyle(n).fontSize]),
  recent: [...document.querySelectorAll('#recent .call')].map((n) => n.textContent),
  kept: [...root.querySelectorAll('.cell, .ball')].every((n) => n.keptByTest === true)};
"""
KEEP = "document.querySelectorAll('.cell, .ball').forEach((n) => { n.keptByTest = true; })"


@pytest.mark.browser
def test_a_new_width_fits_the_page_as_a_page_opened_at_that_width(browser, tmp_path):
    """Turned from 430 to 320 px, the card page and the public board fit their text and their
    last calls to the new width on the cells and balls they have (app.js's fitCard / fitBoard,
    none built again), and show what a page opened at 320 px shows."""
    # the last calls (columns 3, 2, 1, 0, 9) short: fewer of them fit at 320 px; the long
    # names shrunk, then wrapped
    names = ["P", "O2", "B", "4"] + [f"COLUMN-NAME{i}" for i in range(4, 9)] + ["S"]
    server = open_card(browser, tmp_path, size=10, per_column=15, names=names, draws=14, width=430)
    try:
        for page, root, url in (
            ("the card", "card", server.card_url()),
            ("the board", "board", server.url + "/"),
        ):
            phone_size(browser, 430, 740)
            if root == "board":
                browser.get(url)
            fit = f"const r = document.getElementById('{root}');"
            fit += " return r && r.dataset.fitted === String(arguments[0]);"
            page_wait(browser, fit, 10, f"{page} at 430 px", 430)
            wide = browser.execute_script(WIDTH_PARTS, root)
            browser.execute_script(KEEP)
            phone_size(browser, 320, 740)
            page_wait(browser, fit, 10, f"{page} fitted to 320 px", 320)
            turned = browser.execute_script(WIDTH_PARTS, root)
            assert turned["kept"], f"{page}: built again for a new width"
            assert turned["sizes"] != wide["sizes"], f"{page}: the same sizes at 430 and 320 px"
            assert len(turned["recent"]) < len(wide["recent"]), f"{page}: {turned['recent']}"
            browser.get(url)  # opened at 320 px
            page_wait(browser, fit, 10, f"{page} opened at 320 px", 320)
            opened = browser.execute_script(WIDTH_PARTS, root)
            assert (turned["sizes"], turned["recent"]) == (opened["sizes"], opened["recent"]), page
    finally:
        server.stop()


@pytest.mark.browser
def test_marked_numbers_keep_their_colour(browser, tmp_path):
    """A marked cell's number is painted in its column's colour over an opaque disc: the
    number's own colour is still there (a translucent red disc over a green number left none)."""
    from PIL import Image

    server = open_card(browser, tmp_path, size=4, per_column=10, draws=1, width=375)
    try:
        # the green column (1) holds 11, 12, 13, 14 from the top: 11 drawn marks row 0 only
        server.land(11)
        wait_for(
            lambda: (
                browser.execute_script("return document.querySelectorAll('.cell.marked').length")
                == 2
            ),
            10,
            "the marks",
        )
        green = server.config.columns.fill[1]
        target = tuple(int(green[i : i + 2], 16) for i in (1, 3, 5))

        def green_pixels(row: int) -> int:
            cell = browser.find_element(
                "css selector", f'#card .cell[data-row="{row}"][data-col="1"] .cell-number'
            )
            data = Image.open(io.BytesIO(cell.screenshot_as_png)).convert("RGB").tobytes()
            pixels = zip(data[0::3], data[1::3], data[2::3], strict=True)
            return sum(
                1
                for p in pixels
                if sum((a - b) ** 2 for a, b in zip(p, target, strict=True)) < 1600
            )

        marked, unmarked = green_pixels(0), green_pixels(1)
        assert unmarked > 30
        assert marked >= 0.6 * unmarked, f"{marked} green pixels marked, {unmarked} unmarked"
    finally:
        server.stop()


@pytest.mark.browser
def test_the_screenshot_of_a_10x10_card_at_375(browser, tmp_path, output_dir):
    server = open_card(browser, tmp_path, size=10, per_column=15, draws=14, width=375, height=812)
    try:
        check_layout(measure(browser), "10x10 at 375 px")
        browser.save_screenshot(str(output_dir / "phone_10x10_375.png"))
    finally:
        server.stop()


BOARD_MEASURE = """
const balls = [...document.querySelectorAll(".ball")];
const names = [...document.querySelectorAll(".column-name")];
const cut = (n) => n.scrollWidth > n.clientWidth + 0.5;
return {width: innerWidth, scroll_width: document.documentElement.scrollWidth,
        balls: balls.length, cut_balls: balls.filter(cut).map((n) => n.textContent),
        cut_names: names.filter(cut).map((n) => n.textContent),
        widths: names.map((n) => n.getBoundingClientRect().width),
        first_rows: [...document.querySelectorAll(".column")].map(
          (c) => c.querySelector(".ball").getBoundingClientRect().top),
        recent: [...document.querySelectorAll("#recent .call")].map((n) => n.textContent),
        calls_cut: (() => {  // the label and each shown call inside the strip's box (issue 35.5)
          const box = document.querySelector(".calls").getBoundingClientRect();
          const parts = [document.querySelector(".calls-label"),
                         ...document.querySelectorAll("#recent .call")];
          const strip = document.getElementById("recent").getBoundingClientRect();
          return parts.filter((n) => { const r = n.getBoundingClientRect();
            return r.left < box.left - 0.5 || r.right > box.right + 0.5
              || (n.classList.contains("call") && r.right > strip.right + 0.5); })
            .map((n) => n.textContent); })(),
        last: document.getElementById("last").textContent,
        last_col: document.getElementById("last_col").textContent};
"""


@pytest.mark.browser
@pytest.mark.parametrize("width", WIDTHS)
def test_the_public_board_fits_and_lists_the_last_calls(browser, tmp_path, width, output_dir):
    names = ["P", "O2", "B", "4", "Y", "O", "T", "E", "R", "S"]
    config = write_config(tmp_path, size=10, per_column=15, names=names)
    order = column_order(config)
    server = PhoneServer(config, tmp_path, card_from_order(config, order))
    try:
        for n in (17, 3, 150, 46, 99, 121):
            server.land(n)
        phone_size(browser, width, 740)
        browser.get(server.url + "/")
        m = wait_for(
            lambda: (s := browser.execute_script(BOARD_MEASURE))["balls"] and s, 10, "the board"
        )
        assert m["scroll_width"] <= m["width"]
        assert m["balls"] == 150 and m["cut_balls"] == [] and m["cut_names"] == []
        assert max(m["widths"]) - min(m["widths"]) < 0.75
        assert max(m["first_rows"]) - min(m["first_rows"]) < 0.75  # "O2" shifts no column
        assert (m["last_col"], m["last"]) == ("R", "121")
        # newest first, each with its column's name; as many as fit the row (5 at most)
        assert len(m["recent"]) >= 3
        assert m["recent"] == ["R121", "T99", "446", "S150", "P3"][: len(m["recent"])]
        assert m["calls_cut"] == []  # 「最近」 and the last call whole (307 px in 300 at 320)
        if width == 375:
            browser.save_screenshot(str(output_dir / "phone_board_375.png"))
    finally:
        server.stop()


@pytest.mark.browser
def test_the_english_card_fits_at_320(browser, tmp_path):
    config_args = {"size": 10, "per_column": 15}
    config = write_config(tmp_path, language="en", **config_args)
    order = column_order(config)
    server = PhoneServer(config, tmp_path, card_from_order(config, order))
    try:
        for n in order[:4]:
            server.land(n)
        phone_size(browser, 320, 568)
        browser.get(server.card_url())
        wait_for(
            lambda: browser.execute_script("return document.querySelectorAll('.cell').length"),
            10,
            "the card",
        )
        m = measure(browser)
        check_layout(m, "English 10x10 at 320 px")
        assert browser.execute_script("return document.getElementById('claim').textContent") == (
            "BINGO!"
        )
    finally:
        server.stop()


BREAKS = """
const node = document.createElement("p");
node.style.cssText = "width: 12em; font-size: 16px; margin: 0";
node.textContent = arguments[0];
document.body.append(node);
const range = document.createRange();
const text = node.firstChild;
const tops = [];
for (let i = 0; i < text.length; i++) {
  range.setStart(text, i); range.setEnd(text, i + 1);
  tops.push(Math.round(range.getBoundingClientRect().top));
}
node.remove();
const starts = [];
for (let i = 1; i < tops.length; i++) if (tops[i] > tops[i - 1] + 8) starts.push(i);
return starts;
"""


@pytest.mark.browser
def test_japanese_lines_on_the_phones_break_at_spaces_and_punctuation(browser, tmp_path):
    """Issue 35 item 6: 「つながりまし/た」 on the phones (a break between any two kana)."""
    config = write_config(tmp_path, size=4, per_column=10, names=["P", "L", "B", "4"])
    server = PhoneServer(config, tmp_path, card_from_order(config, column_order(config)))
    try:
        phone_size(browser, 320, 568)
        browser.get(server.url + "/")
        text = "ビンゴ! 12 マスつながりました。確認できました：ビンゴです！おめでとう！"
        starts = browser.execute_script(BREAKS, text)
        assert starts, "the line wraps at 12em"
        for i in starts:  # each line starts after a space or a punctuation mark
            assert text[i - 1] in " 。、！!：" or text[i] in " ", (text[:i], text[i:])
    finally:
        server.stop()


PHRASE_BREAKS = """
const node = document.createElement("p");
node.className = "claim-status";
node.dataset.verdict = "error";
node.style.cssText = "font-size: 16px";
node.textContent = arguments[0];
document.body.append(node);
const width = node.getBoundingClientRect().width;
const range = document.createRange();
const text = node.firstChild;
const tops = [];
for (let i = 0; i < text.length; i++) {
  range.setStart(text, i); range.setEnd(text, i + 1);
  const box = range.getBoundingClientRect();
  tops.push(box.width > 0 ? Math.round(box.top) : null);
}
node.remove();
const starts = [];
let prev = null;
for (let i = 0; i < tops.length; i++) {
  if (tops[i] === null) continue;
  if (prev !== null && tops[i] > prev + 8) starts.push(i);
  prev = tops[i];
}
return [starts, width];
"""


@pytest.mark.browser
@pytest.mark.parametrize("key", ["claim_disk_full", "claim_failed"])
def test_the_servers_japanese_messages_break_only_between_phrases_at_320(browser, tmp_path, key):
    """Issue 35 item 6: the server's Japanese answers carry U+200B between BudouX's phrases and
    the page shows them as textContent: at 320 px every line starts at a phrase's start."""
    from bingo.ui.phrases import ZWSP, phrases
    from bingo.web.texts import texts

    sent = texts("ja")(key, seconds=30)
    plain = sent.replace(ZWSP, "")
    assert ZWSP in sent and "<" not in sent  # marks, not markup
    boundaries, at = set(), 0  # where each phrase starts, in the text as sent
    for phrase in phrases(plain):
        boundaries.add(at)
        at += len(phrase)
    starts_in_sent, seen = set(), 0
    for i, ch in enumerate(sent):
        if ch == ZWSP:
            continue
        if seen in boundaries:
            starts_in_sent.add(i)
        seen += 1
    config = write_config(tmp_path, size=4, per_column=10, names=["P", "L", "B", "4"])
    server = PhoneServer(config, tmp_path, card_from_order(config, column_order(config)))
    try:
        phone_size(browser, 320, 568)
        browser.get(server.url + "/")
        starts, width = browser.execute_script(PHRASE_BREAKS, sent)
        assert width <= 320
        assert len(starts) >= 2, "a long message wraps at 320 px"
        for i in starts:
            before = sent[:i].replace(ZWSP, "")
            assert i in starts_in_sent, (
                f"broken inside a phrase: {before[-6:]!r}/{sent[i : i + 6]!r}"
            )
    finally:
        server.stop()
