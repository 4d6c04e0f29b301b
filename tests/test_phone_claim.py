"""The claim on a phone in Chromium (issue 22 items 6 and 8): its answer is seen without
scrolling on a 375x667 phone, the ビンゴ! button is quiet when a claim makes no sense, a verdict
never contradicts the card, and a right code after many wrong ones is told to wait."""

from __future__ import annotations

import pytest
from phone_pages import (
    PhoneServer,
    PhoneWindow,
    card_from_order,
    have_chromium,
    phone_size,
    wait_for,
    write_config,
)

pytestmark = pytest.mark.skipif(
    not have_chromium(), reason="needs Debian's chromium and chromium-driver (install.sh --test)"
)

STATE = """
const status = document.getElementById("claim_status");
const button = document.getElementById("claim");
const verdict = document.getElementById("verdict");
const r = status.getBoundingClientRect();
const b = button.getBoundingClientRect();
const hit = document.elementFromPoint(r.left + Math.min(20, r.width / 2), r.top + r.height / 2);
return {
  text: status.textContent, kind: status.dataset.verdict || "",
  status_box: {top: r.top, bottom: r.bottom, height: r.height},
  status_on_top: hit !== null && status.contains(hit),
  button: button.dataset.state || "", disabled: button.disabled,
  button_box: {top: b.top, bottom: b.bottom, width: b.width, height: b.height},
  button_colour: getComputedStyle(button).backgroundColor,
  verdict: verdict.dataset.verdict || "", verdict_text: verdict.textContent,
  height: innerHeight, scroll_y: scrollY,
  marked: document.querySelectorAll(".cell.marked").length,
  count: document.body.dataset.count,
};
"""


@pytest.fixture(scope="module")
def browser():
    """A phone window of its own in this worker's one Chromium (phone_pages.PhoneWindow)."""
    window = PhoneWindow()
    yield window.driver
    window.close()


def state(browser) -> dict:
    return browser.execute_script(STATE)


def in_view(s: dict) -> bool:
    """The claim's status is on the screen, not scrolled away nor covered."""
    box = s["status_box"]
    return (
        box["height"] > 0
        and box["top"] >= 0
        and box["bottom"] <= s["height"]
        and s["status_on_top"]
    )


def is_red(css_colour: str) -> bool:
    r, g, b = (int(float(x)) for x in css_colour[css_colour.index("(") + 1 : -1].split(",")[:3])
    return r > 180 and g < 120 and b < 140


@pytest.fixture
def show(tmp_path):
    config = write_config(tmp_path, size=10, per_column=15)
    b = config.board
    order = [c * b.numbers_per_column + r for r in range(1, 16) for c in range(b.size)]
    server = PhoneServer(config, tmp_path, card_from_order(config, order))
    server.order = order  # row 0 across the columns first: the 4th draw is a bingo (threshold 4)
    yield server
    server.stop()


def open_phone(browser, show, width=375, height=667):
    phone_size(browser, width, height)
    browser.get(show.card_url())
    wait_for(
        lambda: browser.execute_script("return document.querySelectorAll('.cell').length"),
        10,
        "the card",
    )


def wait_count(browser, n: int) -> dict:
    return wait_for(lambda: (s := state(browser))["count"] == str(n) and s, 10, f"draw {n}")


@pytest.mark.browser
def test_the_claim_is_answered_in_view_and_the_button_is_quiet_when_it_makes_no_sense(
    browser, show, output_dir
):
    open_phone(browser, show)
    before = wait_count(browser, 0)
    assert before["button"] == "off" and before["disabled"], "a claim before the first draw"
    assert not is_red(before["button_colour"])
    for n in show.order[:3]:
        show.land(n)
    reach = wait_count(browser, 3)
    assert reach["verdict"] == "reach" and reach["button"] == "quiet" and not reach["disabled"]
    assert not is_red(reach["button_colour"])
    show.land(show.order[3])
    ready = wait_for(lambda: (s := state(browser))["button"] == "ready" and s, 10, "the bingo")
    assert ready["verdict"] == "bingo" and not ready["disabled"] and is_red(ready["button_colour"])
    assert ready["button_box"]["bottom"] <= ready["height"], "the button is below the fold"

    browser.find_element("id", "claim").click()
    sent = wait_for(lambda: (s := state(browser))["kind"] == "pending" and s, 10, "the answer")
    assert "確認中" in sent["text"] and in_view(sent) and sent["scroll_y"] == 0
    assert sent["button"] == "off" and sent["disabled"]  # the host is checking: nothing to press
    assert len(show.claims()) == 1
    browser.save_screenshot(str(output_dir / "phone_claim_ack_375x667.png"))

    show.verdict(show.claims()[0], "bingo")
    won = wait_for(lambda: (s := state(browser))["kind"] == "bingo" and s, 10, "the verdict")
    assert "ビンゴです" in won["text"] and in_view(won)
    assert won["button"] == "off" and won["disabled"] and not is_red(won["button_colour"])

    # an undo below the confirmed bingo: the card says リーチ and nothing says ビンゴです
    show.undo()
    undone = wait_count(browser, 3)
    assert undone["verdict"] == "reach"
    assert "ビンゴ" not in undone["text"] and undone["kind"] == ""
    assert undone["button"] == "quiet"


