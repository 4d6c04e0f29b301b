"""What happened to you, on the phone (issue 43's "see what happened"): headless Chromium phones
at `games serve`'s real hub and pages (tests/test_games_web_browser.py's GamesServe and Phone).

A set position is put on a room's table in the server's own loop (`at_position`), so a test
reaches the moment it needs (a last card that would be a forbidden finish) in a few taps. The
one-phone Daifugō tests share a server and a seated phone per language (`Seated`, the page
reloaded for each test), the Schwimmen and COOL 24+24 tests a server per language
(`card_tables`, a phone of their own): a server and a phone cost more than most tests' steps.

Grabs: tests/output/happened_*.png (320 and 430 px, ja and en).
"""

from __future__ import annotations

import pytest
from phone_pages import have_chromium, phone_size, wait_for
from test_games_web_browser import GamesServe, Phone, screenshot

from games.daifugo.game import Game
from games.daifugo.ruleset import Rules

pytestmark = [
    pytest.mark.skipif(not have_chromium(), reason="needs Debian's chromium"),
    pytest.mark.browser,
    pytest.mark.slow,
]

ROOM = "daifugo-beginner"
WORDS = {
    "ja": {"rule": "反則あがり", "last": "最下位", "place": "5位（反則あがり）", "fell": "都落ち"},
    "en": {
        "rule": "Forbidden finish",
        "last": "last",
        "place": "#5 (forbidden finish)",
        "fell": "Fell",
    },
}


def at_position(
    serve: GamesServe, hands: list[list[str]], first: int = 0, ranks=None, phone=None
) -> None:
    """The room's game goes on from `hands` (rule set 1), `first` to move (with `ranks`: the
    card passing those titles call for first); every phone told, and `phone` shows it (what it
    read before is a table gone: the module's phone plays on from test to test)."""

    passing = ranks is not None
    step = serve.load_game(
        ROOM,
        lambda _: Game.new(
            rules=Rules.preset(1), hands=hands, first=first, ranks=ranks, card_passing=passing
        ),
    )
    if phone is not None:
        wait_for(lambda: (phone.table() or {}).get("step", -1) >= step, 20, "the set position")


class Seated:
    """A `games serve` of `language` and one phone at seat 0 of its five-seat Daifugō room, four
    CPUs, the first game dealt: made once per language for this module (a server and a phone
    cost about 4 CPU-seconds, more than most of these tests' own steps), and handed to each
    test afresh (`fresh`): the page reloaded (its messages, panels and notices gone), 320 x 700
    px, no turn timer, the hub's own clock. Every test then sets the position it needs."""

    def __init__(self, folder, language: str) -> None:
        self.serve = GamesServe(folder, language=language)
        self.clock = self.serve.hub.timer.clock
        self.phone = Phone(folder / "phone", self.serve.url, width=320, height=700)
        self.phone.join("ben")
        self.phone.sit(ROOM)
        self.phone.click("#start_button")
        wait_for(lambda: (self.phone.table() or {}).get("game_no") == 1, 30, "the game dealt")

    def fresh(self, turn_seconds: int = 0) -> tuple[GamesServe, Phone]:
        serve, phone = self.serve, self.phone
        hub = serve.hub

        def reset() -> None:
            hub.timer.clock = self.clock
            hub.options.turn_seconds = turn_seconds
            hub.rooms[ROOM].turns = {}

        serve.on_loop(reset)
        phone_size(phone.driver, 320, 700)
        phone.driver.refresh()
        wait_for(lambda: (phone.table() or {}).get("seat") == 0, 30, "the seat after a reload")
        if phone.visible("#results_panel"):
            phone.click("#results_panel .close")
        return serve, phone

    def stop(self) -> None:
        self.phone.quit()
        self.serve.stop()


@pytest.fixture(scope="module")
def seated_rooms(tmp_path_factory):
    """`seated_alone`'s servers and phones, one per language, stopped after the module."""
    made: dict[str, Seated] = {}

    def get(language: str) -> Seated:
        if language not in made:
            made[language] = Seated(tmp_path_factory.mktemp(f"seated-{language}"), language)
        return made[language]

    yield get
    for seated in made.values():
        seated.stop()


def seated_alone(seated_rooms, language: str, turn_seconds: int = 0) -> tuple[GamesServe, Phone]:
    """The module's phone at seat 0 of the `language` server's room (`Seated`), afresh."""
    return seated_rooms(language).fresh(turn_seconds)


