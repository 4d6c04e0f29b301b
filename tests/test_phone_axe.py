"""Every phone page and state, checked as everyone uses them (issue 43.3): axe-core finds no
critical and no serious violation, every tappable thing is a button with a name and the primary
controls are at least 44 px high (tests/axe_support.py), at 320, 375 and 430 px, in Japanese and
in English: bingo's card (with a bingo) and public board; at `games serve` the join page, the
lobby, the room before the start, each game's table mid-game (Daifugō, Schwimmen, COOL 24+24),
a spectator peeking at a hand, and the results. One server per language and game, one phone
window resized across the widths (and a second phone for the spectator). Grabs at 320 px:
tests/output/axe_*.png. Each state: our own checks at every width; axe in full at 320 px, and
at 375 and 430 px its rules that read where things are (color-contrast) while everything else
its rules read is as at 320 px (axe_support.page_state), in full again where it is not (the
bingo pages: their fitted sizes and last calls change with the width).

The join page is the same page whatever the games served (every element's tag, attributes,
display, visibility, colours, font size, box and text alike at 320, 375 and 430 px for a
Daifugō, a Schwimmen and a COOL 24+24 server, compared once in both languages): checked in
the Daifugō test of each language only.
"""

from __future__ import annotations

import pytest
from axe_support import LAYOUT_RULES, SETTLED, luminance, page_state, problems
from phone_pages import (
    PhoneServer,
    PhoneWindow,
    card_from_order,
    grab_path,
    have_chromium,
    page_look,
    phone_size,
    wait_for,
    write_config,
)
from test_games_web_browser import (
    GamesServe,
    Phone,
    daifugo_choice,
    schwimmen_choice,
    set_position,
)

pytestmark = [
    pytest.mark.skipif(not have_chromium(), reason="needs Debian's chromium (install.sh --test)"),
    pytest.mark.browser,
    pytest.mark.slow,
]

WIDTHS = (320, 375, 430)
HEIGHT = 740
ROOMS = {"daifugo": "daifugo-beginner", "schwimmen": "schwimmen-1", "cool24": "cool24-1"}
# COOL 24+24's table drawn as when the stock has run out: its own table message with two of the
# hand's slots empty (the renderer's input, as the server sends it late in lap 2); the real one
# is put back after the checks (nothing comes from the server while the phone's turn waits)
EMPTY_SLOTS = """
const S = window.gamesState;
window.realTable = S.table;
const m = JSON.parse(JSON.stringify(S.table));
const hand = (m.view.observation || m.view).hand;
hand[1] = null; hand[3] = null;
m.legal = m.legal.filter((a) => !/ [24]$/.test(a));
S.table = m;
render();
"""


def check_widths(driver, where: str, found: list[str], grab: str | None = None) -> None:
    """The page now at each width (a resize, two frames painted, then the checks); `grab`: the
    320 px screen saved as tests/output/axe_<grab>.png. Our own checks at every width; axe's
    every rule at the first, and at the others its rules that read where things are
    (LAYOUT_RULES: color-contrast) while all the others read of the page (page_state: elements,
    attributes, text, computed colours, fonts, display) is as at the first width; in full
    again where it is not (they would read another page)."""
    first = None
    for width in WIDTHS:
        phone_size(driver, width, HEIGHT)
        driver.execute_script("window.dispatchEvent(new Event('resize'))")
        driver.execute_async_script(SETTLED)
        state = page_state(driver)
        rules = LAYOUT_RULES if state == first else None
        first = first if first is not None else state
        found += problems(driver, f"{where} at {width} px", rules)
        if grab and width == WIDTHS[0]:
            driver.save_screenshot(str(grab_path(f"axe_{grab}.png")))


def report(found: list[str]) -> str:
    return f"{len(found)} accessibility problems:\n" + "\n".join(found)


