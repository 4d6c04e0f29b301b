"""The spoken call: the computer's own voice says "ピーの、なな" when the reel lands. Offline.

Engines, each the maintained way to the voices a system ships:
- Windows and macOS: pyttsx3 (maintained, pure Python), which drives SAPI5 (Japanese Windows has
  Haruka / Ayumi / Ichiro) and NSSpeechSynthesizer (Kyoko, Otoya).
- Linux: the espeak-ng command (`apt install espeak-ng`), which reads kana, which is why
  bingo/calls.py writes calls in kana. pyttsx3's espeak driver is not used: it applies a new
  speed only some runs later (a race in its loop, seen here) and plays only through aplay.
Weighed and left: QtTextToSpeech is in PySide6-Addons (about 440 MB, optional here) and needs
speech-dispatcher on Linux; Open JTalk (pyopenjtalk) sounds best but needs compiled
dictionaries and voice models, and has no English.

Speaking runs in a worker process (`python -m bingo.ui.voice`): the reel never waits for the
voice, an engine that crashes or hangs cannot take the show with it, and pyttsx3 gets a main
thread of its own (SAPI5 and NSSpeechSynthesizer want one). The show writes one JSON line per
call to the worker's stdin; calls that pile up while one is said are dropped but the newest.
`render_call` writes a call to a WAV file with the same engine (the tests listen to it).

Without a voice (no engine, no voice for the language, the worker dies) the show goes on
silent with one warning for the host (terminal and operator window, never the audience view).
A call that cannot be heard counts as no voice: espeak-ng without an audio device prints ALSA's
(or PulseAudio's) complaint and exits 0, so its output is read as well as its exit code
(`heard_problem`); the worker then says "unavailable" and the host is warned once.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import sys
import tempfile
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from eventkit.i18n import Texts

if TYPE_CHECKING:
    import queue

# subprocess, queue and shlex are imported where the worker's process uses them: the show
# imports this module before its first frame and starts the worker after it (~14 ms of CPU).

RATE_RANGE = (0.5, 2.0)
ESPEAK_NORMAL_WPM = 175  # espeak-ng's own default speed
# voice_rate -> espeak-ng's -s (words a minute). Its speed is not proportional to -s (350 made
# calls 3.0-3.2 times shorter, not 2): measured by rendering calls (ja and en) to WAV files
# (benchmarks/bench_voice_rate.py), so that a rate makes a call that many times
# shorter; between two points the speed is interpolated.
ESPEAK_WPM_FOR_RATE = (
    (0.5, 100),
    (0.75, 139),
    (1.0, ESPEAK_NORMAL_WPM),
    (1.25, 208),
    (1.5, 235),
    (1.75, 262),
    (2.0, 285),
)
# Voice names that are Japanese or English when the engine does not list languages.
_KNOWN = {
    "ja": ("japanese", "haruka", "ayumi", "ichiro", "sayaka", "nanami", "kyoko", "otoya", "ja-jp"),
    "en": ("english", "david", "zira", "mark", "samantha", "alex", "daniel", "en-us", "en-gb"),
}
_SHARED: list = []  # pyttsx3's engine (one per process) and its normal speed
# What espeak-ng (or a player) prints when the call went nowhere, though it exits 0 (it prints
# nothing when a call is heard).
_NOT_HEARD = re.compile(
    r"ALSA lib|snd_pcm|Unknown PCM|cannot find card|audio (device|output)|pulse|"
    r"connection refused|^error:|failed to open",
    re.IGNORECASE | re.MULTILINE,
)


class VoiceUnavailable(Exception):
    """No voice can speak here; the message says why and what to install (in the show's
    language: the worker is started with it)."""


# Why the voice is off, for the host's terminal and operator window, in the show's language.
TEXTS = {
    "ja": {
        "off": "読み上げオフ: {reason}",
        "call_failed": "読み上げ: 呼び出しを言えませんでした（{text}）",
        "cannot_start": "読み上げのプロセスを起動できません（{reason}）",
        "stopped": "読み上げのプロセスが止まりました（終了コード {code}）",
        "ended": "読み上げのプロセスが声なしで終わりました",
        "rendered_nothing": "声 {voice} は何も出しませんでした",
        "espeak_missing": "espeak-ng が入っていません。{help}",
        "espeak_silent": "espeak-ng が応答しません（{reason}）",
        "espeak_no_voice": "espeak-ng にはここで{name}の声がありません",
        "no_audio": "音の出力先がありません: {voice} の出力 {problem!r}",
        "no_pyttsx3": (
            "pyttsx3 が入っていません（pip install pyttsx3 か、scripts/install.sh をもう一度"
            "実行してください）"
        ),
        "no_engine": "ここで使える読み上げエンジンがありません（{error}）。{help}",
        "no_voice": "{name}の声が入っていません（ほかの声は {count} 個）。{help}",
        "help_windows": "設定 > 時刻と言語 > 音声 で{name}の声を追加してください",
        "help_mac": "システム設定 > アクセシビリティ > 読み上げコンテンツ で{name}の声を追加してください",
        "help_linux": "espeak-ng を入れてください（Debian/Ubuntu: sudo apt install espeak-ng）",
        "name_ja": "日本語",
        "name_en": "英語",
    },
    "en": {
        "off": "voice off: {reason}",
        "call_failed": "voice: a call could not be said ({text})",
        "cannot_start": "the voice process could not start ({reason})",
        "stopped": "the voice process stopped (exit code {code})",
        "ended": "the voice process ended without a voice",
        "rendered_nothing": "the voice {voice} rendered nothing",
        "espeak_missing": "espeak-ng is not installed: {help}",
        "espeak_silent": "espeak-ng does not answer ({reason})",
        "espeak_no_voice": "espeak-ng has no {name} voice here",
        "no_audio": "no audio device: {voice} says {problem!r}",
        "no_pyttsx3": (
            "pyttsx3 is not installed (pip install pyttsx3, or run scripts/install.sh again)"
        ),
        "no_engine": "no speech engine works here ({error}); {help}",
        "no_voice": "no {name} voice is installed ({count} other voices): {help}",
        "help_windows": "add a {name} voice in Settings > Time & language > Speech",
        "help_mac": "add a {name} voice in System Settings > Accessibility > Spoken Content",
        "help_linux": "install espeak-ng (Debian/Ubuntu: sudo apt install espeak-ng)",
        "name_ja": "Japanese",
        "name_en": "English",
    },
}


def said(language: str, key: str, **values: object) -> str:
    """One of TEXTS in `language` (Japanese for any other)."""
    return Texts(TEXTS, language)(key, **values)


# ---------------------------------------------------------------------- Qt-free engines


def _language_of(voice) -> list[str]:
    out = []
    for lang in getattr(voice, "languages", None) or []:
        if isinstance(lang, bytes):
            lang = lang.decode("utf-8", "ignore")
        out.append(str(lang).lower().replace("_", "-").lstrip("\x05"))
    return out


def pick_voice(voices, language: str):
    """The first installed voice for `language` ("ja" / "en"); espeak's mbrola voices are
    skipped (they need mbrola, which is rarely installed)."""
    for voice in voices:
        ident = str(getattr(voice, "id", "")).lower()
        if ident.startswith("mb/") or "mbrola" in ident:
            continue
        langs = _language_of(voice)
        if any(lang == language or lang.startswith(language + "-") for lang in langs):
            return voice
        words = f"{ident} {str(getattr(voice, 'name', '')).lower()}"
        if any(known in words for known in _KNOWN.get(language, ())):
            return voice
    return None


def _language_name(language: str) -> str:
    """The voice's language as the host reads it ("日本語" / "English")."""
    return said(language, "name_en" if language == "en" else "name_ja")


