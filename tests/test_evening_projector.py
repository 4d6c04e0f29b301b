"""The evening on the projector (issue 44.2, 44.4): with `bingo draw --serve --tables` the room
sees ONE QR code and ONE address, the phones' server's (the tables are reached through it),
at 1024x768, 1280x720 and 1920x1080; no second window; the host's table controls are in the
operator window (issue 44.1), which reaches the real tables' server.

The show's real wiring (`bingo.ui.command._start_web` with --tables: a real `bingo serve
--tables` and the tables' server, each at any free port). The projector is grabbed to PNG
(tests/output/evening_projector_<w>x<h>.png) and read back as a phone would, by zbarimg when it
is installed (scripts/install.sh --test), else by the address's painted text."""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from projector_support import resize_to
from test_supervisor_server import CONFIG

from bingo.serve_lock import running_server, tables_lock_path
from bingo.ui.textcheck import grab_text, text_problems

pytestmark = [pytest.mark.process, pytest.mark.slow]  # two real servers
SIZES = [(1024, 768), (1280, 720), (1920, 1080)]
WAIT_MS = 90_000


def scanned(png: Path) -> list[str] | None:
    """What zbarimg reads in the grab (one line a code), None without zbarimg."""
    if not shutil.which("zbarimg"):
        return None
    answer = subprocess.run(
        ["zbarimg", "-q", "--raw", str(png)], capture_output=True, text=True, timeout=60
    )
    return [line for line in answer.stdout.splitlines() if line]


@pytest.mark.parametrize("language", ["ja"])
def test_one_qr_and_one_address_on_the_projector_at_three_sizes(
    tmp_path, repo_root, qtbot, output_dir, language
):
    from PySide6.QtWidgets import QApplication

    from bingo.config import load_config
    from bingo.session import DrawSession
    from bingo.ui.command import _start_web
    from bingo.ui.display import DisplayWindow
    from bingo.ui.operator import OperatorWindow

    config_path = tmp_path / "config.toml"
    text = CONFIG.format(img=(repo_root / "img").as_posix(), port=0)
    text = text.replace("[event]\n", f'[event]\nlanguage = "{language}"\n', 1)
    config_path.write_text(text, "utf-8")
    config = load_config(config_path)
    session = DrawSession.open(config, tmp_path / "show.jsonl")
    window = DisplayWindow(session, config, odds_mode="thread")
    qtbot.addWidget(window)
    window.resize(*SIZES[0])
    window.show()
    qtbot.waitExposed(window)
    args = argparse.Namespace(serve=True, tables=True, registry=None)
    server = _start_web(window, session, config, args)  # as `bingo draw --serve --tables`
    operator = OperatorWindow(window)  # made after the servers, as show_windows does
    qtbot.addWidget(operator)
    try:
        assert len(server.companions) == 1  # the card tables, kept by the same watch
        qtbot.waitUntil(lambda: server.serving, timeout=WAIT_MS)
        port = running_server(session.journal_path).port
        url = f"http://127.0.0.1:{port}/"
        qtbot.waitUntil(lambda: window.join_badge.url == url, timeout=WAIT_MS)
        lock = tables_lock_path(session.journal_path)

        def tables_listening() -> bool:
            info = running_server(session.journal_path, path=lock)
            return info is not None and info.listening

        qtbot.waitUntil(tables_listening, timeout=WAIT_MS)
        tables = running_server(session.journal_path, path=lock)
        assert tables is not None and tables.port != port
        # the host's table controls: in the operator window, reaching the real tables' server
        qtbot.waitUntil(lambda: operator.tables_panel is not None, timeout=WAIT_MS)
        panel = operator.tables_panel
        qtbot.waitUntil(lambda: panel.client.up is True and bool(panel.rooms), timeout=WAIT_MS)
        address = url.removeprefix("http://").rstrip("/")
        for size in SIZES:
            resize_to(qtbot, window, size)
            qtbot.waitUntil(lambda: window.join_badge.on_reel.isVisible(), timeout=WAIT_MS)
            entries = grab_text(window)
            painted = [e["text"] for e in entries]
            assert painted.count(address) == 1, painted  # one address
            assert [t for t in painted if str(tables.port) in t] == [], tables.port  # never theirs
            badge = [e for e in entries if e["text"] in (address, *window.join_badge.lines)]
            assert text_problems(badge, size[1]) == []  # whole, and large enough to read
            png = output_dir / f"evening_projector_{size[0]}x{size[1]}.png"
            window.grab().save(str(png))
            codes = scanned(png)
            if codes is not None:  # read as a phone reads it: one code, the one link
                assert codes == [url], (size, codes)
        # no other window on the wall: the tables' server opened none (it is another process,
        # and no window of this one but the audience view and the operator's is shown)
        shown = [w for w in QApplication.topLevelWidgets() if w.isVisible() and w.isWindow()]
        assert shown == [window], shown
    finally:
        if operator.tables_panel is not None:
            operator.tables_panel.stop()
        server.stop()
        window.close()
        session.close()
