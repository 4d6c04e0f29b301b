"""The Qt draw display (`bingo draw`): the only package of `bingo` that imports Qt.

Its modules, and who owns what, are listed in ARCHITECTURE.md (bingo/ui).
"""