def _missing_voice_help(language: str) -> str:
    name = _language_name(language)
    if sys.platform.startswith("win"):
        return said(language, "help_windows", name=name)
    if sys.platform == "darwin":
        return said(language, "help_mac", name=name)
    return said(language, "help_linux")


def heard_problem(output: bytes | str) -> str | None:
    """The line of a speaking command's output saying the call was not heard (no audio device,
    no sound server), or None."""
    text = output.decode("utf-8", "replace") if isinstance(output, bytes) else output
    for line in text.splitlines():
        if _NOT_HEARD.search(line):
            return " ".join(line.split())[:160]
    return None


class Engine:
    """One language's voice at one speed: `render` writes a call to a file, `say` says it."""

    suffix = ".wav"
    voice_name = ""
    language = "ja"  # what its reasons are said in

    def __init__(self, rate: float) -> None:
        self.rate = 1.0
        self.set_rate(rate)

    def set_rate(self, rate: float) -> None:
        low, high = RATE_RANGE
        self.rate = min(high, max(low, float(rate)))

    def render(self, text: str, path: Path) -> Path:
        raise NotImplementedError

    def say(self, text: str, folder: Path) -> None:
        play(
            self.render(text, folder / f"call{self.suffix}"), default_player() or [], self.language
        )

    def _check(self, path: Path) -> Path:
        if not path.is_file() or path.stat().st_size <= 44:  # a WAV header alone is silence
            raise VoiceUnavailable(said(self.language, "rendered_nothing", voice=self.voice_name))
        return path