@pytest.mark.parametrize("language", ["ja", "en"])
def test_a_forbidden_finish_is_asked_first_and_named_after(seated_rooms, language):
    words = WORDS[language]
    serve, phone = seated_alone(seated_rooms, language)
    hands = [["2S"], ["3H", "4H"], ["5D", "6D"], ["7C", "9C"], ["10S", "QS"]]
    at_position(serve, hands, phone=phone)
    wait_for(lambda: phone.hand() == ["2S"] and phone.table()["your_turn"], 20, "the last 2")
    step = phone.table()["step"]
    phone.tap_cards(["2S"])
    phone.press("play")
    wait_for(lambda: phone.visible("#confirm_panel"), 10, "the question")
    question = phone.text("#confirm_text")
    assert words["rule"] in question and words["last"] in question, question
    # to stay is the primary button and has the focus: a careless Enter plays nothing
    assert "primary" in phone.css("#confirm_stay")[0].get_attribute("class")
    assert "primary" not in (phone.css("#confirm_yes")[0].get_attribute("class") or "")
    assert phone.js("return document.activeElement.id") == "confirm_stay"
    screenshot(phone, f"happened_foul_question_{language}_320.png")
    phone.click("#confirm_stay")
    assert not phone.visible("#confirm_panel")
    assert phone.table()["step"] == step and phone.hand() == ["2S"]  # nothing was sent
    phone.press("play")  # the 2 is still selected
    phone.click("#confirm_yes")
    wait_for(lambda: phone.hand() == [], 20, "the 2 played")
    tile = phone.text('#players .player[data-seat="0"] .meta')
    assert words["rule"] in tile and words["fell"] not in tile, tile
    status = phone.text("#status")
    assert words["rule"] in status, status
    assert not phone.css("#actions button")  # out of the game: no Play / Pass left to tap
    results = wait_for(lambda: phone.visible("#results_panel"), 60, "the results")
    assert results
    row = phone.text('#results_table tr[data-seat="0"]')
    assert words["place"] in row, row
    assert words["fell"] not in phone.text("#results_table")
    screenshot(phone, f"happened_foul_results_{language}_320.png")
    phone.click("#results_panel .close")
    phone_size(phone.driver, 430, 800)
    screenshot(phone, f"happened_foul_table_{language}_430.png")


@pytest.fixture(scope="module")
def card_tables(tmp_path_factory):
    """One `games serve` per language with two Schwimmen tables and a COOL 24+24 table, for the
    module's Schwimmen and COOL 24+24 tests (each its own phone at a table of its own), made on
    first use; `fresh(language, turn_seconds)` hands it to a test with the hub's own clock."""
    made: dict[str, tuple[GamesServe, object]] = {}

    def fresh(language: str, turn_seconds: int = 0) -> GamesServe:
        if language not in made:
            folder = tmp_path_factory.mktemp(f"tables-{language}")
            serve = GamesServe(folder, daifugo=False, schwimmen=2, cool24=True, language=language)
            made[language] = (serve, serve.hub.timer.clock)
        serve, clock = made[language]

        def reset() -> None:
            serve.hub.timer.clock = clock
            serve.hub.options.turn_seconds = turn_seconds

        serve.on_loop(reset)
        return serve

    yield fresh
    for serve, _ in made.values():
        serve.stop()


@pytest.mark.parametrize("language", ["ja", "en"])
def test_a_knocked_out_schwimmen_player_reads_schwimmens_word(card_tables, tmp_path, language):
    """Schwimmen's seat out of the game reads 敗退 / out, never Daifugō's あがりました."""
    serve = card_tables(language)
    phone = Phone(tmp_path / "phone", serve.url, width=320)
    try:
        phone.join("あや")
        phone.sit("schwimmen-2")
        phone.click("#start_button")
        wait_for(lambda: (phone.table() or {}).get("game_no") == 1, 30, "the game dealt")
        # the status of this seat as it would read once the seat is out of the game
        text = phone.js(
            "const m = Object.assign({}, gamesState.table, {out: [gamesState.table.seat],"
            " your_turn: false, to_move: null});"
            "renderStatus(m, 'schwimmen'); return document.getElementById('status').innerText"
        )
        word = "敗退" if language == "ja" else "out of the game"
        assert word in text and "あがり" not in text, text
    finally:
        phone.quit()


SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def timer_moves(phone: Phone, seat: int = 0) -> list[dict]:
    """The table messages of the timer's moves for `seat` the phone received, in order (picked
    out in the page: the rest of its messages are not sent over)."""
    return phone.js(
        "return window.received.filter((m) => m.type === 'table' && m.last"
        " && m.last.by === 'timer' && m.last.seat === arguments[0])",
        seat,
    )