@pytest.mark.parametrize("language", ["ja", "en"])
def test_the_bingo_card_and_board_pass_axe(tmp_path, language):
    config = write_config(tmp_path, size=5, per_column=15, language=language, free_center=True)
    b = config.board
    order = [c * b.numbers_per_column + r for r in range(1, 16) for c in range(b.size)]
    server = PhoneServer(config, tmp_path, card_from_order(config, order))
    window = PhoneWindow()
    driver = window.driver
    found: list[str] = []
    try:
        for n in order[: b.size + 3]:  # the top row and three more: a bingo, the claim ready
            server.land(n)
        driver.get(server.card_url())
        wait_for(
            lambda: driver.execute_script(
                "return document.querySelectorAll('.cell.marked').length >= 8"
                " && !document.getElementById('claim').disabled"
            ),
            15,
            "the card with its bingo",
        )
        check_widths(driver, f"{language} bingo card", found, f"bingo_card_{language}")
        driver.get(server.url + "/")
        wait_for(
            lambda: driver.execute_script(
                "return document.querySelectorAll('.ball.called').length"
            ),
            15,
            "the board",
        )
        check_widths(driver, f"{language} bingo board", found, f"bingo_board_{language}")
    finally:
        window.close()
        server.stop()
    assert not found, report(found)


# the page's own conditions for `play_on` (JavaScript, read in the page): COOL 24+24's game is
# over; a game's results have come (`arguments[2]`: its number)
COOL24_OVER = "((window.gamesState.table || {}).view || {}).stage === 'over'"
RESULTS_OF = "window.received.some((m) => m.type === 'results' && m.game_no === arguments[2])"
# `play_on`'s look, in the page: {over: true} once `until` holds, else the table once it is the
# phone's turn with something to play at a step it has not acted on (`arguments[0:2]`: game, step)
TURN = """
if ({until}) return {{over: true}};
const t = window.gamesState && window.gamesState.table;
if (t && t.your_turn && t.legal && t.legal.length
    && !(t.game_no === arguments[0] && t.step === arguments[1])) return {{table: t}};
return null;
"""


def play_on(phone: Phone, until: str, choice, timeout: float, *args) -> None:
    """The phone plays (as `choice` says) until the page's condition `until` (JavaScript, its
    `arguments[2:]`: `args`): each move sent as its page sends a tap's (`send`, one script a
    turn), for the states to check come quickly; the taps themselves are
    test_games_web_browser's and test_schwimmen_phone's. Each turn is waited for in the page
    (phone_pages.page_look: one WebDriver round trip a turn, not one a look)."""
    import time

    deadline = time.monotonic() + timeout
    acted: tuple = (None, None)
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            raise AssertionError("timed out waiting for the game played on the phone")
        found = page_look(phone.driver, TURN.format(until=until), min(left, 20), *acted, *args)
        if found is None:
            continue  # nothing yet: look again until the deadline
        if found.get("over"):
            return
        t = found["table"]
        acted = (t["game_no"], t["step"])
        phone.js("send({op: 'act', action: arguments[0]})", choice(t))


# Daifugō's game 1 from the spectator's check on, from the player's seat round: the player leads
# its pair and is out first (大富豪: it chooses the cards it passes in game 2); no 2, joker, 8
# or 3 (no forbidden finish), the CPUs' three cards each played out in a few moves
QUICK = [["9S", "9H"], ["4S", "6H", "QD"], ["5S", "7H", "KD"], ["4H", "10S", "QH"],
         ["5H", "10H", "KS"]]  # fmt: skip


def passing(phone: Phone) -> bool:
    """The phone's turn in game 2 has come; True: it is to pass cards (its title from game 1),
    or its pass had no choice (a 貧民's or 大貧民's strongest cards, taken by the hub at once)
    and the page tells what it gave and got until its first play."""
    t = phone.table() or {}
    if t.get("game_no") != 2 or not t.get("your_turn"):
        return False
    view = t.get("view") or {}
    phase = (view.get("observation") or view).get("phase")
    if phase != "exchange":
        assert view.get("gifts"), f"game 2's first turn is {phase}, and no card passing is told"
    return True