class EspeakEngine(Engine):
    """espeak-ng (or espeak) by its command: deterministic speed, its own audio output."""

    def __init__(self, language: str, rate: float = 1.0) -> None:
        super().__init__(rate)
        import subprocess

        self.language = language
        self.program = shutil.which("espeak-ng") or shutil.which("espeak")
        if self.program is None:
            raise VoiceUnavailable(
                said(language, "espeak_missing", help=_missing_voice_help(language))
            )
        try:
            listing = subprocess.run(
                [self.program, f"--voices={language}"],
                capture_output=True,
                text=True,
                timeout=20,
                check=True,
            ).stdout
        except (OSError, subprocess.SubprocessError) as exc:
            raise VoiceUnavailable(said(language, "espeak_silent", reason=exc)) from None
        voices = []
        for line in listing.splitlines()[1:]:  # Pty Language Age/Gender VoiceName File ...
            fields = line.split()
            if len(fields) >= 5:
                voices.append(_Listed(fields[4], fields[3], [fields[1]]))
        voice = pick_voice(voices, language)
        if voice is None:
            name = _language_name(language)
            raise VoiceUnavailable(said(language, "espeak_no_voice", name=name))
        self.voice_id, self.voice_name = voice.id, f"espeak-ng {voice.name}"

    def _command(self, text: str) -> list[str]:
        wpm = str(espeak_wpm(self.rate))
        return [self.program, "-v", self.voice_id, "-s", wpm, "--", text]

    def render(self, text: str, path: Path) -> Path:
        import subprocess

        command = self._command(text)
        command[-2:-2] = ["-w", str(path)]
        subprocess.run(command, capture_output=True, timeout=30, check=True)
        return self._check(path)

    def say(self, text: str, folder: Path) -> None:
        """Say it on the audio device; VoiceUnavailable when espeak-ng says it has none (it
        exits 0 then)."""
        import subprocess

        done = subprocess.run(self._command(text), capture_output=True, timeout=30, check=True)
        problem = heard_problem(done.stderr + done.stdout)
        if problem is not None:
            raise VoiceUnavailable(
                said(self.language, "no_audio", voice=self.voice_name, problem=problem)
            )


def espeak_wpm(rate: float) -> int:
    """espeak-ng's -s for a voice_rate (ESPEAK_WPM_FOR_RATE, interpolated, clamped)."""
    points = ESPEAK_WPM_FOR_RATE
    rate = min(points[-1][0], max(points[0][0], rate))
    for (r0, w0), (r1, w1) in zip(points, points[1:], strict=False):
        if rate <= r1:
            return round(w0 + (w1 - w0) * (rate - r0) / (r1 - r0))
    return points[-1][1]


class _Listed:
    def __init__(self, ident: str, name: str, languages: list[str]) -> None:
        self.id, self.name, self.languages = ident, name, languages


def _shared_engine(pyttsx3):
    """pyttsx3 has one engine per process, dropped when unreferenced: keep it, and read its
    normal speed once the driver's own start-up settings have run."""
    if not _SHARED:
        engine = pyttsx3.init()
        engine.runAndWait()  # the driver queues its defaults: apply them first
        _SHARED.append((engine, float(engine.getProperty("rate") or 200)))
    return _SHARED[0]


