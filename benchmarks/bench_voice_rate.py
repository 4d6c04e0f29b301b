"""Does voice_rate mean what it says? A call's length at each rate, against the rate 1.0 one.

  python benchmarks/bench_voice_rate.py

Each call is rendered by the show's own engine (bingo.ui.voice.render_call: espeak-ng to a WAV
file on Linux) and its length read with the `wave` module (sox agrees; `soxi -D`). Target
(issue 35 item 7): voice_rate r makes a call r times shorter than at 1.0, within 10 %, from
0.5 to 2.0, in Japanese and English.
"""

from __future__ import annotations

import shutil
import statistics
import subprocess
import sys
import tempfile
import wave
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bingo.ui.voice import espeak_wpm, render_call  # noqa: E402

CALLS = {
    "ja": [
        "ピーの、なな",
        "エルの、じゅうよん",
        "フォーの、ごじゅうきゅう",
        "ワイの、ななじゅうご",
    ],
    "en": ["P, 7", "L, 14", "4, 59", "Y, 75"],
}
RATES = (0.5, 0.75, 1.25, 1.5, 1.75, 2.0)
TOLERANCE = 0.10


def seconds(path: Path) -> float:
    with wave.open(str(path)) as f:
        return f.getnframes() / f.getframerate()


def main() -> int:
    ok = True
    soxi = shutil.which("soxi")
    with tempfile.TemporaryDirectory() as folder:
        for language, calls in CALLS.items():
            base = [
                seconds(render_call(c, language, Path(folder) / f"{i}.wav"))
                for i, c in enumerate(calls)
            ]
            if soxi:
                out = subprocess.run(
                    [soxi, "-D", str(Path(folder) / "0.wav")], capture_output=True, text=True
                )
                print(
                    f"{language}: sox says {float(out.stdout):.3f} s, wave {base[0]:.3f} s for {calls[0]!r}"
                )
            for rate in RATES:
                ratios = []
                for i, call in enumerate(calls):
                    path = render_call(call, language, Path(folder) / f"r{i}.wav", rate=rate)
                    ratios.append(base[i] / seconds(path))
                mean = statistics.mean(ratios)
                good = abs(mean - rate) <= TOLERANCE * rate
                ok = ok and good
                print(
                    f"{language} voice_rate {rate:4.2f} (espeak-ng -s {espeak_wpm(rate)}): calls "
                    f"{mean:.2f} times shorter (each {', '.join(f'{r:.2f}' for r in ratios)}); "
                    f"target {rate:.2f} +- 10 %: {'OK' if good else 'MISSED'}"
                )  # fmt: skip
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
