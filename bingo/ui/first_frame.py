"""Work that waits for the show's first frame: started before it, it would share the CPU with
it (the odds engine's warm-up, the voice, the sound, the operator window's table controls)."""

from __future__ import annotations


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
