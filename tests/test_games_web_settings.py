"""[games_web]'s hold_seconds, peek and the CPUs' pace (issue 31.1, 31.7, 40): read, checked by
the section's checker (`bingo check-config` runs it), a wrong value refused in one line naming
the key and the fix, and passed on to the hub `games serve` runs."""

from __future__ import annotations

from pathlib import Path

import pytest

from eventkit.tomlconf import ConfigError
from games.web.command import make_hub, plan
from games.web.settings import check_section, parse_settings


def test_defaults_and_values():
    d = parse_settings({})
    assert (d.hold_seconds, d.peek) == (120, "live")
    assert (d.cpu_delay_ms, d.advance_pause_ms) == (800, 2000)  # the hub's own defaults
    for mode in ("live", "finished", "off"):
        assert check_section({"peek": mode}, Path.cwd()).peek == mode
    assert check_section({"hold_seconds": 0}, Path.cwd()).hold_seconds == 0


@pytest.mark.parametrize(
    ("table", "says"),
    [
        ({"peek": "sometimes"}, 'games_web.peek = "sometimes": "live"（観戦者は手札を見られる）'),
        ({"peek": 1}, "games_web.peek"),
        ({"hold_seconds": -1}, "games_web.hold_seconds"),
        ({"hold_seconds": 99_999}, "games_web.hold_seconds"),
        ({"cpu_delay_ms": -1}, "games_web.cpu_delay_ms"),
        ({"cpu_delay_ms": 5001}, "games_web.cpu_delay_ms"),
        ({"advance_pause_ms": 10_001}, "games_web.advance_pause_ms"),
        ({"advance_pause_ms": 0.5}, "games_web.advance_pause_ms"),
    ],
)
def test_a_wrong_value_is_one_line_naming_the_key(table, says):
    with pytest.raises(ConfigError) as info:
        check_section(table, Path.cwd())
    text = str(info.value)
    assert says in text and "\n" not in text


def test_games_serve_passes_them_to_the_hub(tmp_path):
    config = tmp_path / "config.toml"
    config.write_text(
        '[games_web]\nhold_seconds = 7\npeek = "off"\ncpu_delay_ms = 0\nadvance_pause_ms = 250\n',
        encoding="utf-8",
    )
    p = plan(["--config", str(config), "--data-dir", str(tmp_path / "data"), "--no-window"])
    hub = make_hub(p)
    assert (hub.options.hold_seconds, hub.options.peek) == (7.0, "off")
    assert (hub.cpu_delay, hub.advance_pause) == (0.0, 0.25)
