"""The spoken call (bingo/ui/voice.py): rendered to a WAV on this machine, said by a worker
process so the reel never waits, and a show without a voice goes on with one warning."""

from __future__ import annotations

import dataclasses
import os
import sys
import types
import wave
from pathlib import Path

import pytest
from caller_support import open_show
from PySide6.QtCore import Qt

from bingo.calls import call_of
from bingo.config import load_config
from bingo.session import DrawSession
from bingo.ui.display import DisplayWindow
from bingo.ui.voice import (
    EspeakEngine,
    Pyttsx3Engine,
    Voice,
    VoiceUnavailable,
    open_engine,
    pick_voice,
    render_call,
)

pytestmark = pytest.mark.voice  # its show windows keep config.toml's voice (tests/conftest.py)

# A worker on a machine without any engine: no pyttsx3 (Windows, macOS), no espeak-ng (Linux).
NO_ENGINE = (
    "import os, sys; sys.modules['pyttsx3'] = None; os.environ['PATH'] = os.devnull; "
    "from bingo.ui.voice import worker_main; sys.exit(worker_main())"
)


@pytest.fixture
def config(repo_root):
    base = load_config(repo_root / "config.toml")
    display = dataclasses.replace(base.display, spin_seconds=0.2, sound=False, voice=True)
    return dataclasses.replace(base, display=display)


def wav_facts(path: Path) -> tuple[float, int]:
    """Duration in seconds and the loudest sample of a 16-bit mono WAV."""
    with wave.open(str(path)) as f:
        frames = f.readframes(f.getnframes())
        seconds = f.getnframes() / f.getframerate()
        assert f.getsampwidth() == 2
    samples = memoryview(frames).cast("h")
    return seconds, max((abs(s) for s in samples), default=0)


def engine_or_skip(language: str):
    try:
        return open_engine(language)
    except VoiceUnavailable as exc:
        pytest.skip(f"no voice on this machine: {exc} (scripts/install.sh --test installs one)")


def fake_player(tmp_path: Path) -> tuple[str, Path]:
    """A 'player' that keeps a copy of each WAV it is given (this machine has no speakers)."""
    heard = tmp_path / "heard"
    heard.mkdir()
    script = tmp_path / "player.py"
    script.write_text(
        "import shutil, sys, pathlib\n"
        f"folder = pathlib.Path({str(heard)!r})\n"
        "n = len(list(folder.iterdir()))\n"
        "shutil.copy(sys.argv[1], folder / f'{n:03d}.wav')\n"
    )
    return f"{sys.executable} {script}", heard


def worker_argv(language: str, player: str) -> list[str]:
    return [sys.executable, "-m", "bingo.ui.voice", "--language", language, "--player", player]


# ---------------------------------------------------------------- the voice itself


def test_a_japanese_call_renders_to_a_wav_file(tmp_path, repo_root):
    engine_or_skip("ja")
    config = load_config(repo_root / "config.toml")
    speech = call_of(config, 7).speech
    assert speech == "ピーの、なな"
    out = render_call(speech, "ja", tmp_path / "p7.wav")
    seconds, peak = wav_facts(out)
    assert 0.3 < seconds < 5 and peak > 1000  # a spoken call, not silence
    slow = render_call(speech, "ja", tmp_path / "p7-slow.wav", rate=0.6)
    assert wav_facts(slow)[0] > seconds * 1.2  # the configured speed is heard


def test_an_english_call_renders_too(tmp_path):
    engine_or_skip("en")
    seconds, peak = wav_facts(render_call("P, seven", "en", tmp_path / "p7-en.wav"))
    assert 0.3 < seconds < 5 and peak > 1000


