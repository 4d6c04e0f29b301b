"""mypy --strict over the modules already typed strictly (the list grows as modules are fixed).

On it: the whole base package (eventkit), the card types and protocol (the joker is its own
value, so a plain card's rank and suit are never None), the three rules engines, the table
sessions, the draw session and the journal, the probability engine (bingo/probability), the
card model and generator, and the project modules they import. Not yet on the list: the CPUs (games/*/ai.py), the Qt packages, the cards'
output (pdf, png, registry, style), bingo/ui.
"""

from __future__ import annotations

import sys
from pathlib import Path

from mypy import api

ROOT = Path(__file__).resolve().parent.parent
STRICT = [
    "bingo/config.py",
    "bingo/journal.py",
    "bingo/journal_lock.py",
    "bingo/probability/__init__.py",
    "bingo/probability/_brute.py",
    "bingo/probability/_cells.py",
    "bingo/probability/_curve.py",
    "bingo/probability/_jit.py",
    "bingo/probability/_kernels.py",
    "bingo/probability/_model.py",
    "bingo/probability/_registry_kernels.py",
    "bingo/probability/_surrogate.py",
    "bingo/probability/_tables.py",
    "bingo/probability/command.py",
    "bingo/probability/registry_odds.py",
    "bingo/serve_lock.py",
    "bingo/session.py",
    "bingo/showlink.py",
    "cards/__init__.py",
    "cards/fingerprint.py",
    "cards/generate.py",
    "cards/layout.py",
    "cards/model.py",
    "eventkit/__init__.py",
    "eventkit/errors.py",
    "eventkit/fonts.py",
    "eventkit/i18n.py",
    "eventkit/images.py",
    "eventkit/paths.py",
    "eventkit/qtruntime.py",
    "eventkit/theme.py",
    "eventkit/tomlconf.py",
    "games/common/__init__.py",
    "games/common/cards.py",
    "games/common/painter.py",
    "games/common/protocol.py",
    "games/cool24/policies.py",
    "games/cool24/rules.py",
    "games/cool24/settings.py",
    "games/cool24/table.py",
    "games/daifugo/ai.py",
    "games/daifugo/chips.py",
    "games/daifugo/game.py",
    "games/daifugo/legality.py",
    "games/daifugo/match.py",
    "games/daifugo/plays.py",
    "games/daifugo/rules.py",
    "games/daifugo/ruleset.py",
    "games/daifugo/settings.py",
    "games/daifugo/state.py",
    "games/daifugo/table.py",
    "games/schwimmen/ai.py",
    "games/schwimmen/rules.py",
    "games/schwimmen/settings.py",
    "games/schwimmen/table.py",
]


def test_strictly_typed_modules_pass_mypy_strict():
    limit = sys.getrecursionlimit()
    try:
        out, err, status = api.run(
            [
                "--strict",
                "--follow-imports=silent",
                "--no-incremental",
                *(str(ROOT / p) for p in STRICT),
            ]
        )
    finally:
        # mypy raises the limit to 16384 and leaves it so; later tests (the too-deeply-nested
        # TOML error) rely on the default.
        sys.setrecursionlimit(limit)
    assert status == 0, out + err
