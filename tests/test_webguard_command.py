"""`bingo serve` given a folder as journal, or an address it cannot listen on: one clear line.

Issue 27 item 6 (web part). The real command in its own process.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from webguard_support import ROOT, SERVE_CONFIG

from bingo.web.settings import WebSettings, join_url


def _serve(tmp_path, *args: str) -> subprocess.CompletedProcess:
    config = tmp_path / "config.toml"
    text = SERVE_CONFIG.format(img=(ROOT / "img").as_posix(), port=0)  # its words in English:
    text = text.replace("[event]\n", '[event]\nlanguage = "en"\n', 1)  # (Japanese: elsewhere)
    config.write_text(text, encoding="utf-8")
    return subprocess.run(
        [sys.executable, "-m", "bingo", "serve", "--config", str(config), *args],
        cwd=ROOT,
        env=dict(os.environ, PYTHONPATH=str(ROOT)),
        capture_output=True,
        text=True,
        timeout=60,
    )


def _one_clear_line(answer: subprocess.CompletedProcess, *words: str) -> None:
    assert answer.returncode != 0
    assert "Traceback" not in answer.stderr + answer.stdout
    errors = [x for x in answer.stderr.splitlines() if x.startswith("error:")]
    assert len(errors) == 1, answer.stderr
    for word in words:
        assert word in errors[0], errors[0]
    assert "serving" not in answer.stdout  # it never said it was serving


@pytest.mark.process
@pytest.mark.parametrize("journal", [".", "/", "folder"])
def test_a_folder_as_journal_is_one_line(tmp_path, journal):
    (tmp_path / "folder").mkdir()
    where = str(tmp_path / journal) if journal == "folder" else journal
    _one_clear_line(_serve(tmp_path, "--journal", where), "folder", "--journal")


@pytest.mark.process
@pytest.mark.parametrize(
    ("bind", "words"),
    [("fe80::1", ("link-local", "%")), ("192.0.2.77", ("not one of this computer's",))],
)
def test_an_address_it_cannot_listen_on_is_one_line(tmp_path, bind, words):
    journal = tmp_path / "show.jsonl"
    _one_clear_line(_serve(tmp_path, "--journal", str(journal), "--bind", bind), bind, *words)


def test_the_join_address_of_an_ipv6_bind_is_bracketed():
    assert join_url(WebSettings(bind="::1", port=8080)) == "http://[::1]:8080/"
    assert join_url(WebSettings(bind="fe80::1%eth0", port=8080)) == "http://[fe80::1%25eth0]:8080/"


def test_the_servers_loop_is_uvloop_where_it_is_installed(monkeypatch):
    """`bingo serve` runs through eventkit.web.serving.run: on uvloop when it imports, else
    on asyncio's own loop (Windows, or uvloop missing), the same coroutine either way."""
    import asyncio

    from eventkit.web import serving

    async def which() -> str:
        await asyncio.sleep(0)
        return type(asyncio.get_running_loop()).__module__.split(".")[0]

    pytest.importorskip("uvloop")
    assert serving.run(which()) == "uvloop"
    monkeypatch.setitem(sys.modules, "uvloop", None)  # as if not installed: asyncio's loop
    assert serving.run(which()) == "asyncio"
