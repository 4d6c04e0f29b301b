"""COOL 24+24: a one-player chaining card game with 24 cards, two laps and payout tables.

`rules` is the pure engine, `settings` reads `[cool24]` from config.toml, `policies` are the
players (random, greedy, best), `sim` the numba payout simulator, `ui`/`app` the Qt game.
"""