class Pyttsx3Engine(Engine):
    """SAPI5 (Windows) or NSSpeechSynthesizer (macOS) through pyttsx3."""

    def __init__(self, language: str, rate: float = 1.0) -> None:
        super().__init__(rate)
        self.language = language
        try:
            import pyttsx3
        except ImportError:
            raise VoiceUnavailable(said(language, "no_pyttsx3")) from None
        try:
            self._engine, self._normal_rate = _shared_engine(pyttsx3)
            voices = list(self._engine.getProperty("voices") or [])
        except Exception as exc:
            error = f"{type(exc).__name__}: {exc}"
            help_ = _missing_voice_help(language)
            raise VoiceUnavailable(said(language, "no_engine", error=error, help=help_)) from None
        voice = pick_voice(voices, language)
        if voice is None:
            name, help_ = _language_name(language), _missing_voice_help(language)
            raise VoiceUnavailable(
                said(language, "no_voice", name=name, count=len(voices), help=help_)
            )
        self._voice_id = voice.id
        self.voice_name = str(getattr(voice, "name", voice.id))
        self.suffix = ".aiff" if sys.platform == "darwin" else ".wav"

    def render(self, text: str, path: Path) -> Path:
        self._engine.setProperty("voice", self._voice_id)  # (the engine is shared)
        self._engine.setProperty("rate", round(self._normal_rate * self.rate))
        self._engine.save_to_file(text, str(path))
        self._engine.runAndWait()
        return self._check(path)


def open_engine(language: str, rate: float = 1.0) -> Engine:
    """This system's engine with a voice for `language`; raises VoiceUnavailable."""
    if sys.platform.startswith("win") or sys.platform == "darwin":
        return Pyttsx3Engine(language, rate)
    return EspeakEngine(language, rate)


def render_call(text: str, language: str, path: str | Path, rate: float = 1.0) -> Path:
    """Render one call to an audio file (WAV; AIFF on macOS) with this system's engine."""
    return open_engine(language, rate).render(text, Path(path))


def default_player() -> list[str] | None:
    """The command that plays an audio file here ([] = winsound on Windows), or None."""
    if sys.platform.startswith("win"):
        return []
    if sys.platform == "darwin":
        return ["afplay"]
    for command in (["pw-play"], ["paplay"], ["aplay", "-q"]):
        if shutil.which(command[0]):
            return command
    return None


def play(path: Path, player: list[str], language: str = "ja") -> None:
    if not player:
        import winsound  # type: ignore[import-not-found]

        winsound.PlaySound(str(path), winsound.SND_FILENAME)
        return
    import subprocess

    done = subprocess.run(
        [*player, str(path)], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
        timeout=30,
    )  # fmt: skip
    problem = heard_problem(done.stderr)
    if problem is not None:
        raise VoiceUnavailable(said(language, "no_audio", voice=player[0], problem=problem))


def worker_main(argv: list[str] | None = None) -> int:
    """The voice process: JSON lines in on stdin, status lines out on its own stdout."""
    args = _worker_arguments(argv)
    _step_back()
    send = _status_lines()
    import shlex

    player = shlex.split(args.player) if args.player else None
    try:
        engine = open_engine(args.language, args.rate)
    except VoiceUnavailable as exc:
        send("unavailable", str(exc))
        return 0
    send("ready", engine.voice_name)
    inbox = _read_stdin()
    folder = Path(tempfile.mkdtemp(prefix="bingo-voice-"))
    try:
        while (batch := _next_batch(inbox)) is not None:
            message = _newest_call(batch, engine)
            if message is not None:  # the newest call only: the older ones are already history
                _speak(engine, message, folder, player, send)
        return 0
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _worker_arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bingo.ui.voice")
    parser.add_argument("--language", default="ja")
    parser.add_argument("--rate", type=float, default=1.0)
    parser.add_argument(
        "--player", help="play each call's WAV with this command (default: the engine speaks)"
    )
    return parser.parse_args(argv)


def _step_back() -> None:
    """On a busy laptop the reel's frames come first, then the voice."""
    if hasattr(os, "nice"):
        try:
            os.nice(5)
        except OSError:
            pass


