"""The command-line options every game's own window takes alike (no Qt)."""

from __future__ import annotations

CONFIG_HELP = (
    "config.toml to read (default: ./config.toml when present, else the built-in settings)"
)
