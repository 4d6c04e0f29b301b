"""Schwimmen on phones at 320, 375 and 430 px (issue 36 items 3-8): three phones and two CPUs play a
whole game in headless Chromium (the one whole Schwimmen game through browsers: it also refuses a
first-turn knock, reloads a page mid-game and has a person leave, watch and peek, which
test_games_web_browser's own Schwimmen game did until the two were merged). On every turn every action button lies whole on the screen and
only the moves `legal` lists are enabled; between rounds the phone shows why the round ended,
every hand, the points and who lost a coin, as the Qt window does; your own points are shown;
the seats say 「コイン 0」 and 「コイン −1」 apart; the deck count is the Qt window's. Grabs:
tests/output/schwimmen_phone_*.png."""

from __future__ import annotations

import asyncio

import pytest
from test_games_web_browser import (
    TABLE,
    GamesServe,
    Phone,
    have_chromium,
    leave_watch_and_peek,
    measure_hand,
    observation,
    play,
    reload_keeps_the_seat,
    results_of,
    schwimmen_choice,
    screenshot,
    wait_for,
)

from games.schwimmen.hands import hand_value
from games.schwimmen.texts import Texts

pytestmark = pytest.mark.skipif(not have_chromium(), reason="needs Debian's chromium")

T = Texts("ja")
BUTTONS = """
return [...document.querySelectorAll('#actions button')].map((b) => {
  const r = b.getBoundingClientRect();
  return {op: b.dataset.op, on: !b.disabled, top: r.top, bottom: r.bottom, left: r.left,
          right: r.right, w: innerWidth, h: innerHeight, fits: b.scrollWidth <= b.clientWidth};
});
"""
RESULT = """
const box = document.getElementById('sw_result');
if (!box) return null;
const reason = box.querySelector('.sw-reason');
return {reason: reason ? reason.innerText : '', rows: [...box.querySelectorAll('.sw-row')].map((r) => ({
  seat: +r.dataset.seat, name: r.querySelector('.sw-name').innerText, cards: [...r.querySelectorAll('.card')].map((c) => c.dataset.card),
  points: r.querySelector('.sw-points').innerText, coins: r.querySelector('.sw-coins').innerText}))};
"""
WORDS = {"swap_all": "swap all", "pass": "pass", "knock": "knock", "take_extra": "take extra",
         "keep": "keep", "next_round": "next round"}  # fmt: skip


def check_buttons(phone: Phone, t: dict) -> list[dict]:
    """Every button whole on screen; enabled only for a legal move."""
    buttons = phone.js(BUTTONS)
    for b in buttons:
        where = (b, observation(t)["phase"])
        assert b["top"] >= 0 and b["bottom"] <= b["h"] + 0.5, where
        assert b["left"] >= 0 and b["right"] <= b["w"] + 0.5 and b["fits"], where
        if b["on"] and b["op"] != "swap":
            assert WORDS[b["op"]] in t["legal"], (where, t["legal"])
    return buttons


def check_result(phone: Phone, t: dict) -> dict:
    view = t["view"]
    result = view["result"]
    shown = phone.js(RESULT)
    assert shown is not None, "no round results on the phone"
    names = t["names"]
    reason = T(f"reason_{result['reason']}", name=names[result["trigger"]])
    if result["reason"] != "stalled":
        assert shown["reason"] == reason
    rows = {r["seat"]: r for r in shown["rows"]}
    assert set(rows) == {s for s, h in enumerate(result["hands"]) if h}
    for seat, row in rows.items():
        assert row["cards"] == result["hands"][seat] and row["name"] == names[seat]
        assert row["points"] == T.points(result["values"][seat])
        assert (T("lost") in row["coins"]) == (seat in result["losers"])
    return shown


def check_final_round(phones: list[Phone]) -> None:
    """Issue 36: at the game's end every phone, out of the game or not, shows the final round's
    results (places, hands, coins) under the panel, not the table before them."""
    for phone in phones:
        wait_for(lambda p=phone: p.visible("#sw_result"), 10, "the final round's results")
        assert phone.text("#sw_result .sw-result-title") == T("game_over")
        assert len(phone.css("#sw_result .sw-row")) >= 2


