"""Schwimmen on phones at 320, 375 and 430 px (issue 36 items 3-8): three phones and two CPUs play a
whole game in headless Chromium. On every turn every action button lies whole on the screen and
only the moves `legal` lists are enabled; between rounds the phone shows why the round ended,
every hand, the points and who lost a coin, as the Qt window does; your own points are shown;
the seats say 「コイン 0」 and 「コイン −1」 apart; the deck count is the Qt window's. Grabs:
tests/output/schwimmen_phone_*.png."""

from __future__ import annotations

import pytest
from test_games_web_browser import (
    TABLE,
    GamesServe,
    Phone,
    have_chromium,
    observation,
    play,
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


@pytest.mark.browser
@pytest.mark.timeout(420)
def test_phones_play_schwimmen_with_results_and_buttons_in_reach(tmp_path):
    serve = GamesServe(tmp_path, daifugo=False, schwimmen=True)
    serve.hub.advance_pause = 2.0  # each round's results stay up (as at an event) to be read
    phones = [
        Phone(tmp_path / "p375", serve.url, 375, 667),
        Phone(tmp_path / "p320", serve.url, 320, 568),
        Phone(tmp_path / "p430", serve.url, 430, 740),
    ]
    seen = {"turns": 0, "results": 0, "disabled_pass": 0, "grabs": set(), "points": 0}
    try:
        for phone, name in zip(
            phones, ("あや", "ちかちゃんはトランプがだいすき", "ben"), strict=True
        ):
            phone.join(name)
            phone.sit(TABLE)
        phones[0].click("#start_button")

        def hook(phone: Phone, t: dict) -> bool:
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
                assert ops["pass"] == ("pass" in t["legal"]) and ops["knock"] == (
                    "knock" in t["legal"]
                )
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
            return False

        checked: set = set()

        def between_rounds() -> bool:
            """Each phone between rounds (the hub waits advance_pause): the round's results."""
            for phone in phones:
                t = phone.table()
                obs = observation(t) if t and t.get("view") else {}
                if obs.get("phase") != "round_over":  # the game's end: the results panel
                    continue
                key = (id(phone), obs["round_number"])
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
            return bool(results_of(phones[0], 1))

        play(phones, between_rounds, hook, schwimmen_choice, 360)
        assert seen["results"] >= 2 and seen["turns"] >= 10 and seen["points"] >= 2
        assert seen["disabled_pass"] >= 1  # a turn where パス or 終了 was not offered
        assert {"result_320", "result_375"} <= seen["grabs"]
        a = phones[0]
        wait_for(lambda: a.visible("#results_panel"), 10, "the results shown")
        result = results_of(a, 1)
        for tr in a.css("#results_table tr[data-seat]"):  # coins, not lives (coins + 2)
            seat = int(tr.get_attribute("data-seat"))
            coins = round(result["returns"][seat]) - 2
            want = T("out") if coins < -1 else T("coins", n=str(coins).replace("-", "−"))
            assert tr.find_elements("css selector", "td")[-1].text == want
        screenshot(a, "schwimmen_phone_results_375.png")
        check_final_round(phones)
    finally:
        for phone in phones:
            phone.quit()
        serve.stop()
