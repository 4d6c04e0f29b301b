"""Qt frontend of Daifugō; it paints the Qt-free table (games.daifugo.table) and forwards input.

window.py (DaifugoTable, the widget), painting.py (`paint_table` from the session, the texts and
the window's `Marks`) and layout.py (what is drawn where), buttons.py, help.py (F1 / 「ルール」),
joker.py (the joker's readings), leave.py (the question before leaving), setup.py (the start
dialog). Only window.py (and the app) import the window: the others get the session, texts or
small values and answer through Qt signals. Import each from its module.
"""
