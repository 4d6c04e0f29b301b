"""Sticks, the fourth game: it ships only in the tests (issue 42), to show that a game is one
folder and one registration. 2-4 players take 1-3 sticks in turn from a pile of 15-25 (the
seed deals it); whoever takes the last stick loses. It registers as any game outside the repo
would: the entry point ``sticks = "sticks.registration:ENTRY"`` in the group ``eventkit.games``
of its distribution (tests/extra_games/sticks_game-0.1.dist-info, on sys.path through pyproject's
pytest ``pythonpath``)."""
