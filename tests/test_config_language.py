"""One language (issue 41, point 7): every command that reads config.toml says its mistakes in
event.language, Japanese by default and English with language = "en", through the commands'
own entry points; a file that does not read, or a wrong event.language, is said in Japanese.
Every ConfigError of the config modules goes through texts tables (an AST walk keeps it so).
"""

from __future__ import annotations

import ast
import importlib
import json
import re
import shutil
import string
from pathlib import Path

import pytest

from bingo.cli import main as bingo_main
from eventkit.errors import UserError
from games.cli import main as games_main

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = (ROOT / "config.toml").read_text(encoding="utf-8")
LABEL = {"ja": "設定エラー: ", "en": "config error: "}


def event(
    folder: Path, language: str, old: str = "", new: str = "", *, pictures: bool = True
) -> Path:
    """The shipped config in `language` with `old` replaced by `new` (the mistake)."""
    text = SHIPPED.replace('language = "ja"', f'language = "{language}"', 1)
    if old:
        assert old in text, old
        text = text.replace(old, new, 1)
    path = folder / "config.toml"
    path.write_text(text, encoding="utf-8")
    if pictures:
        shutil.copytree(ROOT / "img", folder / "img", dirs_exist_ok=True)
    return path


def one_line(capsys) -> str:
    """The command's one line on stderr (no traceback, nothing else)."""
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err, err
    return err.rstrip("\n")


# (what, the mistake, the command that meets it, the Japanese line, the English line)
MISTAKES = {
    "wrong type (bingo cards)": (
        ("size = 4", 'size = "four"'),
        ["cards", "--count", "1"],
        'board.size = "four" は整数で書いてください',
        'board.size = "four" must be a whole number',
    ),
    "unknown key (bingo serve)": (
        ("threshold = 4", "threshold = 4\nthreshhold = 5"),
        ["serve", "--port", "0", "--bind", "127.0.0.1"],
        "[board] に知らないキー 'threshhold' があります。消すか、次のどれかにしてください: ",
        "[board] has an unknown key 'threshhold': remove it or use one of: ",
    ),
    "out of range (bingo draw)": (
        ("spin_seconds = 3.0", "spin_seconds = 30.0"),
        ["draw", "--windowed"],
        "display.spin_seconds = 30.0 は範囲外です。0.2〜10 にしてください（2〜4 がおすすめ）",
        "display.spin_seconds = 30.0 is out of range: use 0.2..10 (2-4 is best)",
    ),
    "out of range (bingo prob)": (
        ("size = 4", "size = 12"),
        ["prob", "--cards", "3"],
        "board.size = 12 は範囲外です。3〜10 にしてください",
        "board.size = 12 is out of range: use 3..10",
    ),
}


