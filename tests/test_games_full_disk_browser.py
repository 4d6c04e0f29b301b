"""A full disk at the tables as a phone shows it (issue 32.5): headless Chromium at 320 px on a
`games serve` whose data folder is a real 64 KiB tmpfs. The page says, in its language, that the
laptop's disk is full, keeps saying it while play is paused (nothing cut at 320 px), and says
when play goes on."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from phone_pages import grab_path, have_chromium, wait_for

from tests.disk_support import fill, small_tmpfs
from tests.test_games_web_browser import GamesServe, Phone

pytestmark = pytest.mark.skipif(not have_chromium(), reason="needs Debian's chromium")

FULL = {
    "ja": "会場のパソコンのディスクがいっぱいです。空きができるまでゲームは止まっています",
    "en": "The laptop's disk is full: play is paused until there is space again",
}
BACK = {"ja": "ディスクに空きができました", "en": "There is space on the laptop's disk again"}
# The page's timers of a second or more run ten times as fast (in this phone only): a passing
# notice's 6 s and the test's own "7 s later" keep their order, without sitting through them
FAST_TIMERS = """
const realTimeout = window.setTimeout;
window.setTimeout = (f, ms, ...rest) => realTimeout(f, ms >= 1000 ? ms / 10 : ms, ...rest);
"""


def _page_align(journal: Path) -> None:
    """Pad the journal (a record no restore reads: no room) to a whole number of pages."""
    page = os.sysconf("SC_PAGE_SIZE")
    size = journal.stat().st_size
    gap = -size % page
    if gap < 19:
        gap += page
    line = b'{"k":"pad","x":"' + b"." * (gap - 19) + b'"}\n'
    assert len(line) == gap
    with journal.open("ab") as f:
        f.write(line)
    assert journal.stat().st_size % page == 0


def _answered(phone: Phone, seen: int) -> bool:
    """A room, refused or disk message came after the first `seen` messages."""
    return bool(
        phone.js(
            "return window.received.slice(arguments[0]).some("
            "(m) => ['room', 'refused', 'disk', 'left'].includes(m.type))",
            seen,
        )
    )


def _role(phone: Phone) -> str | None:
    return (phone.state("room") or {}).get("role")


@pytest.mark.timeout(180)
@pytest.mark.parametrize("language", ["ja", "en"])
def test_the_phone_says_the_disk_is_full_and_when_play_goes_on(tmp_path, language):
    with small_tmpfs(tmp_path / "data") as data:
        serve = GamesServe(tmp_path, language=language)
        phone = Phone(tmp_path / "phone", serve.url, width=320, height=568, before=(FAST_TIMERS,))
        try:
            phone.join("Aki")
            _page_align(data / "games_web.journal")  # its next record needs a new page
            filler = fill(data)
            seen = phone.js("return window.received.length")
            phone.js("send({op: 'sit', room: 'daifugo-beginner'})")
            wait_for(lambda: _answered(phone, seen), 10, "an answer")
            assert phone.received("disk")[0]["full"] is True
            role = _role(phone)
            change = "leave" if role == "seated" else "sit"
            phone.js("send({op: arguments[0], room: 'daifugo-beginner'})", change)
            wait_for(lambda: phone.received("refused"), 10, "the refusal")
            assert phone.received("refused")[-1]["code"] == "disk_full"
            assert _role(phone) == role  # not taken: it is not on disk
            wait_for(lambda: phone.visible("#notice"), 10, "the notice")
            assert phone.text("#notice") == FULL[language]
            box = phone.js(
                "const n = document.getElementById('notice'); const r = n.getBoundingClientRect();"
                "return {left: r.left, right: r.right, scroll: n.scrollWidth, client: n.clientWidth,"
                " font: parseFloat(getComputedStyle(n).fontSize), vh: innerHeight}"
            )
            assert box["left"] >= 0 and box["right"] <= 320 and box["scroll"] <= box["client"]
            assert box["font"] >= 0.025 * box["vh"]  # readable at arm's length
            phone.driver.save_screenshot(str(grab_path(f"games-disk-full-{language}-320.png")))
            # still said after the 6 s a passing notice stays: the pause lasts until space is back
            # (the page's 6 s and these 7 s both run at FAST_TIMERS' pace)
            assert "realTimeout" in phone.js("return String(window.setTimeout)")
            phone.js("window.setTimeout(() => { window.diskLater = true; }, 7000)")
            wait_for(lambda: phone.js("return window.diskLater === true"), 20, "7 s later")
            assert phone.visible("#notice") and phone.text("#notice") == FULL[language]
            filler.unlink()
            wait_for(lambda: BACK[language] in phone.text("#notice"), 30, "play goes on")
            phone.js("send({op: arguments[0], room: 'daifugo-beginner'})", change)
            wait_for(lambda: _role(phone) != role, 15, "taken, now that there is space")
        finally:
            phone.quit()
            serve.stop()
