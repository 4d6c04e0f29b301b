"""The Qt draw display: audience view, slot reel, board, odds panel, operator window.

Only this package imports Qt; it renders a `bingo.session.DrawSession` and sends it actions.
"""
