"""A name and its chips move to a second browser with the name's code (issue 31.2), in
headless Chromium against `games serve` in a thread: the first phone joins, is shown its
code, sits and pays a game's fee; a third browser typing the name without the code is refused
with one line; the second browser joins with the name (typed in another case) and the code and
gets the name, its seat in the game and its chips; the first phone is let go."""

from __future__ import annotations

import re

import pytest
from phone_pages import have_chromium, wait_for
from test_games_web_browser import GamesServe, Phone

ROOM = "daifugo-beginner"
pytestmark = pytest.mark.skipif(not have_chromium(), reason="needs Debian's chromium")


@pytest.fixture(scope="module")
def serve(tmp_path_factory):
    """One `games serve` for the module's two tests: their names (Aoi, Mio) are their own, and
    only the first sits (a server and its CPU worker cost about 2.5 CPU-seconds)."""
    server = GamesServe(tmp_path_factory.mktemp("names"))
    yield server
    server.stop()


@pytest.mark.browser
def test_a_name_and_its_chips_move_to_a_second_browser_with_its_code(serve, tmp_path):
    phones: list[Phone] = []
    try:
        first = Phone(tmp_path / "first", serve.url)
        phones.append(first)
        first.join("Aoi")
        wait_for(lambda: first.visible("#code_line"), 15, "the code shown after joining")
        line = first.text("#code_line")
        code = re.search(r"[A-Z0-9]{6}", line).group(0)
        assert code == serve.hub.players.by_name("Aoi").code
        first.sit(ROOM)
        first.click("#start_button")
        wait_for(lambda: first.state("chips") == 9_900, 20, "the fee paid")
        table = wait_for(lambda: first.table(), 20, "the table")
        seat, hand = table["seat"], sorted(first.hand())

        stranger = Phone(tmp_path / "stranger", serve.url)
        phones.append(stranger)
        stranger.click("#name")
        stranger.css("#name")[0].send_keys("aoi")
        stranger.click("#join_button")
        wait_for(lambda: stranger.visible("#notice"), 15, "the refusal")
        assert "もう使われています" in stranger.text("#notice")
        assert not stranger.state("token")

        second = Phone(tmp_path / "second", serve.url)
        phones.append(second)
        second.click("#name")
        second.css("#name")[0].send_keys("AOI")
        second.click("#code")
        second.css("#code")[0].send_keys(f"{code[:3].lower()}-{code[3:]}")
        second.click("#join_button")
        wait_for(lambda: second.state("name") == "Aoi" and second.state("token"), 15, "moved")
        wait_for(lambda: (second.table() or {}).get("seat") == seat, 20, "the seat back")
        assert sorted(second.hand()) == hand
        assert second.state("chips") == 9_900 == serve.balance("Aoi")
        assert "9900" in second.text("#chips").replace(",", "")
        wait_for(lambda: first.received("bye"), 15, "the first phone let go")
        assert first.state("token") != second.state("token")
    finally:
        for phone in phones:
            phone.quit()


# Every WebSocket the page makes goes nowhere until the test lets it through: the page is up,
# its socket is not (a phone on slow Wi-Fi, a server busy with others).
HOLD_SOCKETS = """
window.__socketsHeld = true;
const RealWebSocket = window.WebSocket;
window.WebSocket = function (url, protocols) {
  return new RealWebSocket(window.__socketsHeld ? "ws://127.0.0.1:9/held" : url, protocols);
};
window.WebSocket.OPEN = RealWebSocket.OPEN;
window.WebSocket.prototype = RealWebSocket.prototype;
"""


@pytest.mark.browser
def test_a_join_tapped_before_the_socket_opens_is_sent_when_it_does(serve, tmp_path):
    phone = Phone(tmp_path / "phone", serve.url)
    try:
        phone.driver.execute_cdp_cmd(
            "Page.addScriptToEvaluateOnNewDocument", {"source": HOLD_SOCKETS}
        )
        phone.driver.get(serve.url)
        wait_for(lambda: phone.js("return window.__socketsHeld === true"), 15, "sockets held")
        phone.click("#name")
        phone.css("#name")[0].send_keys("Mio")
        phone.click("#join_button")  # nothing can be sent yet
        assert phone.js("return window.gamesState.ws.readyState") != 1
        assert not phone.state("token")
        phone.js("window.__socketsHeld = false")  # the page's next try gets through
        wait_for(lambda: phone.state("token"), 30, "joined once the socket opened")
        assert phone.state("name") == "Mio" == serve.hub.players.by_name("Mio").name
        wait_for(lambda: phone.visible(".room-card"), 15, "the rooms")
    finally:
        phone.quit()