# a game with CPUs (Daifugō's goes on from a set position) and about 27 axe runs (20-40 s here)
@pytest.mark.timeout(300)
@pytest.mark.parametrize("language", ["ja", "en"])
@pytest.mark.parametrize("game", ["daifugo", "schwimmen", "cool24"])
def test_the_games_pages_pass_axe(tmp_path, game, language):
    room = ROOMS[game]
    serve = GamesServe(
        tmp_path,
        daifugo=game == "daifugo",
        schwimmen=game == "schwimmen",
        cool24=game == "cool24",
        language=language,
    )
    # the CPUs move and the rounds go on at once: each state checked waits for the player (its
    # turn, the spectator's peek) or is the game's end, never for a CPU shown at a person's pace
    serve.hub.cpu_delay = 0
    serve.hub.advance_pause = 0
    where = f"{language} {game}"
    found: list[str] = []
    phones: list[Phone] = []
    try:
        player = Phone(tmp_path / "player", serve.url)
        phones.append(player)
        wait_for(lambda: player.visible("#name"), 60, "the join page")
        if game == "daifugo":  # one join page for every game: checked once per language
            check_widths(player.driver, f"{language} join page", found)
        player.join("あや")
        check_widths(player.driver, f"{where} lobby", found, f"lobby_{game}_{language}")
        player.sit(room)
        wait_for(lambda: player.visible("#start_button"), 15, "the host's start button")
        check_widths(player.driver, f"{where} room before the start", found)
        player.click("#rules_button")
        wait_for(lambda: player.visible("#rules_lines li"), 15, "the rules panel")
        check_widths(player.driver, f"{where} rules panel", found)
        player.click("#rules_panel .close")
        player.click("#start_button")
        wait_for(lambda: (player.table() or {}).get("your_turn"), 60, "the player's turn")
        check_widths(player.driver, f"{where} table", found, f"table_{game}_{language}")
        if game == "cool24":  # its hand's empty slots (the stock runs out only late in lap 2)
            player.js(EMPTY_SLOTS)
            wait_for(lambda: player.css("#hand .cl-card.empty"), 5, "the empty slots drawn")
            check_widths(player.driver, f"{where} table with empty slots", found, "cool24_empty")
            player.js("window.gamesState.table = window.realTable; render();")
        player.click("#leave_button")
        wait_for(lambda: player.visible("#confirm_yes"), 15, "the leave question")
        check_widths(player.driver, f"{where} leave question", found)
        player.click("#confirm_panel .close")  # stays

        watcher = Phone(tmp_path / "watcher", serve.url)
        phones.append(watcher)
        watcher.join("ben")
        watcher.watch(room)
        watcher.click(f'#players .player[data-seat="{player.table()["seat"]}"]')
        wait_for(lambda: watcher.visible("#peek .card"), 15, "the hand shown to the spectator")
        check_widths(watcher.driver, f"{where} spectator", found, f"spectator_{game}_{language}")

        if game == "daifugo":  # game 1 ends quickly: the player goes out first (大富豪)
            seat = player.table()["seat"]
            set_position(serve, room, [QUICK[(s - seat) % 5] for s in range(5)], first=seat)
        if game == "cool24":  # its first playable slot each turn
            play_on(player, COOL24_OVER, lambda t: t["legal"][0], 200)
        else:
            choice = daifugo_choice if game == "daifugo" else schwimmen_choice
            play_on(player, RESULTS_OF, choice, 200, 1)
        wait_for(lambda: player.visible("#results_panel"), 30, "the results shown")
        check_widths(player.driver, f"{where} results", found, f"results_{game}_{language}")
        if game == "daifugo":  # game 2 opens with the titles' card passing
            player.click("#results_panel .close")
            player.click("#start_button", timeout=30)
            wait_for(lambda: passing(player), 60, "the player's card passing")
            check_widths(player.driver, f"{where} card passing", found, f"passing_{language}")
    finally:
        for phone in phones:
            phone.quit()
        serve.stop()
    assert not found, report(found)


