"""Work that waits for the show's first frame: started before it, it would share the CPU with
it (the odds engine's warm-up, the voice, the sound, the operator window's table controls).

Python's cyclic collector waits for it too: `bingo draw` holds it from the command's start
(`hold_collector`, bingo.cli) and the show lets it go once its first frame is out
(`release_collector`). Start-up makes ~40,000 objects that live as long as the show (Qt's
bindings, the config, the texts) and frees almost none; the collector's ~75 passes over them
cost ~30 ms of CPU before the first frame. Reference counting still frees everything else at
once. Importing this module imports no Qt.
"""

from __future__ import annotations

import gc

_held = False  # the collector is off because hold_collector turned it off


def hold_collector() -> None:
    """Turn the cyclic collector off for the start-up (if it is on), until release_collector."""
    global _held
    if gc.isenabled():
        gc.disable()
        _held = True


def release_collector() -> None:
    """Turn the collector back on if hold_collector turned it off (else leave it as it is)."""
    global _held
    if _held:
        _held = False
        gc.enable()


def after_first_frame(window, work, *, at_most_ms: int = 2000) -> None:
    """Run `work` once the window's first frame is painted (the odds engine's warm-up, the
    voice, the sound: they would otherwise start before it and share the CPU with it), or
    after `at_most_ms` if no frame comes (a window kept hidden)."""
    from PySide6.QtCore import QEvent, QObject, QTimer

    class FirstFrame(QObject):
        done = False

        def eventFilter(self, obj, event) -> bool:
            if event.type() == QEvent.Type.Paint and not self.done:
                QTimer.singleShot(0, self.run)  # the next turn: the frame is out by then
            return False

        def run(self) -> None:
            if not self.done:
                self.done = True
                window.removeEventFilter(self)
                work()

    first = FirstFrame(window)
    window.installEventFilter(first)
    QTimer.singleShot(at_most_ms, first.run)
