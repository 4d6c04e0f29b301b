"""COOL 24+24's Qt window: `window` (the widget: table calls, animation, input), the screens
`title`, `play`, `over`, `question`, `popups`, drawn with `canvas` and `cards` on the 1600x900
canvas of `style`."""

from games.cool24.qt.window import Cool24Widget, run_game

__all__ = ["Cool24Widget", "run_game"]