def test_voices_are_picked_by_language_on_every_system():
    v = types.SimpleNamespace
    sapi = v(id=r"HKEY\TTS_MS_JA-JP_HARUKA_11.0", name="Microsoft Haruka Desktop", languages=[])
    nsss = v(id="com.apple.voice.compact.ja-JP.Kyoko", name="Kyoko", languages=["ja_JP"])
    mbrola = v(id="mb/mb-jp1", name="japanese-mbrola-1", languages=["ja"])
    espeak = v(id="jpx/ja", name="Japanese", languages=["ja"])
    english = v(id="gmw/en", name="English (Great Britain)", languages=["en-gb"])
    assert pick_voice([english, sapi], "ja") is sapi
    assert pick_voice([english, nsss], "ja") is nsss
    assert pick_voice([mbrola, english, espeak], "ja") is espeak  # mbrola needs mbrola
    assert pick_voice([sapi, english], "en") is english
    assert pick_voice([english], "ja") is None


def test_without_an_engine_the_message_says_what_to_install(monkeypatch, tmp_path):
    monkeypatch.setitem(sys.modules, "pyttsx3", None)
    with pytest.raises(VoiceUnavailable, match="pyttsx3 is not installed"):
        Pyttsx3Engine("en")
    with pytest.raises(VoiceUnavailable, match="pyttsx3 が入っていません"):
        Pyttsx3Engine("ja")
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(VoiceUnavailable, match="apt install espeak-ng"):
        EspeakEngine("ja")


# ---------------------------------------------------------------- the worker process


@pytest.mark.slow
@pytest.mark.process
def test_the_worker_process_says_the_call_while_the_gui_thread_goes_on(qtbot, tmp_path):
    engine_or_skip("ja")
    player, heard = fake_player(tmp_path)
    warnings: list[str] = []
    voice = Voice("ja", True, 1.0, warnings.append, argv=worker_argv("ja", player))
    voice.start()
    try:
        qtbot.waitUntil(lambda: voice.available is True, timeout=20000)
        assert voice.pid not in (0, os.getpid())  # another process speaks, not the GUI's
        assert voice.say("ピーの、なな")
        assert voice.spoken == []  # say() returned before the call was said
        qtbot.waitUntil(lambda: voice.spoken == ["1"], timeout=20000)
        (wav,) = heard.iterdir()
        assert wav_facts(wav)[1] > 1000
        assert warnings == []
    finally:
        voice.stop()


@pytest.mark.slow
@pytest.mark.process
@pytest.mark.parametrize("language", ["ja", "en"])
def test_no_voice_is_one_warning_and_the_show_goes_on(qtbot, language):
    """The warning, and why, in the show's language (the host's terminal)."""
    warnings: list[str] = []
    argv = [sys.executable, "-c", NO_ENGINE, "--language", language]
    voice = Voice(language, True, 1.0, warnings.append, argv=argv)
    voice.start()
    qtbot.waitUntil(lambda: voice.available is False, timeout=20000)
    assert not voice.say("ピーの、なな") and not voice.say("エルの、じゅうよん")
    voice.toggle()
    voice.toggle()
    off, missing = {
        "ja": ("読み上げオフ: ", "が入っていません"),
        "en": ("voice off: ", "is not installed"),
    }[language]
    assert len(warnings) == 1 and warnings[0].startswith(off), warnings
    assert missing in warnings[0]  # and what to install
    if language == "ja" and sys.platform.startswith("linux"):
        assert warnings[0] == (
            "読み上げオフ: espeak-ng が入っていません。espeak-ng を入れてください"
            "（Debian/Ubuntu: sudo apt install espeak-ng）"
        )


def test_a_voice_process_that_cannot_start_is_one_warning(qtbot, tmp_path):
    warnings: list[str] = []
    voice = Voice("ja", True, 1.0, warnings.append, argv=[str(tmp_path / "no-such-python")])
    voice.start()
    qtbot.waitUntil(lambda: voice.available is False, timeout=10000)
    assert not voice.say("ピーの、なな")
    assert len(warnings) == 1 and "読み上げのプロセスを起動できません" in warnings[0]


