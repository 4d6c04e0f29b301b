"""Issue 35 item 8: the package on its own. Installed from its wheel, `bingo` runs in a folder with
no config.toml on the built-in settings (bingo/defaults/: the shipped config.toml and sample
images, as package data); `bingo init [DIR]` writes an editable copy and never overwrites;
check-config says which file it read."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bingo import builtin
from bingo.cli import main
from bingo.config import load_config

ROOT = Path(__file__).resolve().parent.parent


def test_the_wheel_carries_the_shipped_config_and_images(tmp_path):
    """setup.py's build step copies config.toml and img/ into the wheel's bingo/defaults/ (one
    config.toml in the repository: no second copy to keep in step)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("toolkit_setup", ROOT / "setup.py")
    setup_py = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(setup_py)  # not __main__: defines the hook, builds nothing
    target = setup_py.copy_defaults(tmp_path)
    assert (target / "config.toml").read_bytes() == (ROOT / "config.toml").read_bytes()
    shipped = {p.name: p.read_bytes() for p in (ROOT / "img" / "samples").glob("*.png")}
    packaged = {p.name: p.read_bytes() for p in (target / "img" / "samples").glob("*.png")}
    assert len(shipped) == 40 and packaged == shipped
    assert not list((ROOT / "img").glob("*.png"))  # the clone's img/ is the host's alone
    assert builtin.BUILTIN_CONFIG == ROOT / "config.toml"  # a checkout reads its own


def test_with_no_config_toml_here_the_built_in_settings_are_read(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    config = load_config()
    assert config.path == builtin.BUILTIN_CONFIG
    assert config.image_path(1) is not None  # the sample images come along
    text = builtin.BUILTIN_CONFIG.read_text(encoding="utf-8").replace(
        "ぷよ橋ビンゴ大会", "ここの大会"
    )
    (tmp_path / "config.toml").write_text(text, encoding="utf-8")
    assert load_config(check_images=False).event.title == "ここの大会"  # a folder's own file wins


def test_check_config_says_which_file_it_read(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert main(["check-config"]) == 0
    out = capsys.readouterr().out
    assert f"設定ファイル: {builtin.BUILTIN_CONFIG}（内蔵の設定" in out
    assert main(["init"]) == 0
    capsys.readouterr()
    assert main(["check-config"]) == 0
    assert "設定ファイル: config.toml\n" in capsys.readouterr().out


def test_a_given_config_that_is_missing_is_still_an_error(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert main(["check-config", "--config", "event.toml"]) == 1
    assert "event.toml が見つかりません" in capsys.readouterr().err  # never the built-in instead


def test_bingo_cards_runs_in_an_empty_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(["cards", "--count", "2", "--per-page", "2"]) == 0
    assert (tmp_path / "cards.pdf").stat().st_size > 0 and (tmp_path / "cards.csv").exists()


def test_init_writes_an_editable_copy_and_never_overwrites(tmp_path, capsys):
    target = tmp_path / "night"
    assert main(["init", str(target)]) == 0
    assert (target / "config.toml").read_bytes() == builtin.BUILTIN_CONFIG.read_bytes()
    samples = target / "img" / "samples"
    assert len(list(samples.glob("*.png"))) == len(list(builtin.BUILTIN_SAMPLES.glob("*.png")))
    assert not list((target / "img").glob("*.png"))  # nothing of the samples in img/ itself
    assert load_config(target / "config.toml").image_path(1).parent == samples.resolve()
    (target / "config.toml").write_text("# ours\n", encoding="utf-8")
    capsys.readouterr()
    assert main(["init", str(target)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "bingo init は上書きしません" in err  # ja: "# ours" says none
    assert (target / "config.toml").read_text(encoding="utf-8") == "# ours\n"


@pytest.mark.parametrize("present", ["config.toml", "img"])
def test_init_refuses_when_config_or_a_file_named_img_is_there_and_writes_nothing(
    tmp_path, present
):
    if present == "config.toml":
        (tmp_path / present).mkdir()
    else:
        (tmp_path / present).write_text("not a folder", encoding="utf-8")
    with pytest.raises(builtin.UserError, match=present):
        builtin.init_folder(tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == [present]


def _host_pictures(folder: Path, stems: list[str]) -> dict[str, bytes]:
    """The host's own pictures (JPEGs, not the samples) in `folder`."""
    from PIL import Image

    folder.mkdir(parents=True, exist_ok=True)
    written = {}
    for i, stem in enumerate(stems):
        path = folder / f"{stem}.jpg"
        Image.new("RGB", (64, 64), (10 * i, 200, 30)).save(path)
        written[path.name] = path.read_bytes()
    return written


def test_init_into_a_folder_with_the_hosts_pictures_keeps_them_and_adds_no_samples(
    tmp_path, monkeypatch, capsys
):
    """Issue 41: init put 40 sample .png files in img/ and the host's P9.jpg hid behind P9.png.
    Into a folder whose img/ holds the host's pictures, init writes config.toml only: every
    number shows the host's picture, none a sample."""
    stems = [f"{c}{i}" for c in "PLB4" for i in range(1, 11)]
    own = _host_pictures(tmp_path / "img", stems)
    monkeypatch.chdir(tmp_path)
    assert main(["init"]) == 0
    out = capsys.readouterr().out
    assert (
        "そのままにしました（あなたの絵です。見本は加えていません）" in out and "samples" not in out
    )
    assert {p.name: p.read_bytes() for p in (tmp_path / "img").iterdir()} == own
    config = load_config()
    assert [config.image_path(n).name for n in range(1, 41)] == [f"{s}.jpg" for s in stems]
    assert main(["check-config"]) == 0
    out = capsys.readouterr().out
    assert f"絵: 40/40 個が {(tmp_path / 'img').resolve()} にあります\n" in out
    assert "見つからない絵" not in out


def test_the_samples_show_only_while_img_holds_no_picture_of_its_own(tmp_path, capsys):
    """The first picture the host copies into img/ leaves the samples out: no mixing, and
    check-config names the 39 still missing (10 by name, then "and N more")."""
    assert main(["init", str(tmp_path)]) == 0
    config_file = tmp_path / "config.toml"
    assert load_config(config_file).pictures().samples
    capsys.readouterr()
    assert main(["check-config", "--config", str(config_file)]) == 0
    assert "（見本の絵です。" in capsys.readouterr().out
    _host_pictures(tmp_path / "img", ["P9"])
    config = load_config(config_file)
    assert not config.pictures().samples
    assert [n for n in range(1, 41) if config.image_path(n) is not None] == [9]
    assert config.image_path(9) == (tmp_path / "img" / "P9.jpg").resolve()
    assert main(["check-config", "--config", str(config_file)]) == 0
    missing = [x for x in capsys.readouterr().out.splitlines() if "見つからない絵:" in x]
    assert len(missing) == 10 + 2 and "ほかに 29 個" in missing[10]


def test_check_config_builds_a_new_boards_odds_tables_before_the_show(
    tmp_path, monkeypatch, capsys, no_tables_in_memory
):
    """Issue 35 item 7: after a board change the odds showed 計算中… for ~20 s on the first show;
    check-config now builds the board's tables and keeps them in the cache for the show."""
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
    assert main(["check-config"]) == 0
    out = capsys.readouterr().out
    assert "確率: この盤の表を作りました（" in out
    assert cache.exists()
    assert main(["check-config"]) == 0
    assert "表はできています（前に作ったもの）" in capsys.readouterr().out
