"""`games sticks`: Sticks in games.common's plain table window (one person at seat 0)."""

from __future__ import annotations

from collections.abc import Sequence


def main(argv: Sequence[str]) -> int:
    from eventkit.qtruntime import make_app
    from games.common.qt.table_window import TableWindow
    from sticks.game import TableSession

    app = make_app("sticks")
    window = TableWindow(TableSession(players=3, people={0}), "Sticks")
    window.show()
    return app.exec()