def _status_lines() -> Callable[..., None]:
    """`send(kind, text)`: one status line to the show on the process's own stdout; what the
    engine prints goes to stderr from now on, never into the status lines."""
    out = os.fdopen(os.dup(1), "w", encoding="utf-8", buffering=1)
    os.dup2(2, 1)

    def send(kind: str, text: str = "") -> None:
        out.write(json.dumps({"status": kind, "text": text}, ensure_ascii=False) + "\n")

    return send


def _read_stdin() -> queue.Queue:
    """The show's lines as they come, read by a thread; None once the show closed the pipe
    (or died)."""
    import queue

    inbox: queue.Queue = queue.Queue()

    def read() -> None:
        for line in sys.stdin:
            inbox.put(line)
        inbox.put(None)

    threading.Thread(target=read, daemon=True).start()
    return inbox


def _next_batch(inbox: queue.Queue) -> list[str] | None:
    """Every line waiting (at least one, waited for); None when the show has gone."""
    batch = [inbox.get()]
    while not inbox.empty():
        batch.append(inbox.get_nowait())
    return None if None in batch else batch


def _newest_call(batch: list[str], engine) -> dict | None:
    """Apply the batch's speed changes in order; the last call asked for, if any."""
    says = []
    for line in batch:
        try:
            message = json.loads(line)
        except ValueError:
            continue
        if "rate" in message:
            engine.set_rate(message["rate"])
        if "say" in message:
            says.append(message)
    return says[-1] if says else None


def _speak(engine, message: dict, folder: Path, player: list[str] | None, send) -> None:
    try:
        if player is None:
            engine.say(message["say"], folder)
        else:
            play(engine.render(message["say"], folder / "call.wav"), player, engine.language)
        send("spoken", str(message.get("id", "")))
    except VoiceUnavailable as exc:  # nothing can be heard: the voice is off, said once
        send("unavailable", str(exc))
    except Exception as exc:
        send("error", f"{type(exc).__name__}: {exc}")


# ---------------------------------------------------------------------- the show's side (Qt)


