"""The Daifugō table's Qt widgets: they paint the TableSession and forward input."""

from games.daifugo.qt.window import DaifugoTable, SetupDialog

__all__ = ["DaifugoTable", "SetupDialog"]