@pytest.mark.slow
@pytest.mark.process
def test_voice_off_in_config_starts_no_process(qtbot):
    voice = Voice("ja", False, 1.0, lambda m: None, argv=[sys.executable, "-c", NO_ENGINE])
    voice.start()
    assert voice.pid == 0 and not voice.say("ピーの、なな")


# ---------------------------------------------------------------- in the show


def open_window(qtbot, config, tmp_path, argv) -> DisplayWindow:
    session = DrawSession.open(config, tmp_path / "j.jsonl", seed=5)
    return open_show(qtbot, session, config, voice_argv=argv)


@pytest.mark.slow
@pytest.mark.process
def test_the_show_says_each_call_when_the_reel_lands(qtbot, config, tmp_path):
    engine_or_skip("ja")
    player, heard = fake_player(tmp_path)
    window = open_window(qtbot, config, tmp_path, worker_argv("ja", player))
    try:
        qtbot.waitUntil(lambda: window.voice.available is True, timeout=20000)
        qtbot.keyClick(window, Qt.Key.Key_Space)
        qtbot.waitUntil(lambda: not window.controller.spinning, timeout=5000)
        qtbot.waitUntil(lambda: len(window.voice.spoken) == 1, timeout=20000)
        assert len(list(heard.iterdir())) == 1
        # S turns the voice off during the show: the next call is not said
        qtbot.keyClick(window, Qt.Key.Key_S)
        assert not window.voice.on and window.notice_text == "読み上げ オフ"
        qtbot.keyClick(window, Qt.Key.Key_Space)
        qtbot.waitUntil(lambda: not window.controller.spinning, timeout=5000)
        qtbot.keyClick(window, Qt.Key.Key_S)
        assert window.voice.on and window.notice_text == "読み上げ オン"
        assert window.voice.spoken == ["1"]
    finally:
        window.voice.stop()


@pytest.mark.slow
@pytest.mark.process
def test_a_show_without_a_voice_warns_the_host_once_and_never_the_room(qtbot, config, tmp_path):
    window = open_window(qtbot, config, tmp_path, [sys.executable, "-c", NO_ENGINE])
    qtbot.waitUntil(lambda: window.voice.available is False, timeout=20000)
    for _ in range(3):
        qtbot.keyClick(window, Qt.Key.Key_Space)
        qtbot.waitUntil(lambda: not window.controller.spinning, timeout=5000)
    voice_warnings = [w for w in window.host_warnings if w.startswith("読み上げオフ")]  # ja
    assert len(voice_warnings) == 1 and "が入っていません" in voice_warnings[0]
    assert "voice" not in window.banner_text and "voice" not in window.notice_text
    assert "読み上げ" not in window.banner_text + window.notice_text  # the room's language
    # S says on the host's status line that there is no voice, and nothing breaks
    qtbot.keyClick(window, Qt.Key.Key_S)
    qtbot.keyClick(window, Qt.Key.Key_S)
    assert window.notice_text.startswith("読み上げできません")
    assert len(window.controller.revealed) == 3


# ---------------------------------------------------------------- a voice nobody hears

FAKE_ESPEAK_NO_AUDIO = """#!/bin/sh
# espeak-ng on a machine without an audio device: lists its voices, and when asked to speak
# prints ALSA's complaint and exits 0 (as the real one does); -w (to a file) still works.
case "$*" in
  --voices=*)
    echo "Pty Language       Age/Gender VoiceName          File                 Other Languages"
    echo " 5  ja              --/M      Japanese           jpx/ja"
    exit 0;;
esac
echo "ALSA lib confmisc.c:855:(parse_card) cannot find card '0'" >&2
echo "ALSA lib pcm.c:2666:(snd_pcm_open_noupdate) Unknown PCM default" >&2
echo "error: No such file or directory" >&2
exit 0
"""


