"""The Qt helpers every game frontend shares: the card painter, text fitting, screen fit.

The rest of games.common is Qt-free (tests/test_common_qt_free.py checks it); Qt lives here.
"""
