"""QR codes that open the card (issue 23 item 3): with `web.public_url` a card's QR holds its
address, which opens that card on the running server; without it the code alone; the symbol is
big enough for a phone at arm's length; `bingo serve` says when public_url is not this laptop."""

from __future__ import annotations

import argparse
import asyncio
import shutil
import subprocess
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from aiohttp.test_utils import TestClient, TestServer
from test_cards_key import run_cards
from test_cards_output import write_config

from bingo import cardcode
from cards.cardset import key_file
from cards.layout import MM, PAGE_GRIDS, PAGE_SIZES_MM, QR_MIN_MM, card_geometry, page_geometry
from cards.registry import read_registry
from eventkit.web.reach import public_url_problem

needs_zbar = pytest.mark.skipif(
    not (shutil.which("zbarimg") and shutil.which("pdftoppm")),
    reason="needs zbarimg (zbar-tools) and pdftoppm (poppler-utils): scripts/install.sh --test",
)


def with_public_url(config: Path, url: str) -> Path:
    text = config.read_text(encoding="utf-8") + f'\n[web]\npublic_url = "{url}"\n'
    config.write_text(text, encoding="utf-8")
    return config


def scan(pdf: Path, folder: Path, dpi: int = 130) -> list[str]:
    """What zbarimg reads in page 1 rendered at `dpi` (a phone's view of a card on a table)."""
    prefix = folder / "scan"
    subprocess.run(
        ["pdftoppm", "-r", str(dpi), "-f", "1", "-l", "1", "-png", str(pdf), str(prefix)],
        check=True,
    )
    (page,) = folder.glob("scan-*.png")
    answer = subprocess.run(["zbarimg", "-q", "--raw", str(page)], capture_output=True, text=True)
    page.unlink()
    return sorted(line for line in answer.stdout.splitlines() if line)


def serve_args(config: Path, registry: Path) -> argparse.Namespace:
    return argparse.Namespace(
        config=str(config), registry=str(registry), port=None, bind=None, journal=None, seed=None
    )


@pytest.mark.slow
@pytest.mark.process
@needs_zbar
def test_a_public_url_card_qr_opens_that_card_on_the_running_server(tmp_path, output_dir):
    from bingo.web.command import build_server

    url = "http://127.0.0.1:8080"
    config = with_public_url(write_config(tmp_path, cards="images = false"), url)
    assert run_cards(tmp_path, "--count", "4", "--seed", "5", "--qr") == 0
    registry = tmp_path / "cards.csv"
    key = cardcode.read_key_file(key_file(registry))
    scanned = scan(tmp_path / "cards.pdf", tmp_path)
    expected = sorted(  # the address with the card's QR token (tests/test_qrtoken.py)
        cardcode.card_url(url, cardcode.card_code(key, s), cardcode.card_token(key, s))
        for s in range(1, 5)
    )
    assert scanned == expected
    opened: list[str] = []
    server, _, _ = build_server(serve_args(config, registry))
    cards = read_registry(registry)

    async def open_them() -> None:
        client = TestClient(TestServer(server.app))
        await client.start_server()
        try:
            for text in scanned:
                path = urlsplit(text).path  # what the phone asks this laptop for
                page = await client.get(path)
                assert page.status == 200 and "<html" in await page.text()
                code = path.rsplit("/", 1)[1]
                state = await (await client.get(f"/api/card/{code}")).json()
                serial = cardcode.serial_of(key, code)
                card = state["card"]  # the card the phone shows: this QR's card, as registered
                assert card["serial"] == serial
                numbers = tuple(tuple(cell["n"] for cell in row) for row in card["rows"])
                assert numbers == cards[serial].rows
                opened.append(f"GET {path} -> {page.status}, card {serial}: {numbers}")
        finally:
            await client.close()

    asyncio.run(open_them())
    (output_dir / "public_url_qr_scan.txt").write_text(
        "$ pdftoppm -r 130 -png cards.pdf scan && zbarimg -q --raw scan-1.png\n"
        + "\n".join(scanned)
        + "\n\nopened on the running server (bingo serve --registry cards.csv):\n"
        + "\n".join(opened)
        + "\n",
        encoding="utf-8",
    )


@pytest.mark.slow
@pytest.mark.process
@needs_zbar
def test_without_public_url_the_qr_holds_the_code_alone(tmp_path):
    write_config(tmp_path, cards="images = false")
    assert run_cards(tmp_path, "--count", "2", "--seed", "5", "--qr") == 0
    key = cardcode.read_key_file(tmp_path / "cards.key")
    assert scan(tmp_path / "cards.pdf", tmp_path) == [cardcode.card_code(key, s) for s in (1, 2)]


def test_every_layout_prints_the_qr_at_least_20_mm_wide():
    """10.8 mm failed 5 of 40 decodes at 120-140 dpi (benchmarks/bench_cards_qr.py: 20 mm, all)."""
    assert QR_MIN_MM >= 20
    for page_size in PAGE_SIZES_MM:
        for per_page in PAGE_GRIDS:
            for size in (3, 5, 10):
                page = page_geometry(page_size, per_page, 3.0)
                g = card_geometry(page.card_w, page.card_h, size, bleed=page.bleed, qr=True)
                where = f"{page_size} {per_page}-up {size}x{size}"
                assert g.qr.w >= QR_MIN_MM * MM - 1e-6 and g.qr.w == g.qr.h, where
                assert g.qr.x + g.qr.w <= g.panel.x + g.panel.w and g.qr.y >= g.panel.y, where
                assert g.qr.x >= g.grid.x + g.grid.w or g.qr.top <= g.grid.y, where


BINGO_QR = {"section": "web", "what": "the cards' QR codes"}  # bingo serve's wording


def test_public_url_not_leading_here_is_said():
    here = {"10.0.0.5", "127.0.0.1"}
    ip = {"10.0.0.5": {"10.0.0.5"}, "192.168.1.20": {"192.168.1.20"}, "127.0.0.1": {"127.0.0.1"}}

    def check(url: str, port: int = 8080) -> str | None:
        return public_url_problem(
            url, port, local=here, resolver=lambda h: ip.get(h, set()), **BINGO_QR
        )

    assert check("http://10.0.0.5:8080") is None
    assert "192.168.1.20, which is not this laptop (here: 10.0.0.5)" in check(
        "http://192.168.1.20:8080"
    )
    assert "names this computer alone" in check("http://127.0.0.1:8080")
    assert "uses port 9000 but the server listens on 8080" in check("http://10.0.0.5:9000")
    assert "web.port = 0 listens on any free port" in check("http://10.0.0.5:9000", port=0)
    assert "does not resolve on this laptop" in check("http://bingo.local:8080")
    assert public_url_problem("", 8080, **BINGO_QR) is None


def test_bingo_serve_tells_the_host_when_public_url_is_not_this_laptop(tmp_path):
    from bingo.web.command import build_server

    config = with_public_url(
        write_config(tmp_path, cards="images = false"), "http://127.0.0.1:8080"
    )
    assert run_cards(tmp_path, "--count", "1", "--seed", "5") == 0
    _, _, notes = build_server(serve_args(config, tmp_path / "cards.csv"))
    # in the event's language (Japanese here: tests/test_command_language.py has both)
    assert any("web.public_url" in n and "スマホからは届きません" in n for n in notes)


def test_readme_says_what_the_qr_holds_without_public_url(repo_root):
    text = (repo_root / "README.md").read_text(encoding="utf-8")
    assert "public_url" in text and "code alone" in text