def fake_espeak_without_audio(tmp_path: Path, monkeypatch) -> Path:
    folder = tmp_path / "bin"
    folder.mkdir()
    program = folder / "espeak-ng"
    program.write_text(FAKE_ESPEAK_NO_AUDIO)
    program.chmod(0o755)
    monkeypatch.setenv("PATH", f"{folder}{os.pathsep}{os.environ.get('PATH', '')}")
    return program


def test_heard_problem_reads_what_espeak_prints_without_an_audio_device():
    from bingo.ui.voice import heard_problem

    said = FAKE_ESPEAK_NO_AUDIO.split("echo ")[3].split(" >&2")[0].strip('"')
    assert heard_problem(said) == said
    assert heard_problem(b"") is None and heard_problem("") is None


@pytest.mark.skipif(sys.platform in ("win32", "darwin"), reason="espeak-ng is the Linux engine")
def test_espeak_exiting_0_with_an_alsa_error_is_one_warning_for_the_host(
    qtbot, tmp_path, monkeypatch
):
    fake_espeak_without_audio(tmp_path, monkeypatch)
    warnings: list[str] = []
    voice = Voice("ja", True, 1.0, warnings.append)  # the worker speaks (no --player)
    voice.start()
    try:
        qtbot.waitUntil(lambda: voice.available is True, timeout=20000)  # the voice is there
        assert voice.say("ピーの、なな")
        qtbot.waitUntil(lambda: voice.available is False, timeout=20000)  # but nobody hears it
        assert not voice.spoken  # never counted as said
        assert not voice.say("エルの、じゅうよん")
        assert len(warnings) == 1, warnings
        assert (
            warnings[0].startswith("読み上げオフ: 音の出力先がありません") and "ALSA" in warnings[0]
        )
    finally:
        voice.stop()


@pytest.mark.slow
@pytest.mark.process
@pytest.mark.skipif(sys.platform in ("win32", "darwin"), reason="espeak-ng is the Linux engine")
def test_a_show_whose_voice_nobody_hears_warns_the_host_once_never_the_room(
    qtbot, config, tmp_path, monkeypatch
):
    fake_espeak_without_audio(tmp_path, monkeypatch)
    argv = [sys.executable, "-m", "bingo.ui.voice", "--language", "ja"]
    window = open_window(qtbot, config, tmp_path, argv)
    try:
        qtbot.waitUntil(lambda: window.voice.available is True, timeout=20000)
        for _ in range(3):
            qtbot.keyClick(window, Qt.Key.Key_Space)
            qtbot.waitUntil(lambda: not window.controller.spinning, timeout=5000)
        qtbot.waitUntil(lambda: window.voice.available is False, timeout=20000)
        voice_warnings = [w for w in window.host_warnings if w.startswith("読み上げオフ")]
        assert len(voice_warnings) == 1 and "音の出力先がありません" in voice_warnings[0]
        assert "voice" not in window.banner_text and "voice" not in window.notice_text
        assert "audio" not in window.banner_text and "ALSA" not in window.notice_text
        assert "読み上げ" not in window.banner_text + window.notice_text  # the room's language
    finally:
        window.voice.stop()


def test_voice_rate_2_makes_a_call_two_times_shorter(tmp_path):
    """Issue 35 item 7: 2.0 made calls 3.0-3.2 times shorter (espeak-ng's -s is not
    proportional); measured on the rendered WAV files."""
    engine_or_skip("ja")
    for language, call in (("ja", "エルの、じゅうよん"), ("en", "L, 14")):
        normal, _ = wav_facts(render_call(call, language, tmp_path / "n.wav", rate=1.0))
        fast, _ = wav_facts(render_call(call, language, tmp_path / "f.wav", rate=2.0))
        slow, _ = wav_facts(render_call(call, language, tmp_path / "s.wav", rate=0.5))
        assert 1.8 <= normal / fast <= 2.2, (language, normal, fast)
        assert 1.8 <= slow / normal <= 2.2, (language, normal, slow)
