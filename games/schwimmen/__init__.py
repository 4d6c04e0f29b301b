"""Schwimmen (シュビメン), 2-9 players, 32 cards.

Qt-free: `hands` (scoring), `actions` (action values), `rules` (variants and the engine `Game`),
`ai` (CPU players), `table` (`TableSession`: people at any seats, CPUs at the others), `texts`
(ja/en), `settings` ([schwimmen] config). Qt: `qt` (the window and its widgets), `app` (the
`games schwimmen` command).
"""
