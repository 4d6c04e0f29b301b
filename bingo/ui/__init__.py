"""The Qt draw display (`bingo draw`): the only package of `bingo` that imports Qt.

command.py     the `bingo draw` subcommand (options, screens, --verify-journal)
display.py     DisplayWindow, the audience view: layout, keys, control bar, notices
controller.py  DrawController: draw / land / undo / new game / auto over a DrawSession
reel.py        SlotReel, the QPainter slot reel driven by a QVariantAnimation
board.py       HistoryBoard, every number by column, drawn ones lit
odds.py        OddsService (engine in a worker process) and OddsPanel
odds_jobs.py   the computations the worker runs (no Qt)
cardview.py    CardCheckView; help.py the key help; operator.py the operator window
art.py         fonts, Puyo-style outlined text, cached number pictures; sound.py; i18n.py
"""