class Voice:
    """Says each call through the worker process; on/off (S) and its speed at run time.

    Built on QProcess, so nothing here blocks the GUI thread: writes are buffered, status lines
    arrive as signals. Any failure turns the voice off with one warning for the host.
    """

    def __init__(
        self,
        language: str,
        enabled: bool,
        rate: float,
        warn: Callable[[str], None],
        argv: list[str] | None = None,
        parent=None,
    ) -> None:
        self.language = language
        self.on = enabled
        self.rate = rate
        self.reason = "" if enabled else "off in config"
        self.available: bool | None = None  # None: not known yet (the worker is starting)
        self.voice_name = ""
        self.spoken: list[str] = []  # ids the worker has said (tests wait on it)
        self.listeners: list[Callable[[str, str], None]] = []
        self._warn = warn
        self._warned = False
        self.argv = argv or [
            sys.executable,
            "-m",
            "bingo.ui.voice",
            "--language",
            language,
            "--rate",
            str(rate),
        ]
        self._buffer = b""
        self._count = 0
        self._stopping = False
        self._quit_hooked = False
        self._parent = parent
        self._worker = None  # its QProcess, made when first needed (after the first frame)

    @property
    def _process(self):
        """The worker's QProcess, made the first time it is asked for: QProcess's enums and
        the object are ~3 ms of CPU the show's first frame need not wait for (the worker
        starts after it)."""
        if self._worker is None:
            from PySide6.QtCore import QProcess

            process = QProcess(self._parent)
            process.setProcessChannelMode(QProcess.ProcessChannelMode.ForwardedErrorChannel)
            process.readyReadStandardOutput.connect(self._read)
            process.errorOccurred.connect(self._on_error)
            process.finished.connect(self._on_finished)
            self._worker = process
        return self._worker

    @property
    def pid(self) -> int:
        return int(self._process.processId())

    def start(self) -> None:
        """Start the worker (once, after the first frame); nothing when off in config."""
        from PySide6.QtCore import QProcess

        if not self.on or self._process.state() != QProcess.ProcessState.NotRunning:
            return
        if self.available is False:
            return
        from PySide6.QtCore import QCoreApplication

        app = QCoreApplication.instance()
        if app is not None and not self._quit_hooked:  # closed before Qt deletes it
            app.aboutToQuit.connect(self.stop)
            self._quit_hooked = True
        self._process.start(self.argv[0], self.argv[1:])

    def say(self, text: str) -> bool:
        """Queue `text` to be said; False (and nothing happens) when off or unavailable."""
        from PySide6.QtCore import QProcess

        if not self.on or self.available is False:
            return False
        if self._process.state() == QProcess.ProcessState.NotRunning:
            return False  # not started (yet): start() runs after the show's first frame
        self._count += 1
        self._send({"say": text, "id": self._count})
        return True

    def set_rate(self, rate: float) -> None:
        low, high = RATE_RANGE
        self.rate = min(high, max(low, rate))
        self._send({"rate": self.rate})

    def toggle(self) -> bool:
        """Switch the voice on or off during the show; returns the new state."""
        self.on = not self.on
        if self.on:
            if self.reason == "off in config":
                self.reason = ""
            self.start()
        return self.on

    def stop(self) -> None:
        """Close the worker's input (it ends by itself); kill it if it does not."""
        from PySide6.QtCore import QProcess

        self._stopping = True
        if self._worker is None:  # never started: no process to stop
            return
        try:
            if self._process.state() == QProcess.ProcessState.NotRunning:
                return
            self._process.closeWriteChannel()
            if not self._process.waitForFinished(1500):
                self._process.kill()
                self._process.waitForFinished(1000)
        except RuntimeError:  # Qt already deleted the process object (the app is ending)
            pass

    # -------------------------------------------------------------- worker's answers
    def _send(self, message: dict) -> None:
        from PySide6.QtCore import QProcess

        if self._process.state() == QProcess.ProcessState.NotRunning:
            return
        line = json.dumps(message, ensure_ascii=False) + "\n"
        self._process.write(line.encode("utf-8"))

    def _read(self) -> None:
        self._buffer += bytes(self._process.readAllStandardOutput().data())
        *lines, self._buffer = self._buffer.split(b"\n")
        for raw in lines:
            try:
                message = json.loads(raw.decode("utf-8"))
                kind, text = str(message["status"]), str(message.get("text", ""))
            except (ValueError, KeyError, TypeError):
                continue
            if kind == "ready":
                self.available = True
                self.voice_name = text
            elif kind == "unavailable":
                self._fail(text)
            elif kind == "spoken":
                self.spoken.append(text)
            elif kind == "error":
                self._warn_once(said(self.language, "call_failed", text=text))
            for listener in self.listeners:
                listener(kind, text)

    def _on_error(self, error) -> None:
        from PySide6.QtCore import QProcess

        if error == QProcess.ProcessError.FailedToStart:
            reason = self._process.errorString()
            self._fail(said(self.language, "cannot_start", reason=reason))

    def _on_finished(self, code: int, status) -> None:
        if self._stopping:
            return
        if self.available is not False and self.on and code != 0:
            self._fail(said(self.language, "stopped", code=code))
        elif self.available is None:
            self._fail(said(self.language, "ended"))
        for listener in self.listeners:
            listener("finished", str(code))

    def _fail(self, reason: str) -> None:
        self.available = False
        self.reason = reason
        self._warn_once(said(self.language, "off", reason=reason))

    def _warn_once(self, message: str) -> None:
        if not self._warned:
            self._warned = True
            self._warn(message)


def attach_voice(window, argv: list[str] | None = None) -> Voice:
    """The voice of a DisplayWindow: says each call when the reel lands on it."""
    from bingo.calls import call_of

    config = window.config
    voice = Voice(
        config.event.language,
        config.display.voice,
        config.display.voice_rate,
        window.warn,
        argv=argv,
        parent=window,
    )

    def landed(number: int) -> None:
        try:
            voice.say(call_of(window.config, number).speech)  # (a new game's board too)
        except ValueError:
            pass

    window.reel.landed.connect(landed)
    return voice


def toggle_voice(window) -> None:
    """The S key: voice on / off, said on the host's status line."""
    voice = window.voice
    on = voice.toggle()
    s = window.strings
    if on and voice.available is False:
        window.show_notice(s("voice_unavailable"), "warn", 6000)  # why: said once, to the host
    else:
        window.show_notice(s("voice_on") if on else s("voice_off"), "info", 4000)


if __name__ == "__main__":
    sys.exit(worker_main())