def check_turn(phone: Phone, t: dict, seen: dict) -> None:
    """A phone's turn: its buttons in reach and enabled as the rules say, its points, the grabs."""
    obs = observation(t)
    width = phone.js("return innerWidth")
    if obs["phase"] == "play" and "deal" not in seen["grabs"]:
        # the Qt window's deck count: the stock, the dealer's other hand not in it
        assert phone.text("#field .tags").count(T("stock", n=obs["stock_count"])) == 1
    buttons = check_buttons(phone, t)
    seen["turns"] += 1
    if obs["phase"] == "play":
        ops = {b["op"]: b["on"] for b in buttons}
        assert set(ops) == {"swap", "swap_all", "pass", "knock"}
        assert ops["pass"] == ("pass" in t["legal"]) and ops["knock"] == ("knock" in t["legal"])
        seen["disabled_pass"] += not ops["pass"] or not ops["knock"]
        points = phone.text("#sw_points")
        assert points == T.points(hand_value(obs["hand"])), (points, obs["hand"])
        seen["points"] += 1
        tag = f"play_{width}"
        if tag not in seen["grabs"] and obs["round_number"] >= 2:
            screenshot(phone, f"schwimmen_phone_{tag}.png")
            seen["grabs"].add(tag)
    if obs["phase"] == "dealer":
        tag = f"dealer_{width}"
        if tag not in seen["grabs"]:
            screenshot(phone, f"schwimmen_phone_{tag}.png")
            seen["grabs"].add(tag)


def check_coins_column(phone: Phone, result: dict) -> None:
    """The results table's last column: coins, not lives (coins + 2)."""
    for tr in phone.css("#results_table tr[data-seat]"):
        row_seat = int(tr.get_attribute("data-seat"))
        coins = round(result["returns"][row_seat]) - 2
        want = T("out") if coins < -1 else T("coins", n=str(coins).replace("-", "−"))
        assert tr.find_elements("css selector", "td")[-1].text == want


def refuse_a_first_turn_knock(phone: Phone) -> dict:
    """On a first turn the rules refuse a knock: its button is off (issue 36 item 6); sent
    anyway, the table's refusal is shown in its words."""
    assert phone.text("#chips") == "", "Schwimmen has no chips: " + phone.text("#chips")
    assert not phone.css('#actions button[data-op="knock"]')[0].is_enabled()
    phone.js("send({ op: 'act', action: 'knock' })")
    wait_for(lambda: phone.received("refused"), 10, "the refusal sent")
    refused = phone.received("refused")[-1]
    wait_for(lambda: phone.visible("#notice"), 10, "the refusal shown")
    assert refused["code"] == "knock_first_turn"
    assert phone.text("#notice") == refused["text"]
    return refused


class HeldRounds:
    """Each round's results stay on the phones until the test has read them on every seated
    phone: the hub's next deal (its `advance` step, after `advance_pause`, 2 s at an event)
    waits for `release(round)` instead of a fixed time, so no round is missed on a busy machine
    and none is waited on longer than its checks take. The hub's own `_work` for every other
    step, unchanged (set on this hub alone)."""

    def __init__(self, serve: GamesServe) -> None:
        self.serve = serve
        self.released: set[int] = set()
        self.held = 0  # next deals the gate held (the hub's own step came to it)
        # the Event of the server's loop, made in it
        self._gate: asyncio.Event | None = serve.on_loop(asyncio.Event)
        hub = serve.hub
        real = hub._work

        async def work(room, step) -> None:
            if step.kind == "advance":
                assert self._gate is not None
                await self._gate.wait()
                self._gate.clear()
                self.held += 1
            await real(room, step)

        hub.advance_pause = 0  # the hold is the gate's
        hub._work = work

    def release(self, number: int) -> None:
        """The round `number` read: the hub deals the next (once per round)."""
        if number not in self.released:
            self.released.add(number)
            assert self._gate is not None
            self.serve.serve.call(self._gate.set)


