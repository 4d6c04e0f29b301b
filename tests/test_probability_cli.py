"""`bingo prob`: table and CSV output, --drawn, overrides, one-line errors."""

from __future__ import annotations

import csv
import io

import pytest

from bingo import probability as prob
from bingo.cli import main


@pytest.fixture
def config_path(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text(
        '[event]\nlanguage = "en"\ncards_in_play = 30\n'
        "[board]\nsize = 5\nnumbers_per_column = 9\nthreshold = 4\nfree_center = true\n"
        '[columns]\nnames = ["P", "U", "Y", "O", "!"]\n',
        encoding="utf-8",
    )
    return str(path)


def _csv(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text)))


def test_curve_csv_uses_configured_board(config_path, capsys):
    assert main(["prob", "--config", config_path, "--csv"]) == 0
    rows = _csv(capsys.readouterr().out)
    assert rows[0] == ["draws", "p_one_card", "p_any_of_30_cards", "error"]
    curve = prob.first_bingo_curve(30, 5, 9, 4, True)
    assert len(rows) == 1 + 46
    for row in rows[1:]:
        t = int(row[0])
        assert float(row[1]) == pytest.approx(curve.p_one[t], abs=1e-15)
        assert float(row[2]) == pytest.approx(curve.p_any[t], abs=1e-15)
        assert float(row[3]) == 0.0


def test_curve_table_with_overrides(config_path, capsys):
    args = ["prob", "--config", config_path, "--size", "4", "--per-column", "6"]
    assert main([*args, "--threshold", "3", "--cards", "7", "--no-free-center"]) == 0
    out = capsys.readouterr().out
    assert "card 4x4, 6 numbers per column (24 in all), bingo = 3 connected, 7 cards" in out
    assert "P(any of 7 cards)" in out
    expected = prob.expected_draws_to_first_bingo(7, 4, 6, 3)
    assert f"expected draw of the first bingo: {expected:.2f} (exact)" in out
    # the table starts at the last draw count where no bingo is possible
    first_row = out.splitlines()[2].split()
    assert first_row[0] == "2" and first_row[1] == "0"


def test_sampled_curve_states_its_error(config_path, capsys):
    args = ["prob", "--config", config_path, "--size", "7", "--per-column", "8"]
    assert main([*args, "--no-free-center", "--samples", "20", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert "(sampled over 20 draw orders, error ±" in out and "; probabilities ±" in out


def test_drawn_prints_next_draw_by_column(config_path, capsys):
    assert main(["prob", "--config", config_path, "--drawn", "3,1,2,0,4", "--csv"]) == 0
    rows = _csv(capsys.readouterr().out)
    stats = prob.next_draw_stats([3, 1, 2, 0, 4], 5, 9, 4, True, cards=30)
    assert [r[0] for r in rows[1:]] == ["P", "U", "Y", "O", "!", "all"]
    assert [int(r[1]) for r in rows[1:6]] == [6, 8, 7, 9, 5]
    for row, col in zip(rows[1:6], stats.by_column, strict=True):
        assert float(row[2]) == pytest.approx(col.p_column)
        assert float(row[3]) == pytest.approx(col.p_bingo_after)
        assert float(row[5]) == pytest.approx(col.p_any_new_bingo)
    assert float(rows[6][3]) == pytest.approx(stats.p_bingo_next)
    assert main(["prob", "--config", config_path, "--drawn", "3, 1, 2, 0, 4"]) == 0
    out = capsys.readouterr().out
    assert "35 numbers left" in out and "P(any of 30 cards gets a new bingo)" in out


def test_japanese_by_default(tmp_path, capsys):
    path = tmp_path / "config.toml"
    path.write_text("[board]\nsize = 4\n", encoding="utf-8")
    assert main(["prob", "--config", str(path), "--cards", "5"]) == 0
    assert "5枚のどれかがビンゴ" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("extra", "needle"),
    [
        (["--size", "12"], "size"),
        (["--size", "four"], "--size"),
        (["--per-column", "3"], "--per-column 3 is out of range: use 5..999"),
        (["--threshold", "0"], "threshold"),
        (["--cards", "0"], "cards"),
        (["--size", "4", "--free-center"], "--free-center needs an odd --size (now 4)"),
        (["--drawn", "3,1"], "--drawn needs 5 numbers, one per column, not 2"),
        (["--drawn", "3,x,1,1,1"], "--drawn"),
        (["--drawn", "3,1,10,1,1"], "--drawn: column 3 = 10 is out of range: use 0..9"),
        (["--samples", "1", "--size", "7", "--per-column", "8", "--no-free-center"], "samples"),
    ],
)
def test_bad_arguments_give_one_line(config_path, capsys, extra, needle):
    assert main(["prob", "--config", config_path, *extra]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and needle in lines[0]
