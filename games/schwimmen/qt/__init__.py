"""The Schwimmen table's Qt widgets: they paint the TableSession, animate and forward input."""

from games.schwimmen.qt.dialogs import StartDialog
from games.schwimmen.qt.window import SchwimmenWindow, with_fast_timings

__all__ = ["SchwimmenWindow", "StartDialog", "with_fast_timings"]