@pytest.mark.browser
def test_a_refused_claim_is_forgotten_once_the_card_really_wins(browser, show):
    open_phone(browser, show)
    for n in show.order[:3]:
        show.land(n)
    wait_count(browser, 3)
    browser.find_element("id", "claim").click()  # too early: a リーチ, not a bingo
    wait_for(lambda: state(browser)["kind"] == "pending", 10, "the claim")
    show.verdict(show.claims()[0], "not_bingo")
    refused = wait_for(lambda: (s := state(browser))["kind"] == "not_bingo" and s, 10, "refused")
    assert "まだビンゴではありません" in refused["text"] and in_view(refused)
    show.land(show.order[3])
    won = wait_for(lambda: (s := state(browser))["verdict"] == "bingo" and s, 10, "the bingo")
    assert "まだ" not in won["text"] and won["kind"] == ""
    assert won["button"] == "ready" and not won["disabled"]


@pytest.mark.browser
def test_the_answer_is_in_view_at_every_width_and_board(browser, tmp_path):
    """The status under the ビンゴ! button is on the screen at 320x568 .. 430x932 for 4x4, 5x5 and
    10x10 cards, scrolled to the top (where the page opens)."""
    for size, per_column in ((4, 10), (5, 15), (10, 15)):
        folder = tmp_path / str(size)
        folder.mkdir()
        config = write_config(folder, size=size, per_column=per_column, free_center=size == 5)
        b = config.board
        order = [c * b.numbers_per_column + r for r in range(1, 11) for c in range(b.size)]
        server = PhoneServer(config, folder, card_from_order(config, order))
        try:
            for n in order[:4]:
                server.land(n)
            open_phone(browser, server)
            browser.find_element("id", "claim").click()
            wait_for(lambda: state(browser)["kind"] == "pending", 10, "the claim")
            for width, height in ((320, 568), (360, 640), (375, 667), (412, 915), (430, 932)):
                phone_size(browser, width, height)
                browser.execute_script("scrollTo(0, 0)")
                s = wait_for(
                    lambda w=width: (
                        browser.execute_script("return innerWidth") == w and state(browser)
                    ),
                    5,
                    "the new size",
                )
                assert in_view(s), f"{size}x{size} at {width}x{height}: {s['status_box']}"
        finally:
            server.stop()


@pytest.mark.browser
def test_a_right_code_after_many_wrong_ones_is_told_to_wait(browser, show):
    """Ten wrong codes from one phone, then the right one: the server says 429 (wait), and the
    page says so, instead of "no card has that code"."""
    # an address is forgiven one wrong code every 6 s: none while this test types, however
    # slowly a busy machine lets it (at load 14 ten tries took longer than 6 s, and it failed)
    show.server.guesses.per_address.rate = 1e-9
    phone_size(browser, 375, 667)
    browser.get(show.url + "/")
    field = browser.find_element("id", "code")
    error = browser.find_element("id", "join_error")

    def submit(code: str) -> str:
        browser.execute_script("document.getElementById('join_error').textContent = ''")
        field.clear()
        field.send_keys(code)
        browser.find_element("css selector", "#join button").click()
        return wait_for(lambda: error.text, 10, "the answer")

    wrong = [f"{n:04d}-AAAAA" for n in range(2, 14)]
    answers = [submit(code) for code in wrong[:10]]
    assert all("ありません" in a for a in answers)  # a wrong code: no card
    status, _ = show.api(f"/api/card/{show.code}")
    assert status == 429  # the server refuses to look at the right code for a while
    answer = submit(show.code)
    assert "待って" in answer and "ありません" not in answer
    assert "/card/" not in browser.current_url