def shown(action: str, language: str) -> str:
    """Card codes as the phone writes them: "KS KD" -> "K♠K♦" (en: "K♠ K♦")."""
    cards = [w[:-1] + SUITS[w[-1]] for w in action.split()]
    return ("" if language == "ja" else " ").join(cards)


@pytest.mark.parametrize("language", ["ja", "en"])
def test_a_turn_the_timer_played_says_what_it_played(seated_rooms, language):
    serve, phone = seated_alone(seated_rooms, language, turn_seconds=30)
    hands = [["KS", "KD", "4C"], ["3H", "4H"], ["5D", "6D"], ["7C", "9C"], ["10S", "QS"]]
    at_position(serve, hands, phone=phone)
    wait_for(lambda: (phone.table() or {}).get("your_turn"), 20, "the phone's turn")
    # nobody taps: the timer plays for the seat, and the phone says what it played (the
    # turn's 30 s passed on the hub's clock, not sat through)
    serve.run_out_turns()
    timed = wait_for(lambda: timer_moves(phone), 30, "the timer's play")[0]["last"]
    action = timed["action"]
    if action == "pass":  # pragma: no cover - a lead cannot pass
        raise AssertionError("the timer passed on a lead")
    words = (
        f"時間切れ：{shown(action, 'ja')}を出しました"
        if language == "ja"
        else f"Time ran out: {shown(action, 'en')} played for you"
    )
    notice = wait_for(lambda: phone.visible("#notice") and phone.text("#notice"), 10, "notice")
    assert notice == words, notice
    screenshot(phone, f"happened_timer_{language}_320.png")


LOG = """
const log = document.getElementById('trick_log');
if (!log) return null;
const box = log.getBoundingClientRect();
const items = [...log.querySelectorAll('li')];
const last = items.length ? items[items.length - 1].getBoundingClientRect() : null;
return {lines: items.map((li) => li.innerText.replace(/\\s+/g, ' ').trim()),
        fits: log.scrollWidth <= log.clientWidth + 1 && box.right <= window.innerWidth,
        font: parseFloat(getComputedStyle(log).fontSize),
        newest_in_sight: !!last && last.bottom <= box.bottom + 1 && last.top >= box.top - 1};
"""


@pytest.mark.parametrize("language", ["ja", "en"])
def test_the_trick_so_far_shows_who_played_what_and_who_passed(seated_rooms, language):
    serve, phone = seated_alone(seated_rooms, language)
    hands = [
        ["5D", "5C", "3S", "4S"],
        ["6H", "6C", "9D"],
        ["7S", "7H", "10D"],
        ["QS", "QH", "JD"],
        ["KS", "KD", "3D"],
    ]
    at_position(serve, hands, phone=phone)
    wait_for(lambda: (phone.table() or {}).get("your_turn"), 20, "the phone's lead")
    lead = phone.table()["step"]
    phone.tap_cards(["5D", "5C"])
    phone.press("play")
    # the CPUs answer; once the turn is back, the trick's lines are the history in order
    wait_for(
        lambda: (phone.table() or {}).get("your_turn") and phone.table()["step"] > lead + 1,
        30,
        "the phone's turn again",
    )
    table = phone.table()
    history = table["view"]["history"]
    shown = wait_for(lambda: phone.js(LOG), 10, "the trick's list")
    assert len(history) >= 2 and history[0]["seat"] == 0
    names = table["names"]
    passed = "パス" if language == "ja" else "Pass"
    expected = len(history) + (1 if table["view"]["trick_cleared"] else 0)
    assert len(shown["lines"]) == expected, shown
    for line, entry in zip(shown["lines"], history, strict=False):
        assert line.startswith(names[entry["seat"]]), (line, entry)
        if not entry["cards"]:
            assert passed in line, line
    assert "5♦5♣" in shown["lines"][0] if language == "ja" else "5♦ 5♣" in shown["lines"][0]
    assert shown["fits"] and shown["font"] >= 13 and shown["newest_in_sight"], shown
    screenshot(phone, f"happened_trick_{language}_320.png")
    phone_size(phone.driver, 430, 900)
    wait_for(lambda: (phone.js(LOG) or {}).get("fits"), 10, "the list at 430 px")
    screenshot(phone, f"happened_trick_{language}_430.png")


