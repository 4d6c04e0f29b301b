"""Spin ticks and a landing chime through QtMultimedia, when it works.

The WAV files are synthesised with the `wave` module into a cache folder on first use. Any
failure (no QtMultimedia, no audio backend, unwritable folder) turns sound off with one warning;
it never stops the show.
"""

from __future__ import annotations

import math
import struct
import tempfile
import wave
from collections.abc import Callable
from pathlib import Path

from bingo.ui.texts import texts

RATE = 44100


def _write_wav(path: Path, samples: list[float]) -> None:
    with wave.open(str(path), "wb") as f:
        f.setnchannels(1)
        f.setsampwidth(2)
        f.setframerate(RATE)
        f.writeframes(b"".join(struct.pack("<h", int(max(-1, min(1, s)) * 32000)) for s in samples))


def tick_samples() -> list[float]:
    """A short woody click (35 ms)."""
    n = int(RATE * 0.035)
    return [
        0.55 * math.exp(-i / (RATE * 0.006)) * math.sin(2 * math.pi * 1800 * i / RATE)
        for i in range(n)
    ]


def chime_samples() -> list[float]:
    """A bright two-note chime (0.9 s): a major third up, with soft harmonics."""
    n = int(RATE * 0.9)
    out = []
    for i in range(n):
        t = i / RATE
        value = 0.0
        for start, freq in ((0.0, 880.0), (0.12, 1108.73), (0.24, 1318.51)):
            if t >= start:
                u = t - start
                env = math.exp(-u * 4.0)
                value += env * (
                    math.sin(2 * math.pi * freq * u) + 0.3 * math.sin(2 * math.pi * 2 * freq * u)
                )
        out.append(value * 0.28)
    return out


def write_sounds(folder: Path) -> dict[str, Path]:
    """Write tick.wav and chime.wav into `folder` (kept between runs)."""
    folder.mkdir(parents=True, exist_ok=True)
    files = {"tick": folder / "tick.wav", "chime": folder / "chime.wav"}
    makers = {"tick": tick_samples, "chime": chime_samples}
    for name, path in files.items():
        if not path.is_file() or path.stat().st_size < 100:
            _write_wav(path, makers[name]())
    return files


class Sound:
    """Plays the tick and the chime; silent (with one warning) when anything is missing."""

    def __init__(
        self,
        enabled: bool,
        warn: Callable[[str], None],
        folder: Path | None = None,
        language: str = "ja",
    ) -> None:
        self.strings = texts(language)
        self.enabled = False
        self.reason = "off in config" if not enabled else ""
        self._effects: dict = {}
        self._warn = warn
        if not enabled:
            return
        try:
            from PySide6.QtCore import QUrl
            from PySide6.QtMultimedia import QMediaDevices, QSoundEffect

            if not QMediaDevices.audioOutputs():
                raise RuntimeError("no audio output device")
            folder = folder or Path(tempfile.gettempdir()) / "puyo-event-toolkit-sounds"
            files = write_sounds(folder)
            for name, path in files.items():
                effect = QSoundEffect()
                effect.setSource(QUrl.fromLocalFile(str(path)))
                effect.setVolume(0.5 if name == "tick" else 0.8)
                effect.statusChanged.connect(lambda e=effect: self._check(e))
                self._effects[name] = effect
            self.enabled = True
        except ImportError:
            self.reason = "QtMultimedia is not installed"
            warn(self.strings("sound_no_multimedia"))
        except Exception as exc:
            self.reason = f"{type(exc).__name__}: {exc}"
            warn(self.strings("sound_not_usable", reason=self.reason))

    def _check(self, effect) -> None:
        """A sound that fails to load (e.g. the device refuses the format) turns sound off."""
        from PySide6.QtMultimedia import QSoundEffect

        if effect.status() == QSoundEffect.Status.Error and self.enabled:
            self.enabled = False
            self.reason = "the audio device cannot play the sounds"
            self._warn(self.strings("sound_cannot_play"))

    def play(self, name: str) -> None:
        if not self.enabled:
            return
        try:
            self._effects[name].play()
        except Exception:
            self.enabled = False

    def tick(self) -> None:
        self.play("tick")

    def chime(self) -> None:
        self.play("chime")