# Every coloured mark the games' pages draw, on the backgrounds it is drawn on, including those a
# test game rarely reaches (8切り and 革命 tags, a winner's "+390", a lost coin on one's own row)
SWATCHES = """
const main = document.querySelector("main");
const box = document.createElement("div");
box.id = "swatches";
box.innerHTML = `
<div class="players">
  <div class="player me turn"><div class="name">あや（あなた）</div><div class="meta">大富豪 · 9枚</div></div>
  <div class="player"><div class="name">CPU 2</div><div class="meta">9枚</div></div>
  <div class="player done"><div class="name">CPU 3</div><div class="meta">あがり</div></div>
</div>
<div class="field"><div class="tags"><span class="tag">11バック</span><span class="tag rev">革命</span>
  <span class="tag event">8切り</span><span class="tag mine">スコア 138</span></div>
  <div class="who-played">CPU 2</div></div>
<div class="schwimmen"><div class="sw-result">
  <div class="sw-row me lost"><span class="sw-place">5位</span><span class="sw-name">あや</span>
    <span class="sw-points">12点</span><span class="sw-coins">コイン 0（−1）</span></div>
  <div class="sw-row lost"><span class="sw-place">4位</span><span class="sw-name">CPU 2</span>
    <span class="sw-points">13点</span><span class="sw-coins">コイン 1（−1）</span></div>
  <div class="row-label">場のカード</div></div></div>
<div class="notice">出せません</div><div class="notice info">お知らせ</div>
<div class="sheet"><table class="results"><tr class="me"><td>1</td><td>あや</td>
  <td class="num plus">+390</td></tr><tr><td>5</td><td>CPU 3</td><td class="num minus">-200</td></tr>
  <tr><td>2</td><td>CPU 2</td><td class="num plus">+1,000</td></tr></table></div>`;
main.prepend(box);
"""

COOL_CARDS = """
return Object.keys(CL.suit_colors).map((suit) => {
  const card = clCard(suit + "K");
  document.querySelector("main").prepend(card);
  const s = getComputedStyle(card);
  return [suit, s.color, s.backgroundColor, parseFloat(s.fontSize)];
});
"""


def contrast(one: str, other: str) -> float:
    """WCAG's contrast ratio of two computed colours ("rgb(r, g, b)")."""

    def of(colour: str) -> float:
        return luminance([int(x) for x in colour[colour.index("(") + 1 : -1].split(",")[:3]])

    high, low = sorted((of(one), of(other)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_every_coloured_mark_of_the_games_pages_reads(tmp_path):
    """The tags, the seats' tiles, Schwimmen's round rows, the notices and the results' money
    as the pages draw them (their classes, the real CSS), checked by axe at every width."""
    serve = GamesServe(tmp_path, schwimmen=True)
    phone = Phone(tmp_path / "phone", serve.url)
    found: list[str] = []
    try:
        wait_for(lambda: phone.visible("#name"), 60, "the join page")
        phone.js(SWATCHES)
        assert phone.visible("#swatches .tag.event") and phone.visible("#swatches .sw-coins")
        check_widths(phone.driver, "the coloured marks", found, "marks")
        # COOL 24+24's cards: the number on each suit's colour, large bold text (3:1)
        for suit, colour, background, size in phone.js(COOL_CARDS):
            ratio = contrast(colour, background)
            assert size >= 24 and ratio >= 3, f"COOL's {suit} card: {ratio:.2f}:1 ({colour})"
    finally:
        phone.quit()
        serve.stop()
    assert not found, report(found)
