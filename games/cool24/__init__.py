"""COOL 24+24: a one-player chaining card game with 24 cards, two laps and payout tables.

Qt-free: `rules` is the engine (games.common.protocol: `Game`, `PlaySlot`, `PlayResult`),
`settings` reads `[cool24]` from config.toml, `texts` the screen's words and refusals (ja/en),
`policies` the players (random, greedy, best), `sim` the numba payout simulator and the hint's
playouts, `plot` the payout histogram, `table` the table session (games.common.table).
`qt` is the window (it paints the table), `app` the `games cool24` command.
"""