@pytest.mark.parametrize("language", ["ja", "en"])
def test_card_passing_tells_what_you_gave_and_got(seated_rooms, language):
    from games.daifugo.ruleset import Title

    serve, phone = seated_alone(seated_rooms, language)
    # ben is the 大貧民 with the joker: it goes to the 大富豪 (CPU 2) at once, no tap,
    # and two cards of CPU 2's choice come back
    ranks = (Title.DAIHINMIN, Title.DAIFUGO, Title.FUGO, Title.HINMIN, Title.HEIMIN)
    hands = [
        ["3S", "4S", "5S", "JK"],
        ["6H", "7H", "8H", "2S"],
        ["9D", "10D", "JD", "QD"],
        ["KC", "AC", "3C", "4C"],
        ["5H", "6S", "7S", "8S"],
    ]
    at_position(serve, hands, ranks=ranks, phone=phone)
    got = wait_for(
        lambda: (
            len(((phone.table() or {}).get("view") or {}).get("gifts") or []) == 2 and phone.table()
        ),
        30,
        "the joker given and two cards back",
    )
    back = next(g for g in got["view"]["gifts"] if g["receiver"] == 0)["cards"]
    names = got["names"]
    note = wait_for(lambda: phone.text("#exchange_note"), 10, "the card passing's note")
    joker = "ジョーカー" if language == "ja" else "Joker"
    if language == "ja":
        assert f"{names[1]}に {joker} を渡しました" in note, note
        assert f"{names[1]}から {shown(' '.join(back), 'ja')} をもらいました" in note, note
    else:
        assert f"gave {joker} to {names[1]}" in note, note
        assert f"received {shown(' '.join(back), 'en')} from {names[1]}" in note, note
    assert "JK" not in phone.hand() and all(c in phone.hand() for c in back)
    screenshot(phone, f"happened_exchange_{language}_320.png")
    phone_size(phone.driver, 430, 900)
    screenshot(phone, f"happened_exchange_{language}_430.png")


CHOOSING = {
    "ja": {
        "prompt": "{to}に渡すカードを{n}枚選んで「渡す」",
        "left": "残り",
        "waiting": "渡しました。{names}が選ぶのを待っています",
    },
    "en": {
        "prompt": "Choose {n} card(s) to give to {to}, then Give",
        "left": "s left",
        "waiting": "Given. Waiting for {names} to choose",
    },
}


@pytest.mark.parametrize("language", ["ja", "en"])
def test_the_daifugo_and_the_fugo_choose_their_cards_at_the_same_time(tmp_path, language):
    """Two phones hold the 大富豪 (seat 0) and the 富豪 (seat 1): the poor's strongest cards
    come at once, then both phones show their own prompt and countdown together; the 富豪
    gives first (the reverse of the engine's order), its phone says it waits for the other,
    and the 大富豪 still chooses."""
    from games.daifugo.ruleset import Title

    words = CHOOSING[language]
    serve = GamesServe(tmp_path, language=language, turn_seconds=120)
    rich = Phone(tmp_path / "rich", serve.url, width=320, height=700)
    fugo = Phone(tmp_path / "fugo", serve.url, width=320, height=700)
    try:
        rich.join("ben")
        rich.sit(ROOM)
        fugo.join("あおい")
        fugo.sit(ROOM)
        rich.click("#start_button")
        for phone in (rich, fugo):
            wait_for(lambda p=phone: (p.table() or {}).get("game_no") == 1, 30, "the game dealt")
        assert (rich.table()["seat"], fugo.table()["seat"]) == (0, 1)
        ranks = (Title.DAIFUGO, Title.FUGO, Title.DAIHINMIN, Title.HINMIN, Title.HEIMIN)
        hands = [
            ["6H", "7H", "8H", "2S"],
            ["9D", "10D", "JD", "QD"],
            ["3S", "4S", "5S", "JK"],  # the 大貧民's joker goes to ben at once
            ["KC", "AC", "3C", "4C"],  # the 貧民's ace goes to あおい at once
            ["5H", "6S", "7S", "8S"],
        ]
        at_position(serve, hands, ranks=ranks)

        def choosing(phone: Phone) -> bool:
            table = phone.table() or {}
            return bool(table.get("your_turn") and table.get("choosing") == [0, 1])

        for phone in (rich, fugo):
            wait_for(lambda p=phone: choosing(p), 30, "both choosing")
        names = rich.table()["names"]
        for phone, to, n, hand in ((rich, names[2], 2, "JK"), (fugo, names[3], 1, "AC")):
            prompt = words["prompt"].format(to=to, n=n)
            status = wait_for(
                lambda p=phone, w=prompt: w in p.text("#status") and p.text("#status"),
                10,
                "the phone's own prompt",
            )
            assert words["left"] in status, status  # its own countdown
            assert hand in phone.hand()  # the poor's card came before the choice
            # both choosers' tiles are marked as to move, on each phone
            marked = phone.js(
                "return [...document.querySelectorAll('#players .player.turn')]"
                ".map((p) => Number(p.dataset.seat))"
            )
            assert marked == [0, 1], marked
        screenshot(rich, f"happened_choosing_{language}_320.png")
        # あおい (the 富豪) gives first, then waits; ben is still choosing, as before
        fugo.daifugo("give 9D")
        waiting = words["waiting"].format(names=names[0])
        status = wait_for(
            lambda: waiting in fugo.text("#status") and fugo.text("#status"), 20, "the wait"
        )
        assert not fugo.table()["your_turn"], status
        wait_for(lambda: "choosing" not in (rich.table() or {"choosing": 1}), 20, "one chooser")
        assert rich.table()["your_turn"] and "9D" not in rich.hand()
        screenshot(fugo, f"happened_choosing_waiting_{language}_320.png")
        rich.daifugo("give 6H 7H")
        for phone in (rich, fugo):
            wait_for(
                lambda p=phone: obs_phase(p) == "play",
                30,
                "card passing done",
            )
        assert "6H" not in rich.hand() and "JK" in rich.hand()
        assert "9D" not in fugo.hand() and "AC" in fugo.hand()
    finally:
        rich.quit()
        fugo.quit()
        serve.stop()