@pytest.mark.parametrize("language", ["ja", "en"])
@pytest.mark.parametrize("name", sorted(MISTAKES))
def test_each_bingo_command_says_a_mistake_in_the_events_language(
    tmp_path, monkeypatch, capsys, name, language
):
    (old, new), command, japanese, english = MISTAKES[name]
    path = event(tmp_path, language, old, new)
    monkeypatch.chdir(tmp_path)  # bingo cards would write its PDF here (it never gets so far)
    assert bingo_main([*command, "--config", str(path)]) == 1
    said = {"ja": japanese, "en": english}[language]
    assert one_line(capsys).startswith(LABEL[language] + said)
    assert bingo_main(["check-config", "--config", str(path)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(LABEL[language] + said), err
    last = {"ja": f"{path} に 1 件の問題があります", "en": f"1 problem(s) in {path}"}[language]
    assert err.rstrip("\n").endswith(last)


@pytest.mark.parametrize("language", ["ja", "en"])
def test_a_toml_syntax_error_is_japanese_with_its_line_and_column(tmp_path, capsys, language):
    """The file does not read, so its language is unknown: the default, with where it is."""
    path = event(tmp_path, language, "size = 4", "size = = 4")
    line = 1 + path.read_text(encoding="utf-8").splitlines().index("size = = 4")
    assert bingo_main(["prob", "--config", str(path)]) == 1
    said = one_line(capsys)
    assert said == (
        f"設定エラー: {path} の {line} 行 8 列目が TOML として正しくありません（Invalid value）。"
        '" の閉じ忘れや = の抜けなど、その行の書き方を直してください'
    )
    assert bingo_main(["check-config", "--config", str(path)]) == 1
    assert said in capsys.readouterr().err


def test_a_bad_event_language_is_said_in_japanese_and_names_the_fix(tmp_path, capsys):
    path = event(tmp_path, "fr")
    for command in (["check-config"], ["prob", "--cards", "3"]):
        assert bingo_main([*command, "--config", str(path)]) == 1
        err = capsys.readouterr().err
        assert err.startswith(
            '設定エラー: event.language = "fr" には対応していません。"ja" か "en" にしてください'
        ), err
    # with another mistake in the file as well, both are said in Japanese (the default)
    path = event(tmp_path, "fr", "size = 4", "size = 12")
    assert bingo_main(["check-config", "--config", str(path)]) == 1
    lines = capsys.readouterr().err.splitlines()
    assert any("board.size = 12 は範囲外です" in x for x in lines), lines
    assert lines[-1] == f"{path} に 2 件の問題があります"


def test_a_mistake_elsewhere_keeps_the_files_language(tmp_path, capsys):
    """English is found although [event] comes before the mistake and [cards] after it."""
    path = event(tmp_path, "en", 'page_size = "A4"', 'page_size = "A5"')
    assert bingo_main(["check-config", "--config", str(path)]) == 1
    assert capsys.readouterr().err.startswith(
        'config error: cards.page_size = "A5" is not supported: use one of A4, A3'
    )


@pytest.mark.parametrize("language", ["ja", "en"])
def test_the_missing_pictures_summary_speaks_the_events_language(tmp_path, capsys, language):
    path = event(tmp_path, language, pictures=False)
    folder = tmp_path / "img"
    folder.mkdir()
    for name in (ROOT / "img" / "samples").iterdir():
        if name.stem != "L7":
            shutil.copyfile(name, folder / name.name)
    assert bingo_main(["check-config", "--config", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    where = folder.resolve()
    expected = {
        "ja": [
            f"絵: 39/40 個が {where} にあります",
            f"  見つからない絵: 数 17: {where} に L7.png / L7.jpg / L7.jpeg がありません",
            "  見つからない絵: 絵のない数は、その列の色で数だけを出します（プロジェクター、"
            "スマホ、印刷するカードとも）",
        ],
        "en": [
            f"images: 39/40 found in {where}",
            f"  missing: number 17: no L7.png / L7.jpg / L7.jpeg in {where}",
            "  missing: without its picture a number is shown as the number alone, in its "
            "column's colour (on the projector, the phones and the printed cards)",
        ],
    }[language]
    start = out.index(expected[0])
    assert out[start : start + 3] == expected
    assert out[-1] == {"ja": "設定 OK", "en": "config OK"}[language]


@pytest.mark.parametrize("language", ["ja", "en"])
def test_check_configs_own_checks_speak_the_events_language(tmp_path, capsys, language):
    """What check-config checks beyond the values (the journal folder) follows it too."""
    (tmp_path / "journal-file").write_text("not a folder")
    path = event(tmp_path, language, 'journal_dir = ""', 'journal_dir = "journal-file"')
    assert bingo_main(["check-config", "--config", str(path)]) == 1
    where = tmp_path / "journal-file"
    assert (
        capsys.readouterr().err.splitlines()[0]
        == {
            "ja": f"設定エラー: display.journal_dir: {where} はファイルで、フォルダーではありません。"
            "抽選の記録をそこに残せません",
            "en": f"config error: display.journal_dir: {where} is a file, not a folder; the draw "
            "could not keep its journal there",
        }[language]
    )


GAMES_MISTAKES = {
    "games serve": (
        'peek = "live"',
        'peek = "sometimes"',
        ["serve", "--no-window"],
        'games_web.peek = "sometimes": "live"（観戦者は手札を見られる）、"finished"',
        'games_web.peek = "sometimes": use "live" (spectators see hands), "finished"',
    ),
    "games schwimmen": (
        'rules = "standard"',
        'rules = "fast"',
        ["schwimmen"],
        'schwimmen.rules = "fast" は知らないルールです。"standard" か "house" にしてください',
        'schwimmen.rules = "fast" is unknown: use "standard" or "house"',
    ),
    "games cool24": (
        "bias_step = 0.1",
        "bias_step = 20.0",
        ["cool24", "--simulate", "10"],
        "cool24.bias_step = 20.0 は範囲外です。0〜10 にしてください（元のゲーム: 0.1）",
        "cool24.bias_step = 20.0 is out of range: use 0..10 (seed: 0.1)",
    ),
}


@pytest.mark.parametrize("language", ["ja", "en"])
@pytest.mark.parametrize("name", sorted(GAMES_MISTAKES))
def test_the_games_say_a_settings_mistake_in_the_events_language(tmp_path, capsys, name, language):
    old, new, command, japanese, english = GAMES_MISTAKES[name]
    path = event(tmp_path, language, old, new, pictures=False)
    data = ["--data-dir", str(tmp_path / "data")] if command[0] == "serve" else []
    assert games_main([*command, "--config", str(path), *data]) == 1
    said = {"ja": japanese, "en": english}[language]
    assert one_line(capsys).startswith(LABEL[language] + said)
    assert bingo_main(["check-config", "--config", str(path)]) == 1  # checked there too
    assert said in capsys.readouterr().err


def test_the_phones_servers_shared_keys_follow_the_language(tmp_path, capsys):
    for language, said in (
        (
            "ja",
            "web.port = 80 は範囲外です。1024〜65535 か、空いているポートを使う 0 にしてください",
        ),
        ("en", "web.port = 80 is out of range: use 1024..65535, or 0 for any free port"),
    ):
        path = event(tmp_path, language, "port = 8080", "port = 80")
        assert bingo_main(["serve", "--config", str(path), "--bind", "127.0.0.1"]) == 1
        assert one_line(capsys) == LABEL[language] + said


# ------------------------------------------------------------------ the commands' own refusals

REFUSAL = {"ja": "エラー: ", "en": "error: "}

# (what, the command's options, the Japanese line's start, the English line's start)
CARDS_REFUSALS = {
    "--page": (
        ["--page", "A5"],
        "--page A5 は知らない用紙サイズです。次のどれかにしてください: A4, A3",
        "--page A5: unknown page size; use one of A4, A3",
    ),
    "--per-page": (
        ["--per-page", "3"],
        "--per-page 3 は使えません。1、2、4、6 のどれかにしてください",
        "--per-page 3: use 1, 2, 4 or 6",
    ),
    "--bleed": (
        ["--bleed", "20"],
        "--bleed 20 は使えません。0〜10 mm にしてください",
        "--bleed 20: use 0..10 mm",
    ),
    "--finish": (
        ["--press", "--finish", "huge"],
        "--finish huge は仕上がりサイズではありません。",
        "--finish huge: not a finished size; use one of ",
    ),
    "--press with --page": (
        ["--press", "--page", "A4", "--per-page", "2"],
        "--press は 1 ページに仕上がりカード 1 枚なので、--page と --per-page は使えません",
        "--press prints one finished card a page, so --page and --per-page cannot apply",
    ),
    "--count": (
        ["--count", "0"],
        "--count 0: 1 枚以上にしてください",
        "--count 0: give at least 1 card",
    ),
    "--png": (
        ["--png", "config.toml"],
        "--png config.toml はフォルダーではありません。PNG 用のフォルダーを指定してください",
        "--png config.toml: it is not a folder; give a folder for the PNGs",
    ),
    "--out": (
        ["--out", "cards.csv"],
        "--out cards.csv: .pdf の名前にしてください",
        "--out cards.csv: give a .pdf name",
    ),
}


@pytest.mark.parametrize("language", ["ja", "en"])
@pytest.mark.parametrize("name", sorted(CARDS_REFUSALS))
def test_bingo_cards_refuses_an_option_in_the_events_language(
    tmp_path, monkeypatch, capsys, name, language
):
    options, japanese, english = CARDS_REFUSALS[name]
    path = event(tmp_path, language)
    monkeypatch.chdir(tmp_path)
    assert bingo_main(["cards", "--config", str(path), "--count", "1", *options]) == 1
    said = {"ja": japanese, "en": english}[language]
    assert one_line(capsys).startswith(REFUSAL[language] + said)
    assert not list(tmp_path.glob("*.pdf")) and not list(tmp_path.glob("*.csv"))


@pytest.mark.parametrize("language", ["ja", "en"])
def test_bingo_cards_says_what_would_not_print_in_the_events_language(
    tmp_path, monkeypatch, capsys, language
):
    """The writer's own refusals (a title under the 6 pt floor, a picture that does not read),
    and the image folder's line, which check-config says too, under its label."""
    path = event(tmp_path, language, 'title = "ぷよ橋ビンゴ大会"', f'title = "{"夏" * 90}"')
    monkeypatch.chdir(tmp_path)
    assert bingo_main(["cards", "--config", str(path), "--count", "1"]) == 1
    said = {
        "ja": f'event.title "{"夏" * 90}" は、A4 1 ページに 4 枚のカードで ',
        "en": f'event.title "{"夏" * 90}" would print at ',
    }[language]
    line = one_line(capsys)
    assert line.startswith(REFUSAL[language] + said), line
    assert {"ja": "入るいちばん長い形は", "en": "the longest that fits is"}[language] in line

    folder = tmp_path / "broken"
    (folder / "img").mkdir(parents=True)
    path = event(folder, language, pictures=False)
    (folder / "img" / "P1.png").write_bytes(b"not a picture")
    assert bingo_main(["cards", "--config", str(path), "--count", "1"]) == 1
    picture = (folder / "img" / "P1.png").resolve()
    said = {
        "ja": f"絵 {picture} は Pillow が読める絵ではありません。PNG か JPEG で保存し直してください",
        "en": f"image {picture} is not a picture Pillow can read: save it again as PNG or JPEG",
    }[language]
    assert one_line(capsys) == REFUSAL[language] + said

    path = event(tmp_path / "broken", language, 'image_dir = "img"', 'image_dir = "none"')
    assert bingo_main(["cards", "--config", str(path), "--count", "1"]) == 1
    none = tmp_path / "broken" / "none"
    said = {
        "ja": f"絵のフォルダー {none} がありません。作るか、board.image_dir をそこに向けるか、"
        "絵なしのマスにするなら --no-images を付けてください",
        "en": f"the image folder {none} does not exist: create it, point board.image_dir at "
        "it, or pass --no-images for plain cells",
    }[language]
    assert one_line(capsys) == REFUSAL[language] + said


@pytest.mark.parametrize("language", ["ja", "en"])
def test_check_config_repeats_what_bingo_cards_press_would_refuse_in_its_language(
    tmp_path, capsys, language
):
    from PIL import ImageCms

    rgb = tmp_path / "rgb.icc"
    rgb.write_bytes(ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes())
    path = event(tmp_path, language, 'cmyk_profile = ""', 'cmyk_profile = "rgb.icc"')
    assert bingo_main(["check-config", "--config", str(path)]) == 0
    out = capsys.readouterr().out
    said = {
        "ja": f"注意: bingo cards --press なら断られます: cards.cmyk_profile {rgb} は RGB の"
        "プロファイルです。--press には JapanColor2001Coated.icc などの CMYK のものが要ります",
        "en": f"warning: bingo cards --press would refuse: cards.cmyk_profile {rgb} is a RGB "
        "profile: --press needs a CMYK one such as JapanColor2001Coated.icc",
    }[language]
    assert said in out.splitlines(), out


# (the command line, the Japanese refusal, the English one)
OPTION_REFUSALS = {
    "bingo prob --size": (
        ["bingo", "prob", "--size", "12"],
        "--size 12 は範囲外です。3〜10 にしてください",
        "--size 12 is out of range: use 3..10",
    ),
    "bingo prob --prizes": (
        ["bingo", "prob", "--cards", "5", "--prizes", "9"],
        "--prizes 9 は使うカード 5 枚より多いです。5 以下にしてください（または --cards で"
        "カードを増やしてください）",
        "--prizes 9 is more than the 5 cards in play: give at most 5 (or more cards with --cards)",
    ),
    "bingo prob --drawn": (
        ["bingo", "prob", "--drawn", "1,2"],
        "--drawn には列ごとに 1 つ、4 個の数を書いてください（今は 2 個）",
        "--drawn needs 4 numbers, one per column, not 2",
    ),
    "bingo plan --first": (
        ["bingo", "plan", "--first", "0"],
        "--first 0: 1〜40 の球の番号にしてください",
        "--first 0: give a draw from 1 to 40",
    ),
    "bingo plan --size": (
        ["bingo", "plan", "--size", "4", "--free-center"],
        "--free-center には奇数の --size が要ります（今は 4）",
        "--free-center needs an odd --size (now 4)",
    ),
    "games cool24 --simulate": (
        ["games", "cool24", "--simulate", "0"],
        "--simulate 0: ゲームの数は 1 以上にしてください",
        "--simulate 0: give a number of games of at least 1",
    ),
    "games daifugo --room": (
        ["games", "daifugo", "--room", "expert"],
        "--room expert は知らない部屋です。beginner、intermediate、advanced（初級/中級/上級）",
        "--room expert does not exist: choose beginner, intermediate or advanced",
    ),
    "games daifugo --uecda": (
        ["games", "daifugo", "--uecda", "host:http"],
        "--uecda host:http: ポートは 1〜65535 の数にしてください",
        "--uecda host:http: the port must be a number 1-65535",
    ),
    "games daifugo --cpu": (
        ["games", "daifugo", "--cpu", "hard"],
        "--cpu hard: easy、normal、strong のどれかにしてください",
        "--cpu hard: use easy, normal or strong",
    ),
}


@pytest.mark.parametrize("language", ["ja", "en"])
@pytest.mark.parametrize("name", sorted(OPTION_REFUSALS))
def test_a_commands_option_is_refused_in_the_events_language(tmp_path, capsys, name, language):
    (program, *command), japanese, english = OPTION_REFUSALS[name]
    path = event(tmp_path, language, pictures=False)
    main = bingo_main if program == "bingo" else games_main
    assert main([*command, "--config", str(path)]) == 1
    said = {"ja": japanese, "en": english}[language]
    assert one_line(capsys).startswith(REFUSAL[language] + said)


# ------------------------------------------------------------------ what a command tells the host

CARDS_SAID = {  # bingo cards' summary of a run remade with --force, and its notes
    "ja": (
        "cards.pdf を書きました（2 枚、番号 1〜2、A4 で 1 ページ、1 ページに 4 枚）。登録ファイル ",
        "コードの鍵は ",
        "（前からある鍵です。これで作ったカードのコードのまま）",
        "前のファイルを ",
        "お知らせ: 前に止められた実行が残した一時ファイルを 1 個消しました",
    ),
    "en": (
        "cards.pdf (2 cards, serials 1-2, 1 pages A4, 4 per page), the registry ",
        "the codes' key is ",
        " (the key already there: the codes of the cards made with it)",
        "kept the old files as ",
        "note: removed 1 temporary files a killed run left",
    ),
}


@pytest.mark.parametrize("language", ["ja", "en"])
def test_bingo_cards_tells_what_it_wrote_in_the_events_language(
    tmp_path, monkeypatch, capsys, language
):
    path = event(tmp_path, language, "images = true", "images = false", pictures=False)
    monkeypatch.chdir(tmp_path)
    command = ["cards", "--config", str(path), "--count", "2", "--seed", "1", "--per-page", "4"]
    assert bingo_main(command) == 0
    (tmp_path / ".cards.pdf.0123abcd.tmp").write_bytes(b"x")  # a killed run's
    capsys.readouterr()
    assert bingo_main([*command, "--force"]) == 0
    out, err = capsys.readouterr()
    wrote, key, kept, backups, stale = CARDS_SAID[language]
    lines = out.splitlines()
    assert wrote in lines[0] and "cards.csv" in lines[0] and "cards-check.pdf" in lines[0], lines
    assert key in lines[1] and kept in lines[1], lines
    assert lines[2].startswith(backups), lines
    assert err.splitlines() == [stale + " (.cards.pdf.0123abcd.tmp …)"] or (
        language == "ja" and err.splitlines() == [stale + "（.cards.pdf.0123abcd.tmp …）"]
    ), err
    assert all(_japanese(x) == (language == "ja") for x in lines[:3]), lines
    preflight = {"ja": "cards.pdf のプリフライト: PDF ", "en": "preflight of cards.pdf: PDF "}
    at = next(i for i, x in enumerate(lines) if x.startswith(preflight[language]))
    report = [x for x in lines[at + 1 :] if x.startswith("  ")]  # its lines, indented
    assert len(report) >= 7 and all(_japanese(x) == (language == "ja") for x in report), report


@pytest.mark.parametrize("language", ["ja", "en"])
def test_bingo_draws_host_warning_speaks_the_events_language(tmp_path, qtbot, capsys, language):
    """The terminal's line and the operator window's log before a warning for the host."""
    import dataclasses

    from bingo.config import load_config
    from bingo.session import DrawSession
    from bingo.ui.display import DisplayWindow
    from bingo.ui.operator import OperatorWindow

    config = load_config(event(tmp_path, language))
    config = dataclasses.replace(config, display=dataclasses.replace(config.display, sound=False))
    session = DrawSession.open(config, tmp_path / "j.jsonl", seed=9)
    display = DisplayWindow(
        session, config, probability_module="no_such_engine_module", odds_mode="thread"
    )
    qtbot.addWidget(display)
    display.operator = OperatorWindow(display)
    qtbot.addWidget(display.operator)
    capsys.readouterr()
    display.warn("web.port 8080")
    said = {"ja": ("注意: ", "[注意] "), "en": ("warning: ", "[warn] ")}[language]
    assert capsys.readouterr().err == f"{said[0]}web.port 8080\n"
    assert f"{said[1]}web.port 8080" in display.operator.log.toPlainText()


INIT_SAID = {  # bingo init: what it wrote, its refusal of a folder that has a config.toml
    "ja": ("{} を書きました", "次に: config.toml を編集して", "エラー: {} はもうあります。"),
    "en": ("wrote {}", "next: edit config.toml", "error: {} already there: "),
}


def test_bingo_init_speaks_japanese_and_the_language_of_a_config_already_there(tmp_path, capsys):
    """bingo init reads no config: Japanese in a new folder, and a config.toml already in the
    folder refused in its own event.language (its --help says so)."""
    target = tmp_path / "night"
    assert bingo_main(["init", str(target)]) == 0
    out = capsys.readouterr().out.splitlines()
    wrote, next_step, exists = INIT_SAID["ja"]
    assert out[0] == wrote.format(target / "config.toml") and out[-1].startswith(next_step), out
    for language in ("ja", "en"):
        event(target, language, pictures=False)
        assert bingo_main(["init", str(target)]) == 1
        wrote, next_step, exists = INIT_SAID[language]
        assert one_line(capsys).startswith(exists.format(target / "config.toml"))
    (target / "config.toml").write_text('[event]\nlanguage = "en"\nsize = = 4\n', "utf-8")
    assert bingo_main(["init", str(target)]) == 1  # a file that does not read: Japanese
    assert one_line(capsys).startswith(INIT_SAID["ja"][2].format(target / "config.toml"))
    with pytest.raises(SystemExit):
        bingo_main(["init", "--help"])
    assert "else Japanese, the default" in " ".join(capsys.readouterr().out.split())


REGISTRY_SAID = {  # a registry that does not read, through bingo prob --registry
    "ja": "{} の 3 行目: 番号 7 が 2 回あります（2 行目にも）",
    "en": "{} line 3: serial 7 appears twice (also on line 2)",
}


@pytest.mark.parametrize("language", ["ja", "en"])
def test_a_damaged_registry_is_refused_in_the_events_language(tmp_path, capsys, language):
    path = event(tmp_path, language, pictures=False)
    row = "7," + ",".join(str(n) for n in (1, 2, 3, 4, 11, 12, 13, 14, 21, 22, 23, 24))
    registry = tmp_path / "cards.csv"
    header = "serial," + ",".join(f"r{r}c{c}" for r in range(1, 5) for c in range(1, 5))
    registry.write_text(f"{header}\n{row},31,32,33,34\n{row},31,32,33,35\n", "utf-8")
    assert bingo_main(["prob", "--config", str(path), "--registry", str(registry)]) == 1
    said = REGISTRY_SAID[language].format(registry)
    assert one_line(capsys) == REFUSAL[language] + said


KEY_SAID = {  # the card set's key through bingo cards --code-for: shared, then damaged
    "ja": (
        "お知らせ: {} はほかのユーザーも読めます（モード 644）",
        "エラー: カードの鍵 {} が壊れています",
    ),
    "en": ("note: {} can be read by other users (mode 644)", "error: the card key {} is damaged"),
}


@pytest.mark.parametrize("language", ["ja", "en"])
def test_the_card_keys_notes_and_refusals_speak_the_events_language(
    tmp_path, monkeypatch, capsys, language
):
    path = event(tmp_path, language, "images = true", "images = false", pictures=False)
    monkeypatch.chdir(tmp_path)
    command = ["cards", "--config", str(path), "--count", "2", "--seed", "1"]
    assert bingo_main(command) == 0
    key = tmp_path / "cards.key"
    key.chmod(0o644)
    capsys.readouterr()
    assert bingo_main([*command, "--code-for", "1"]) == 0
    shared, damaged = KEY_SAID[language]
    assert capsys.readouterr().err.startswith(shared.format(key.name))
    key.write_text("zz\n", encoding="ascii")
    key.chmod(0o600)
    assert bingo_main([*command, "--code-for", "1"]) == 1
    assert one_line(capsys).startswith(damaged.format(key.name))


UECDA_SAID = {  # a UECda server that sends player number 9, through games daifugo --uecda
    "ja": "エラー: uecda: クライアントが止まりました（プレイヤー番号 9: 0〜4 のはずです）",
    "en": "error: uecda: the client stopped: player number 9: expected 0-4",
}


@pytest.mark.parametrize("language", ["ja", "en"])
def test_a_uecda_servers_mistake_stops_the_client_in_the_events_language(
    tmp_path, capsys, language
):
    import socket
    import threading

    from games.daifugo.uecda.protocol import TABLE_BYTES, pack_int

    path = event(tmp_path, language, pictures=False)
    listener = socket.create_server(("127.0.0.1", 0))

    def serve() -> None:
        conn, _ = listener.accept()
        with conn:
            got = b""
            while len(got) < TABLE_BYTES:  # the client's profile table
                got += conn.recv(TABLE_BYTES - len(got))
            conn.sendall(pack_int(9))  # no player 0-4
            conn.recv(1)  # until the client closes

    server = threading.Thread(target=serve)
    server.start()
    port = listener.getsockname()[1]
    try:
        command = ["daifugo", "--uecda", f"127.0.0.1:{port}", "--config", str(path)]
        assert games_main(command) == 1
    finally:
        server.join(30)
        listener.close()
    assert one_line(capsys) == UECDA_SAID[language]


# ------------------------------------------------------------------ the draw's journal

VERIFY_SAID = {  # bingo draw --verify-journal: intact (3 draws of a rehearsal), tampered, missing
    "ja": (
        "記録ファイル {path} は無傷です：記録 4 件、{size}×{size}（1列 {per_column} 個）の"
        "ボードで 3 球（シード 5 のリハーサル、鍵付きのチェーン）。監査コード ",
        "記録ファイル {path} の 3 行目がチェーンと合いません（編集されたか、行が消されたか"
        "差し込まれています）",
        "記録ファイル {path} がありません",
        "--verify-journal には確かめる記録ファイルを指定してください",
    ),
    "en": (
        "journal {path} is intact: 4 records, 3 numbers drawn on a {size}x{size} board with "
        "{per_column} numbers per column (rehearsal with seed 5, keyed chain); audit code ",
        "journal {path} line 3 does not match its chain (edited, or lines removed or inserted)",
        "journal {path} not found",
        "--verify-journal needs the journal file to check",
    ),
}


def _rehearsal_journal(config_path: Path, journal: Path, draws: int) -> list[int]:
    from bingo.config import load_config
    from bingo.session import DrawSession

    session = DrawSession.open(load_config(config_path), journal, seed=5)
    drawn = [session.draw() for _ in range(draws)]
    session.close()
    return drawn


@pytest.mark.parametrize("language", ["ja", "en"])
def test_verify_journal_reports_in_the_events_language(tmp_path, capsys, language):
    """An intact, a tampered and a missing journal, and no file named, through bingo draw
    --verify-journal: every line whole in the config's language (Japanese by default)."""
    from bingo.config import load_config

    path = event(tmp_path, language)
    board = load_config(path).board
    journal = tmp_path / "show.jsonl"
    drawn = _rehearsal_journal(path, journal, 3)
    intact, tampered, missing, needs = VERIFY_SAID[language]
    fields = {"size": board.size, "per_column": board.numbers_per_column}
    verify = ["draw", "--config", str(path), "--verify-journal"]
    assert bingo_main([*verify, str(journal)]) == 0
    out, err = capsys.readouterr()
    assert err == "" and out.startswith(intact.format(path=journal, **fields)), out
    assert _japanese(out) == (language == "ja")

    lines = journal.read_text(encoding="utf-8").splitlines()
    record = json.loads(lines[2])  # the 2nd draw, edited to a number not drawn
    total = board.size * board.numbers_per_column
    record["number"] = next(n for n in range(1, total + 1) if n not in drawn)
    lines[2] = json.dumps(record, ensure_ascii=False, separators=(",", ":"))
    journal.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert bingo_main([*verify, str(journal)]) == 1
    assert one_line(capsys) == tampered.format(path=journal)

    assert bingo_main([*verify, str(tmp_path / "none.jsonl")]) == 1
    assert one_line(capsys) == missing.format(path=tmp_path / "none.jsonl")
    assert bingo_main([*verify, " "]) == 2
    assert one_line(capsys) == needs


def test_verify_journal_without_a_config_speaks_japanese(tmp_path, monkeypatch, capsys):
    """No --config and no ./config.toml: the built-in settings' language, Japanese."""
    monkeypatch.chdir(tmp_path)
    assert bingo_main(["draw", "--verify-journal", "none.jsonl"]) == 1
    assert one_line(capsys) == "記録ファイル none.jsonl がありません"


VERIFY_WINNERS = {  # a winner and a withdrawn one, in the report's tail
    "ja": "。当選：No.6（第2球でビンゴ、第2球で申告、第3球で確認）。取り消した当選："
    "No.9（第3球で司会が取り消し）",
    "en": "; winners: No.6 bingo at ball 2 (claimed at 2, confirmed at 3); withdrawn: "
    "No.9 (by the host at ball 3)",
}


@pytest.mark.parametrize("language", ["ja", "en"])
def test_verify_journal_names_the_winners_in_the_events_language(tmp_path, capsys, language):
    from bingo.journal import WITHDRAW_HOST, Journal, read_journal

    path = event(tmp_path, language)
    journal = tmp_path / "show.jsonl"
    _rehearsal_journal(path, journal, 3)
    state = read_journal(journal)
    assert state is not None
    written = Journal.resume(journal, state)
    written.append_winner(6, 3, bingo_ball=2, claim_ball=2)
    written.append_winner(9, 3, bingo_ball=3)
    written.append_withdraw(9, WITHDRAW_HOST)
    written.close()
    assert bingo_main(["draw", "--config", str(path), "--verify-journal", str(journal)]) == 0
    assert capsys.readouterr().out.rstrip("\n").endswith(VERIFY_WINNERS[language])


JOURNAL_REFUSED = {  # bingo draw --journal <a folder>: the one line on the terminal
    "ja": (
        "エラー: 記録ファイルをここに置けません：",
        "{} はフォルダーで、記録ファイルではありません",
    ),
    "en": ("Error: The journal cannot be kept there: ", "{} is a folder, not a journal file"),
}


@pytest.mark.parametrize("language", ["ja", "en"])
def test_a_journal_that_cannot_be_kept_is_refused_in_the_events_language(
    tmp_path, capsys, language
):
    path = event(tmp_path, language)
    folder = tmp_path / "folder"
    folder.mkdir()
    assert bingo_main(["draw", "--config", str(path), "--journal", str(folder)]) == 1
    line = one_line(capsys)
    start, problem = JOURNAL_REFUSED[language]
    assert line.startswith(start) and problem.format(folder) in line, line
    assert _japanese(line) == (language == "ja")


DAMAGED_SAID = {  # the show's recovery dialog: a journal whose start record names no key
    "ja": "記録ファイルを使えません：記録ファイル {}：開始記録に正しい鍵の名前がありません",
    "en": "The journal cannot be used: journal {}: the start record names no valid key",
}


@pytest.mark.parametrize("language", ["ja", "en"])
def test_a_damaged_journal_is_told_in_the_shows_dialog_in_its_language(tmp_path, qtbot, language):
    """The show opens a damaged journal: the problem its recovery dialog says (and the dialog
    itself) in the event's language, the journal's own words included."""
    import argparse

    from bingo.config import load_config
    from bingo.ui.command import open_session, recovery_box
    from bingo.ui.texts import texts

    path = event(tmp_path, language)
    journal = tmp_path / "show.jsonl"
    _rehearsal_journal(path, journal, 2)
    lines = journal.read_text(encoding="utf-8").splitlines()
    start = json.loads(lines[0])
    start["key_id"] = "not-a-key"
    journal.write_text("\n".join([json.dumps(start), *lines[1:]]) + "\n", encoding="utf-8")
    config = load_config(path)
    strings = texts(config.event.language)
    asked: list[tuple[object, ...]] = []
    args = argparse.Namespace(journal=str(journal), new=False, seed=None)
    assert open_session(config, args, strings, ask=lambda *a: asked.append(a)) is None
    ((problem, where),) = asked  # no draws to continue from: keep aside or quit
    assert problem == DAMAGED_SAID[language].format(journal) and where == str(journal)
    box = recovery_box(problem, where, strings)
    qtbot.addWidget(box)
    said = box.informativeText()
    assert said == strings("recover_text", problem=problem, path=journal)
    assert said.startswith(problem) and _japanese(said) == (language == "ja")
    assert journal.read_text(encoding="utf-8").splitlines()[1:] == lines[1:]  # left as it was


def _japanese(text: str) -> bool:
    return any("\u3040" <= c <= "\u30ff" or "\u4e00" <= c <= "\u9fff" for c in text)


# ------------------------------------------------------------------ every raise site, tables

MODULES = [
    "eventkit/tomlconf.py",
    "eventkit/web/config.py",
    "bingo/config.py",
    "bingo/checkconfig.py",
    "bingo/cli.py",
    "bingo/config_changes.py",
    "bingo/web/settings.py",
    "bingo/ui/winners.py",
    "eventkit/paths.py",
    "games/cool24/settings.py",
    "games/daifugo/settings.py",
    "games/daifugo/registration.py",
    "games/schwimmen/settings.py",
    "games/schwimmen/app.py",
    "games/web/settings.py",
    *(
        REFUSING := [  # the commands' own refusals (eventkit.tomlconf.refused)
            "cards/command.py",
            "cards/style.py",
            "cards/generate.py",
            "cards/layout.py",
            "cards/output.py",
            "cards/pdf.py",
            "cards/press.py",
            "cards/validate.py",
            "eventkit/images.py",
            "bingo/probability/command.py",
            "bingo/probability/plan_command.py",
            "bingo/probability/option_texts.py",
            "games/cool24/app.py",
            "games/daifugo/app.py",
            "games/cool24/plot.py",
            "bingo/ui/numberart.py",
            "bingo/ui/voice.py",  # why the voice is off (VoiceUnavailable, the host's warning)
            "bingo/builtin.py",  # bingo init
            "cards/registry.py",  # a registry that does not read or fit
            "cards/cardset.py",  # its batches and key
            "bingo/cardcode.py",  # a key file that does not read
            "games/daifugo/uecda/client.py",  # what a UECda server sent that it cannot play
            "games/daifugo/uecda/wire.py",  # a connection that ends mid-message
            "games/daifugo/uecda/protocol.py",  # a table that breaks protocol 20070
            "games/daifugo/uecda/view.py",
            "bingo/journal.py",  # the draw's journal: errors, warnings, the verify report
        ]
    ),
]
TABLED = ("mistake", "refused", "phrase")  # (tables, entry, ...): said from a texts table
SAYERS = {"say": "bingo.config_texts", "said": "eventkit.config_texts"}


def _has_text(node: ast.AST) -> bool:
    """Words written in the code: a string literal with letters, or an f-string (a table's
    entry key in a mistake / say / said call is not words)."""
    if isinstance(node, ast.Call) and _name(node) in (*TABLED, *SAYERS):
        return any(_has_text(k.value) for k in node.keywords)
    if isinstance(node, ast.Call) and _name(node) == "ConfigError":  # its message, not its code
        return any(_has_text(a) for a in node.args)
    if isinstance(node, ast.Subscript):  # a table's entry: t["applied"]
        return _has_text(node.value)
    if isinstance(node, ast.JoinedStr):
        return True
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str) and any(map(str.isalpha, node.value))
    return any(_has_text(child) for child in ast.iter_child_nodes(node))


def _name(call: ast.Call) -> str:
    f = call.func
    return f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""


def _fields(template: object) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(str(template)) if f}


def _module_calls(path: str) -> list[ast.Call]:
    tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
    return [n for n in ast.walk(tree) if isinstance(n, ast.Call)]


@pytest.mark.parametrize("path", MODULES)
def test_no_config_message_is_written_in_english_in_the_code(path):
    """A ConfigError (or a check-config problem) is built from a texts table entry, never from
    words in the code: each would be English whatever the event's language."""
    found = []
    for call in _module_calls(path):
        name = _name(call)
        if name == "ConfigError" and call.args and _has_text(call.args[0]):
            found.append(f"line {call.lineno}: ConfigError({ast.unparse(call.args[0])[:60]})")
        to = call.func.value if isinstance(call.func, ast.Attribute) else None
        listed = name == "append" and ast.unparse(to or call).endswith(("problems", "warnings"))
        if (listed or name == "report") and call.args and _has_text(call.args[0]):
            found.append(f"line {call.lineno}: {name}({ast.unparse(call.args[0])[:60]})")
    assert found == [], found


@pytest.mark.parametrize("path", MODULES)
def test_every_entry_said_is_in_both_languages_with_its_fields(path):
    """Each mistake(TABLE, "entry", ...) / say / said names an entry both languages have, and
    gives every field either language's template uses."""
    module = importlib.import_module(path.removesuffix(".py").replace("/", "."))
    lazy = {  # names a function imports when it runs (the registrations import lazily)
        alias.asname or alias.name: getattr(importlib.import_module(node.module), alias.name)
        for node in ast.walk(ast.parse((ROOT / path).read_text(encoding="utf-8")))
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("games.")
        for alias in node.names
        if alias.name.isupper()
    }
    checked = 0
    for call in _module_calls(path):
        name = _name(call)
        if name in TABLED:
            tables = eval(ast.unparse(call.args[0]), {**lazy, **vars(module)})  # our own source
            entry = call.args[1]
        elif name == "said" and len(call.args) == 2:  # said(language, entry): its own TEXTS
            tables = module.TEXTS
            entry = call.args[1]
        elif name in SAYERS and call.args:
            tables = importlib.import_module(SAYERS[name]).TABLES
            entry = call.args[0]
        else:
            continue
        given = {k.arg for k in call.keywords}
        keys = [entry.value] if isinstance(entry, ast.Constant) else []
        if isinstance(entry, ast.IfExp):  # say("a" if x else "b")
            keys = [entry.body.value, entry.orelse.value]  # type: ignore[attr-defined]
        for key in keys:
            assert key in tables["ja"] and key in tables["en"], (path, call.lineno, key)
            wanted = _fields(tables["ja"][key]) | _fields(tables["en"][key])
            assert {f.split(":")[0] for f in wanted} <= given, (path, call.lineno, key, given)
            checked += 1
    if any(f"{name}(" in (ROOT / path).read_text(encoding="utf-8") for name in TABLED):
        assert checked, path


_OPTION = re.compile(r"--[a-z][a-z-]*")


def _has_words(node: ast.AST) -> bool:
    """Words written in the code for a refusal: as `_has_text`, but an f-string only when its
    own text has words beside option names (f"--append: {error}" only names the option)."""
    if isinstance(node, ast.JoinedStr):
        return any(
            isinstance(part, ast.Constant) and any(map(str.isalpha, _OPTION.sub("", part.value)))
            for part in node.values
        )
    if isinstance(node, ast.Call | ast.Subscript | ast.Constant):
        return _has_text(node)
    return any(_has_words(child) for child in ast.iter_child_nodes(node))


VOICE_WARNINGS = ("VoiceUnavailable", "_fail", "_warn_once")  # bingo.ui.voice's reasons
# bingo.journal's own sayings beside its errors: a warning on resuming, the verify report
JOURNAL_SAYINGS = (
    "bingo.journal._warn",
    "bingo.journal.JournalWarning",
    "bingo.journal.VerifyResult",
)


@pytest.mark.parametrize("path", REFUSING)
def test_no_refusal_is_written_in_english_in_the_code(path):
    """A UserError (any kind of it: LayoutError, ImageError, ...) of these modules is made by
    `refused` from a texts table, never from words in the code."""
    module = importlib.import_module(path.removesuffix(".py").replace("/", "."))
    found = []
    for call in _module_calls(path):
        try:
            made = eval(ast.unparse(call.func), vars(module))  # our own source: a name
        except Exception:
            continue
        is_refusal = isinstance(made, type) and issubclass(made, UserError)
        is_refusal = is_refusal or _name(call) in VOICE_WARNINGS
        named = f"{getattr(made, '__module__', '')}.{getattr(made, '__qualname__', '')}"
        is_refusal = is_refusal or named in JOURNAL_SAYINGS
        if is_refusal and any(_has_words(a) for a in call.args):
            found.append(f"line {call.lineno}: {ast.unparse(call)[:70]}")
    assert found == [], found


PRINTING = [  # what these commands print to the host (beside their refusals)
    "cards/command.py",
    "cards/style.py",
    "bingo/ui/display.py",
    "bingo/ui/operator.py",
    "bingo/cli.py",
    "bingo/builtin.py",
    "cards/cardset.py",
    "games/daifugo/uecda/client.py",
]
SAYING = ("print", "warn", "note", "add_log")
SCREEN_TEXTS = ("strings", "s")  # an eventkit.i18n.Texts: its entry said in the language
_CARD_MARK = re.compile(r"\bNo\.")  # the mark printed before a card's code: no language


def _has_line_words(node: ast.AST) -> bool:
    """As `_has_words`, the card's own "No." mark aside (`No.0001-ABCDE` is the same in ja/en)."""
    if isinstance(node, ast.JoinedStr):
        return any(
            isinstance(part, ast.Constant)
            and any(map(str.isalpha, _OPTION.sub("", _CARD_MARK.sub("", part.value))))
            for part in node.values
        )
    if isinstance(node, ast.Call) and _name(node) in SCREEN_TEXTS:  # s("entry", n=...)
        return any(_has_line_words(k.value) for k in node.keywords)
    if isinstance(node, ast.Call | ast.Subscript | ast.Constant):
        return _has_text(node)
    return any(_has_line_words(child) for child in ast.iter_child_nodes(node))


@pytest.mark.parametrize("path", PRINTING)
def test_no_line_to_the_host_is_written_in_english_in_the_code(path):
    """What a command prints (a summary, a note, a warning) comes from a texts table."""
    found = [
        f"line {call.lineno}: {ast.unparse(call)[:70]}"
        for call in _module_calls(path)
        if _name(call) in SAYING and any(_has_line_words(a) for a in call.args)
    ]
    assert found == [], found


def test_every_table_has_both_languages_with_the_same_entries():
    from bingo import config_texts as bingo_texts
    from bingo.probability import option_texts
    from bingo.ui import voice
    from cards import texts as cards_texts
    from eventkit import config_texts, images
    from games.cool24 import settings as cool24
    from games.daifugo import settings as daifugo
    from games.schwimmen import settings as schwimmen
    from games.web import settings as games_web

    for tables in (
        cards_texts.TABLES,
        option_texts.TABLES,
        voice.TEXTS,
        images.TEXTS,
        config_texts.TABLES,
        bingo_texts.TABLES,
        bingo_texts.JOURNAL_TABLES,
        cool24.TEXTS,
        daifugo.TEXTS,
        schwimmen.TEXTS,
        games_web.TEXTS,
    ):
        assert set(tables) == {"ja", "en"} and set(tables["ja"]) == set(tables["en"])
