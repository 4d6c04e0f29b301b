"""COOL 24+24's Qt widget."""

from games.cool24.qt.window import Cool24Widget, run_game

__all__ = ["Cool24Widget", "run_game"]