@pytest.mark.browser
@pytest.mark.timeout(420)  # a whole game through three browsers (about 70 s here, idle)
def test_phones_play_schwimmen_with_results_and_buttons_in_reach(tmp_path):
    serve = GamesServe(tmp_path, daifugo=False, schwimmen=True)
    held = HeldRounds(serve)  # each round's results stay up until every seated phone is read
    serve.hub.cpu_delay = 0  # the CPUs at once: every check is on a phone's turn or a round's end
    phones = [
        Phone(tmp_path / "p375", serve.url, 375, 667),
        Phone(tmp_path / "p320", serve.url, 320, 568),
        Phone(tmp_path / "p430", serve.url, 430, 740),
    ]
    seen = {"turns": 0, "results": 0, "disabled_pass": 0, "grabs": set(), "points": 0}
    done: dict = {"refused": None, "reloaded": None, "left": None}
    try:
        for phone, name in zip(
            phones, ("あや", "ちかちゃんはトランプがだいすき", "ben"), strict=True
        ):
            phone.join(name)
            phone.sit(TABLE)
        a, b, c = phones  # a refuses a knock, b reloads its page, c leaves and watches
        seated = [a, b, c]
        a.click("#start_button")
        for phone in phones:
            wait_for(
                lambda p=phone: (p.table() or {}).get("game_no") == 1 and p.hand(), 30, "dealt"
            )
        hands = [set(p.hand()) for p in phones]
        assert all(len(h) == 3 for h in hands) and not (hands[0] & hands[1] | hands[1] & hands[2])
        measure_hand(a, "#hand .card, #table_cards .card")
        seat = {p: p.table()["seat"] for p in phones}

        def hook(phone: Phone, t: dict) -> bool:
            check_turn(phone, t, seen)
            obs = observation(t)
            mine = t["seat"]
            first_turn = obs["phase"] == "play" and obs["turns_taken"][mine] == 0
            if phone is a and done["refused"] is None and first_turn:
                screenshot(phone, "games_schwimmen_phone.png")
                done["refused"] = refuse_a_first_turn_knock(phone)
                return True
            if phone is b and done["reloaded"] is None and obs["round_number"] >= 2:
                done["reloaded"] = reload_keeps_the_seat(phone)
                return True
            if phone is c and done["left"] is None and obs["round_number"] >= 2:
                done["left"] = leave_watch_and_peek(c, a, TABLE, seat[a])
                seated.remove(c)  # a spectator from now on: its results are a player's
                return True
            return False

        checked: set = set()

        def between_rounds() -> bool:
            """Each seated phone between rounds (the hub holds the next deal, `held`): the
            round's results; the next round dealt once every seated phone has shown them."""
            over = set()
            for phone in seated:
                t = phone.table()
                obs = observation(t) if t and t.get("view") else {}
                if obs.get("phase") != "round_over":  # the game's end: the results panel
                    continue
                key = (id(phone), obs["round_number"])
                over.add(obs["round_number"])
                if key in checked:
                    continue
                wait_for(lambda p=phone: p.js(RESULT), 10, "the round's results drawn")
                check_result(phone, phone.table())
                checked.add(key)
                seen["results"] += 1
                tag = f"result_{phone.js('return innerWidth')}"
                if tag not in seen["grabs"]:
                    screenshot(phone, f"schwimmen_phone_{tag}.png")
                    seen["grabs"].add(tag)
            for number in over:
                if all((id(phone), number) in checked for phone in seated):
                    held.release(number)
            return bool(results_of(a, 1) and results_of(b, 1))

        play(phones, between_rounds, hook, schwimmen_choice, 360)
        assert seen["results"] >= 2 and seen["turns"] >= 10 and seen["points"] >= 2
        assert held.held >= 1 and held.held >= len(held.released) - 1, (held.held, held.released)
        print(f"rounds held for their checks: {held.held} (released {sorted(held.released)})")
        assert seen["disabled_pass"] >= 1  # a turn where パス or 終了 was not offered
        assert {"result_320", "result_375"} <= seen["grabs"]
        assert done["refused"] and done["reloaded"] and done["left"]
        assert done["left"]["penalty"] == 0  # no money at this table: leaving costs nothing
        result = results_of(a, 1)
        assert seat[c] in result["left"] and result["money"] is None
        # the game ends when every person is out: each person has a place, CPUs still in may not
        places = [p for p in result["places"] if p]
        assert result["places"][seat[a]] and result["places"][seat[b]]
        assert len(set(places)) == len(places) and all(1 <= p <= 5 for p in places)
        wait_for(lambda: a.visible("#results_panel"), 10, "the results shown")
        assert len(a.css("#results_table tr[data-seat]")) == 5
        check_coins_column(a, result)
        screenshot(a, "schwimmen_phone_results_375.png")
        check_final_round(seated)
    finally:
        for phone in phones:
            phone.quit()
        serve.stop()
