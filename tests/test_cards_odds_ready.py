"""Issue 35 item 7: `bingo cards` builds a new board's odds tables and keeps them for the show,
as check-config does, so the first odds after a board change do not wait (計算中… for ~20 s)."""

from __future__ import annotations

import re

from bingo.cli import main


def test_bingo_cards_leaves_a_new_boards_odds_tables_ready(
    tmp_path, monkeypatch, capsys, no_tables_in_memory
):
    from bingo.probability._tables import _cache_path

    monkeypatch.setenv("PUYO_EVENT_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.chdir(tmp_path)
    assert main(["init"]) == 0
    text = (tmp_path / "config.toml").read_text(encoding="utf-8")
    text = text.replace("size = 4\n", "size = 10\n", 1).replace(
        "numbers_per_column = 10\n", "numbers_per_column = 15\n", 1
    )
    text = re.sub(r"\n\[columns\].*?(?=\n\[)", "\n", text, flags=re.S)  # their defaults
    text = re.sub(r"\nper_page = \d+\n", "\nper_page = 1\n", text, count=1)  # 10x10 cards
    (tmp_path / "config.toml").write_text(text, encoding="utf-8")
    cache = _cache_path(10, 4)
    assert cache is not None and not cache.exists()
    capsys.readouterr()
    assert main(["cards", "--count", "2"]) == 0
    out = capsys.readouterr().out
    assert (tmp_path / "cards.pdf").stat().st_size > 0
    assert "確率: この盤の表を作りました（" in out  # in the event's language (the built-in: ja)
    assert cache.is_file() and cache.stat().st_size > 0
    assert main(["cards", "--count", "2", "--force"]) == 0  # a second run finds them kept
    assert "表はできています（前に作ったもの）" in capsys.readouterr().out
