"""The caller's settings in config.toml ([display] voice, voice_rate, draw), as check-config
reads them: each mistake is one message naming the key and what is allowed."""

from __future__ import annotations

import sys

import pytest

from bingo.checkconfig import check_file
from bingo.config import ConfigError, load_config, parse_config, summary


@pytest.mark.parametrize(
    ("display", "message"),
    [
        ({"voice_rate": 3.0}, "display.voice_rate = 3.0 is out of range: use 0.5..2"),
        ({"voice_rate": 0.1}, "display.voice_rate = 0.1 is out of range: use 0.5..2"),
        ({"voice": "yes"}, 'display.voice = "yes" must be true or false'),
        ({"draw": "cage"}, 'display.draw = "cage" is not a draw mode: use "random"'),
    ],
)
def test_each_mistake_is_one_clear_message(tmp_path, display, message):
    with pytest.raises(ConfigError, match="^" + message.replace(".", r"\.").replace("(", r"\(")):
        parse_config({"event": {"language": "en"}, "display": display}, check_images=False)
    lines = "\n".join(f"{k} = {v!r}".replace("'", '"') for k, v in display.items())
    path = tmp_path / "config.toml"
    (tmp_path / "img").mkdir()
    english = '[event]\nlanguage = "en"\n[display]\n'
    path.write_text(english + lines.replace("True", "true") + "\n", encoding="utf-8")
    report = check_file(path)
    assert len(report.problems) == 1 and report.problems[0].startswith(message)


def test_the_shipped_config_documents_and_sets_the_defaults(repo_root):
    text = (repo_root / "config.toml").read_text(encoding="utf-8")
    for key in ("voice = true", "voice_rate = 1.0", 'draw = "random"'):
        assert f"\n{key}\n" in text
    config = load_config(repo_root / "config.toml")
    assert (config.display.voice, config.display.voice_rate, config.display.draw) == (
        True,
        1.0,
        "random",
    )
    assert "読み上げ あり（速さ 1）、パソコンが引く" in summary(config)
    english = {"event": {"language": "en"}, "display": {"draw": "manual", "voice": False}}
    manual = parse_config(english, check_images=False)
    assert "spoken calls off, numbers typed from a ball cage" in summary(manual)
    assert parse_config({"display": {"voice_rate": 1}}, check_images=False).display.voice_rate == 1


def test_check_config_warns_when_no_voice_can_say_the_calls(tmp_path, monkeypatch, repo_root):
    path = tmp_path / "config.toml"
    path.write_text("[display]\nvoice = true\n", encoding="utf-8")
    (tmp_path / "img").mkdir()
    monkeypatch.setenv("PATH", str(tmp_path))  # no espeak-ng (Linux)
    monkeypatch.setitem(sys.modules, "pyttsx3", None)  # no pyttsx3 (Windows, macOS)
    report = check_file(path)
    assert report.problems == []
    (warning,) = [w for w in report.warnings if "display.voice" in w]
    assert "espeak-ng が入っていません" in warning and "display.voice = false" in warning
    path.write_text('[event]\nlanguage = "en"\n[display]\nvoice = true\n', encoding="utf-8")
    (warning,) = [w for w in check_file(path).warnings if "display.voice" in w]
    assert "is not installed" in warning and "display.voice = false" in warning
    path.write_text("[display]\nvoice = false\n", encoding="utf-8")
    assert not [w for w in check_file(path).warnings if "display.voice" in w]
