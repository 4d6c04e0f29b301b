"""Qt frontend of Daifugō; it paints the Qt-free table (games.daifugo.table) and forwards input.

window.py (DaifugoTable, the widget), painting.py and layout.py (what is drawn where),
buttons.py, help.py (F1 / 「ルール」), joker.py (the joker's readings), leave.py (the question
before leaving), setup.py (the start dialog). Import each from its module.
"""
