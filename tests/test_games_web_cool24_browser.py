"""A phone plays COOL 24+24 alone at `games serve`'s COOL table (headless Chromium, tapped as a
person taps): the hint, every card to the end, the score and the bonuses, the results; at
320-430 px every card and button whole and on screen, no text cut (test_games_web_browser's
measure_hand)."""

from __future__ import annotations

import pytest
from phone_pages import have_chromium, phone_size, wait_for
from test_games_web_browser import GamesServe, Phone, measure_hand, screenshot

pytestmark = pytest.mark.skipif(not have_chromium(), reason="needs Debian's chromium")

ROOM = "cool24-1"
CUT = """return [...document.querySelectorAll('#boards, #boards *')].filter((e) => {
  const r = e.getBoundingClientRect();
  return e.scrollWidth > e.clientWidth + 1 || r.left < 0 || r.right > window.innerWidth;
}).map((e) => e.className + ': ' + e.textContent);"""

# each hand slot's card shown: enabled or not (WebDriver's is_enabled of a form control: not
# :disabled), the first card of each slot as `phone.css(...)[0]` found it
SLOTS_ENABLED = """const out = {};
for (const e of document.querySelectorAll('#hand .cl-card')) {
  if (!(e.dataset.slot in out)) out[e.dataset.slot] = !e.matches(':disabled');
}
return out;"""


def _slot_of(action: str) -> int:
    return int(action.split()[-1])


@pytest.mark.browser
@pytest.mark.timeout(300)
def test_a_phone_plays_cool24_to_the_end_with_the_hint_score_and_bonuses(tmp_path):
    serve = GamesServe(tmp_path, daifugo=False, cool24=True)
    phone = Phone(tmp_path / "phone", serve.url, width=320, height=640)
    try:
        phone.join("あおい")
        phone.sit(ROOM)
        wait_for(lambda: phone.visible("#start_button"), 10, "the host's start button")
        assert not phone.visible("#level"), "one seat: no CPU level to choose"
        phone.click("#start_button")
        wait_for(lambda: (phone.table() or {}).get("your_turn") and phone.hand(), 30, "dealt")
        assert phone.text("#chips") == "", "COOL has no chips"
        assert len(phone.css("#hand .cl-card")) == 4
        measure_hand(phone)  # 320..430 px: cards and the hint button whole, nothing cut
        # the hint: tapped, the lookahead's card is ringed
        phone.press("hint")
        wait_for(lambda: phone.visible("#hand .cl-card.hint"), 10, "the hint shown")
        t = phone.table()
        ringed = phone.js("return document.querySelector('#hand .cl-card.hint').dataset.slot")
        assert int(ringed) == t["view"]["hint_slot"] and f"slot {ringed}" in t["legal"]
        screenshot(phone, "games_cool24_phone.png")
        plays = 0
        while True:
            t = phone.table()
            if t["view"]["stage"] == "over":
                break
            assert t["your_turn"], "one seat: always the person's turn until the end"
            hint = t["view"]["hint_slot"]
            slot = hint if f"slot {hint}" in t["legal"] else _slot_of(t["legal"][0])
            step = t["step"]
            # a playable slot is enabled, one the rules refuse is not (read in one script)
            enabled = phone.js(SLOTS_ENABLED)
            for slot, card in enumerate(t["view"]["observation"]["hand"], start=1):
                if str(slot) in enabled and card is not None:
                    assert enabled[str(slot)] == (f"slot {slot}" in t["legal"]), slot
            phone.click(f'#hand .cl-card[data-slot="{slot}"]')
            wait_for(lambda s=step: (phone.table() or {}).get("step") != s, 20, "the play taken")
            plays += 1
        wait_for(lambda: phone.received("results"), 20, "the results sent")
        results = phone.received("results")[-1]
        view = phone.table()["view"]
        score = view["score"]
        assert results["game"] == "cool24" and results["returns"] == [score] and score > 0
        assert view["observation"]["total_played"] == plays
        assert f"{score:,}" in phone.text("#cl_score")
        for kind, n in view["bonuses"].items():  # each bonus earned is a tag with its count
            tags = phone.css(f'#field .tag[data-bonus="{kind}"]')
            assert (len(tags) == 1 and f"×{n}" in tags[0].text) if n else not tags, kind
        assert phone.visible("#cl_over")
        wait_for(lambda: phone.visible("#results_panel"), 10, "the results shown")
        row = phone.text("#results_table tr[data-seat='0']")
        assert "あおい" in row and f"{score:,}" in row, row
        measure_hand(phone, None)
        screenshot(phone, "games_cool24_phone_results.png")
        # back in the lobby: tonight's board has the name and the score
        phone.click("#results_panel button.close")
        phone.click("#leave_button")
        phone.click("#confirm_yes")
        wait_for(lambda: phone.visible("#boards .board li"), 15, "the board in the lobby")
        line = phone.text('#boards .board[data-game="cool24"]')
        assert "今夜のハイスコア" in line and "あおい" in line and f"{score:,}" in line, line
        assert phone.css("#boards .board li.me")  # the phone's own name stands out
        measure_hand(phone, None)
        for width in (320, 430):  # the board's lines whole: nothing cut, nothing off screen
            phone_size(phone.driver, width, 640)
            cut = phone.js(CUT)
            assert not cut, (width, cut)
        screenshot(phone, "games_cool24_phone_board.png")
    finally:
        phone.quit()
        serve.stop()
