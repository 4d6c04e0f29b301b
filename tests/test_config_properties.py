"""Property tests of the config parser: whatever values a person types, the answer is a Config
or a ConfigError naming the problem, never a traceback."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bingo.config import ConfigError, parse_config

SECTIONS = {
    "event": ["title", "language", "cards_in_play", "seed"],
    "board": ["size", "numbers_per_column", "images_per_column", "threshold", "free_center"],
    "columns": ["names", "outline", "fill", "shadow", "number_colors"],
    "display": ["slot_frame_color", "spin_seconds", "sound", "fullscreen", "audience_screen"],
    "cards": ["count", "per_page", "page_size", "images", "qr", "bleed_mm"],
}

scalars = st.one_of(
    st.integers(min_value=-(2**63), max_value=2**63 - 1),
    st.floats(allow_nan=True, allow_infinity=True),
    st.booleans(),
    st.text(max_size=12),
    st.sampled_from(["--5", "²", "٣", " 7 ", "#fff", "#12345g", "ja", "A4", "", "1e3"]),
)
values = st.one_of(
    scalars,
    st.lists(scalars, max_size=12),
    st.dictionaries(st.text(max_size=4), scalars, max_size=2),
)


@st.composite
def configs(draw):
    data = {}
    for section, keys in SECTIONS.items():
        if draw(st.booleans()):
            chosen = draw(
                st.lists(st.sampled_from(keys + ["unknown"]), max_size=len(keys), unique=True)
            )
            data[section] = {key: draw(values) for key in chosen}
    return data


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(configs())
def test_any_values_give_a_config_or_a_config_error(data):
    try:
        parse_config(data, check_images=False)
    except ConfigError as exc:
        assert str(exc)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=200))
def test_any_text_is_valid_toml_or_a_config_error(tmp_path_factory, text):
    from bingo.config import load_config

    path = tmp_path_factory.mktemp("cfg") / "config.toml"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    try:
        load_config(path, check_images=False)
    except ConfigError:
        pass
