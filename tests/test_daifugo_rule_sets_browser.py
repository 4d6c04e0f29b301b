"""The seed's rooms on a phone (issue 43.2), in Chromium, in Japanese and English: the lobby's
room card names the rule set the host chose and its rules, and so does the room's waiting
panel; the rules panel's title says which set it lists and states that the prize passes on
when the winner has left, and the results show each seat's title, fee, the winner's prize and
2 % play fee beside the net. The lobby and the results are grabbed at 320 and 430 px."""

from __future__ import annotations

import pytest
from phone_pages import have_chromium, phone_size, wait_for
from test_games_web_browser import (
    ROOM,
    GamesServe,
    Phone,
    measure_hand,
    play,
    results_of,
    screenshot,
)

pytestmark = [
    pytest.mark.browser,
    pytest.mark.slow,
    pytest.mark.skipif(not have_chromium(), reason="needs Debian's chromium"),
]

WORDS = {
    "ja": {
        "line": "ルール3：革命・禁止あがり・8切り・11バック",
        "name": "ルール3",
        "passes": "1位がゲームの終わりより前に抜けると、賞金は次の順位のプレイヤーがもらう",
        "titles": ["大富豪", "富豪", "平民", "貧民", "大貧民"],
        "title": "次は{}",
        "fee": "参加費 {:+,}",
        "prize": "賞金 {:+,}",
        "play_fee": "プレイ代2% {:+,}",
    },
    "en": {
        "line": "Rule set 3: Revolution, Forbidden finish, 8-cut, 11-back",
        "name": "Rule set 3",
        "passes": "A winner who leaves before the game ends gets no prize: the next place takes it",
        "titles": ["Grand Millionaire", "Millionaire", "Commoner", "Poor", "Grand Poor"],
        "title": "next: {}",
        "fee": "fee {:+,}",
        "prize": "prize {:+,}",
        "play_fee": "2% play fee {:+,}",
    },
}


def expected_detail(results: dict, seat: int, w: dict) -> str:
    """A seat's parts as the results message gives them, in the page's words."""
    x = results["extra"]
    parts = [w["title"].format(w["titles"][x["titles"][seat]]), w["fee"].format(-x["fees"][seat])]
    if x["winner"] == seat:
        parts += [w["prize"].format(x["pot"]), w["play_fee"].format(-x["play_fee"])]
    return " · ".join(parts)


def at_position(serve: GamesServe, hands: list[list[str]]) -> None:
    """The room's game goes on from `hands` with its own rules (ルール3), seat 0 to lead; the
    titles it was started with (its fees) stay; every phone told."""
    from games.daifugo.game import Game

    serve.load_game(ROOM, lambda game: Game.new(rules=game.rules, hands=hands, ranks=game.ranks))


def grab_at(phone: Phone, width: int, name: str) -> None:
    phone_size(phone.driver, width, 740)
    phone.js("window.dispatchEvent(new Event('resize'))")
    screenshot(phone, name)


@pytest.mark.parametrize("language", ["ja", "en"])
def test_the_phone_names_the_rule_set_and_the_results_show_the_money_s_parts(tmp_path, language):
    w = WORDS[language]
    serve = GamesServe(tmp_path, language=language, seed=5)
    serve.hub.cpu_delay = 0  # every check is on the phone's own turn or once the game is over
    serve.hub.advance_pause = 0
    phone = None
    try:
        chosen: list[object] = []
        serve.serve.call(lambda: chosen.append(serve.hub.set_rules(None, ROOM, "3")))
        wait_for(lambda: chosen, 20, "the laptop's choice of ルール3")
        phone = Phone(tmp_path / "phone", serve.url, width=320, height=740)
        phone.join("あや" if language == "ja" else "Aya")
        card = f'.room-card[data-room="{ROOM}"] .rules'
        wait_for(lambda: phone.text(card) == w["line"], 20, "the lobby's rule set")
        measure_hand(phone, None)  # the lobby whole, nothing cut, at 320-430 px
        for width in (320, 430):
            grab_at(phone, width, f"daifugo_rule_set_lobby_{language}_{width}.png")

        phone.sit(ROOM)
        wait_for(lambda: phone.text("#room_rules") == w["line"], 20, "the room's rule set")
        phone.click("#rules_button")
        wait_for(lambda: phone.visible("#rules_panel"), 10, "the rules panel")
        assert phone.text("#rules_title") == w["name"]
        lines = phone.js(
            "return [...document.querySelectorAll('#rules_lines li')].map((e) => e.innerText)"
        )
        assert w["passes"] in lines
        phone.click("#rules_panel .close")

        phone.click("#start_button")
        wait_for(lambda: (phone.table() or {}).get("game_no") == 1, 30, "the game dealt")
        # the money's parts are the results' whatever the game: it goes on from a set position
        # (one card each for the phone's lead, a few for the CPUs), not played from the deal
        at_position(serve, [["9S"], ["3H", "4H"], ["5D", "6D"], ["7C", "9C"], ["10S", "QS"]])
        play([phone], lambda: results_of(phone, 1) is not None)
        results = results_of(phone, 1)
        wait_for(lambda: phone.visible("#results_panel"), 20, "the results panel")
        shown = phone.js(
            "return Object.fromEntries([...document.querySelectorAll('#results_table tr[data-seat]')]"
            ".map((tr) => [tr.dataset.seat, tr.querySelector('.detail').innerText]))"
        )
        assert len(shown) == 5
        for seat in range(5):
            assert shown[str(seat)] == expected_detail(results, seat, w), seat
        x = results["extra"]
        assert x["prize"] == x["pot"] - x["play_fee"] and x["play_fee"] == x["pot"] * 2 // 100
        winner = x["winner"]
        assert results["money"][winner] == x["prize"] - x["fees"][winner]  # the parts add up
        measure_hand(phone, None)  # the results whole, nothing cut, at 320-430 px
        for width in (320, 430):
            grab_at(phone, width, f"daifugo_rule_set_results_{language}_{width}.png")
    finally:
        if phone is not None:
            phone.quit()
        serve.stop()
