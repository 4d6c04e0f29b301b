"""Qt frontend of Daifugō: the table widget, the start dialog and the help overlay."""

from games.daifugo.qt.setup import SetupChoice, SetupDialog
from games.daifugo.qt.window import DaifugoTable

__all__ = ["DaifugoTable", "SetupChoice", "SetupDialog"]
