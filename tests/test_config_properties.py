"""Property tests of the config parser: whatever values a person types, the answer is a Config
or one-line ConfigErrors naming the problems, never a traceback."""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from bingo.config import ConfigError, parse_config
from eventkit.tomlconf import check_sections, collecting_problems, guarded, section_checkers

SECTIONS = {
    "event": ["title", "language", "cards_in_play", "seed"],
    "board": ["size", "numbers_per_column", "images_per_column", "threshold", "free_center"],
    "columns": ["names", "outline", "fill", "shadow", "number_colors"],
    "display": ["slot_frame_color", "spin_seconds", "sound", "fullscreen", "audience_screen"],
    "cards": ["count", "per_page", "page_size", "images", "qr", "bleed_mm"],
    "schwimmen": ["rules", "cpu_level", "players", "start_coins", "cpu_delay_ms"],
    "cool24": ["card_win_table", "hand_win_table", "bias_start", "suits", "suit_colors"],
    "daifugo": ["players", "rule_set", "room", "cpu_levels", "seed", "strong_samples"],
}
TRICKY = ["--5", "²", "٣", " 7 ", "#fff", "#12345g", "ja", "A4", "", "1e3", "a\nb", "house"]

scalars = st.one_of(
    st.integers(min_value=-(2**63), max_value=2**63 - 1),
    st.floats(allow_nan=True, allow_infinity=True),
    st.booleans(),
    st.text(max_size=12),
    st.sampled_from(TRICKY),
)
values = st.one_of(
    scalars,
    st.lists(scalars, max_size=50),
    st.dictionaries(st.sampled_from(["straight_flush", "flush", "x"]), scalars, max_size=3),
)


@st.composite
def documents(draw):
    data = {}
    for section, keys in SECTIONS.items():
        if draw(st.booleans()):
            chosen = draw(st.lists(st.sampled_from([*keys, "unknown"]), unique=True))
            data[section] = {key: draw(values) for key in chosen}
    return data


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(documents())
@example({"event": {"seed": "--5"}})
@example({"event": {"seed": "²"}, "daifugo": {"seed": "--5"}})
@example({"event": {"language": "a\nb"}})
def test_any_values_give_a_config_or_one_line_config_errors(data):
    try:
        parse_config(data, check_images=False)
    except ConfigError as exc:
        assert str(exc) and "\n" not in str(exc)
    with collecting_problems() as problems:
        guarded(lambda: parse_config(data, check_images=False))
    problems += check_sections(data, Path("."), section_checkers())
    assert all(p and "\n" not in p for p in problems)


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=200), st.booleans())
def test_any_file_is_read_or_a_config_error(tmp_path_factory, content, bom):
    from eventkit.tomlconf import read_toml

    path = tmp_path_factory.mktemp("cfg") / "config.toml"
    path.write_bytes((b"\xef\xbb\xbf" if bom else b"") + content)
    try:
        assert isinstance(read_toml(path), dict)
    except ConfigError as exc:
        assert "\n" not in str(exc)