def obs_phase(phone: Phone) -> str | None:
    view = (phone.table() or {}).get("view") or {}
    return (view.get("observation") or {}).get("phase")


CL_SHAPES = {
    "ja": ["まる", "さんかく", "しかく", "ひし形"],
    "en": ["circle", "triangle", "square", "diamond"],
}
SW_BUTTONS = {"keep": "keep", "take extra": "take_extra", "swap all": "swap_all", "pass": "pass",
              "knock": "knock"}  # fmt: skip


def timer_words(game: str, language: str, last: dict, view: dict) -> str:
    """What the phone should say the timer chose, from the games' own texts tables."""
    if game == "schwimmen":
        from games.schwimmen.texts import TEXTS

        words = TEXTS[language]
        action = last["action"].split()
        if action[0] == "swap" and len(action) == 3:
            hand, table = (shown(code, language) for code in action[1:])
            return str(words["timer_swapped"]).format(hand=hand, table=table)
        return str(words["timer_chose"]).format(move=words[SW_BUTTONS[last["action"]]])
    from games.cool24.registration import page_texts

    words = page_texts(language)
    card = view["last"]
    suits = list(words["suit_colors"])
    name = ("{colour}・{shape}の {rank}" if language == "ja" else "{colour} {shape} {rank}").format(
        colour=words["suit_names"][card[0]],
        shape=CL_SHAPES[language][suits.index(card[0])],
        rank=card[1:],
    )
    return str(words["timer_played"]).format(card=name)


@pytest.mark.parametrize("language", ["ja", "en"])
@pytest.mark.parametrize("game", ["schwimmen", "cool24"])
def test_schwimmen_and_cool24_say_what_the_timer_played(card_tables, tmp_path, game, language):
    """Issue 43 (a): the timer's notice names the move, as Daifugō's does, not only 「CPUが
    代わりに打ちました」."""
    serve = card_tables(language, turn_seconds=30)
    phone = Phone(tmp_path / "phone", serve.url, width=320)
    try:
        phone.join("ちひろ" if game == "schwimmen" else "みお")  # a name per phone: one server
        phone.sit(f"{game}-1")
        phone.click("#start_button")
        wait_for(lambda: (phone.table() or {}).get("game_no") == 1, 30, "the game dealt")

        def timed() -> list[dict]:
            return timer_moves(phone)

        wait_for(lambda: (phone.table() or {}).get("your_turn"), 30, "the phone's turn")
        serve.run_out_turns()  # nobody taps: the turn's 30 s passed on the hub's clock
        wait_for(timed, 60, "the timer's move")
        prefix = "時間切れ：" if language == "ja" else "Time ran out: "
        notice = wait_for(lambda: phone.visible("#notice") and phone.text("#notice"), 10, "notice")
        # the notice of the timer's latest move (another may have come meanwhile)
        said = {prefix + timer_words(game, language, m["last"], m["view"]) for m in timed()}
        assert notice in said, (notice, said)
        assert "CPU" not in notice, notice
        screenshot(phone, f"happened_timer_{game}_{language}_320.png")
    finally:
        phone.quit()
