"""config.toml -> frozen dataclasses.

Every error a user can cause is a `ConfigError` whose one-line message names the key, the value
and what is allowed, so `bingo check-config` (and every other command) can print it instead of a
traceback. The value helpers and the reading of the file live in `eventkit.tomlconf`. Sections
other packages declare there (the games') are kept as plain tables here and checked by their
own checkers (`bingo check-config` runs them all).
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

from bingo.builtin import BUILTIN_SAMPLES, config_path, is_builtin
from bingo.config_texts import TABLES, say
from eventkit import config_texts as base
from eventkit.i18n import Texts
from eventkit.images import PictureFolder, duplicate_problem, looked_for
from eventkit.tomlconf import (
    LANGUAGES,
    check_colour,
    check_keys,
    config_language,
    declared_sections,
    get_int_in,
    get_list,
    get_seed,
    get_value,
    guarded,
    lenient_language,
    mistake,
    read_toml,
    report,
    resolve_path,
    show,
    speaking,
)
from eventkit.tomlconf import ConfigError as ConfigError  # (its home for bingo's callers)

OWN_SECTIONS = ("event", "board", "columns", "display", "cards")
PAGE_SIZES = ("A4", "A3", "B5", "B5-ISO", "Letter")  # B5 is JIS B5 (182x257 mm)
# Finished card sizes print shops offer for `bingo cards --press` (mm, portrait); B6 is JIS.
FINISH_SIZES = {
    "A4": (210.0, 297.0),
    "A5": (148.0, 210.0),
    "B5": (182.0, 257.0),
    "B6": (128.0, 182.0),
    "A6": (105.0, 148.0),
    "はがき": (100.0, 148.0),
    "hagaki": (100.0, 148.0),  # はがき in ASCII
}
FINISH_MM = (60.0, 420.0)  # a named custom size "<w>x<h>" (mm) may be this small or large


def _hiragana(text: str) -> str:
    """Katakana letters as hiragana (ハガキ -> はがき)."""
    return "".join(chr(ord(c) - 0x60) if "ァ" <= c <= "ヶ" else c for c in text)


def finish_size(text: str) -> tuple[float, float] | None:
    """(width, height) in mm of a finished size: a name of FINISH_SIZES (any case) or "<w>x<h>"
    in mm within FINISH_MM; None when it is neither. Typed as a Japanese keyboard may type it
    (full width: Ａ６, １００ｘ１４８; katakana: ハガキ), it reads the same."""
    text = _hiragana(unicodedata.normalize("NFKC", text)).strip().lower()
    for name, size in FINISH_SIZES.items():
        if text == name.lower():
            return size
    parts = text.replace("mm", "").replace("×", "x").replace(" ", "").split("x")
    try:
        w, h = (float(v) for v in parts)
    except ValueError:
        return None
    low, high = FINISH_MM
    return (w, h) if low <= w <= high and low <= h <= high else None


PER_PAGE_CHOICES = (1, 2, 4, 6)
MIN_SIZE, MAX_SIZE = 3, 10
DRAW_MODES = ("random", "manual")
VOICE_RATES = (0.5, 2.0)

# Colours for columns beyond the four defaults: (outline, fill, shadow).
_EXTRA_COLUMN_COLOURS = [
    ("#5a1a7a", "#c77dff", "#24083a"),
    ("#7a3a00", "#ff9f1c", "#3a1a00"),
    ("#00606a", "#2ec4b6", "#00282c"),
    ("#6a0046", "#ff5eb3", "#2c001c"),
    ("#3a3a3a", "#d0d0d0", "#141414"),
    ("#2a4a00", "#a7d129", "#142400"),
]


@dataclass(frozen=True)
class EventConfig:
    title: str = "ぷよ橋ビンゴ大会"
    language: str = "ja"
    cards_in_play: int = 100
    seed: int | None = None
    prizes: tuple[str, ...] = ()  # what each place wins, 1st first (the winners' board)
    # cards with their bingo at the same ball share a place: "janken" (they play じゃんけん for
    # the prizes of the places they fill) or "each" (each takes the prize of the shared place)
    tie_prizes: str = "janken"
    # `bingo draw --serve` also starts the card tables (games serve, behind the phones' server
    # at /tables/: one address for the guests), as `--tables` does
    tables: bool = False


@dataclass(frozen=True)
class BoardConfig:
    size: int = 4
    numbers_per_column: int = 10
    images_per_column: int = 10
    threshold: int = 4
    free_center: bool = False
    image_dir: Path = Path("img")

    @property
    def total_numbers(self) -> int:
        return self.size * self.numbers_per_column

    def column_of(self, number: int) -> int:
        """Column index (0-based) that `number` (1-based) belongs to."""
        if not 1 <= number <= self.total_numbers:
            raise ValueError(f"number {number} is not on this board (1..{self.total_numbers})")
        return (number - 1) // self.numbers_per_column

    def numbers_of_column(self, column: int) -> range:
        m = self.numbers_per_column
        return range(column * m + 1, (column + 1) * m + 1)

    def image_stem(self, number: int, column_names: tuple[str, ...]) -> str:
        """File name without extension of the image for `number`, as the original program."""
        column = self.column_of(number)
        index_in_column = number - column * self.numbers_per_column  # 1-based
        return f"{column_names[column]}{(index_in_column - 1) % self.images_per_column + 1}"


@dataclass(frozen=True)
class ColumnsConfig:
    names: tuple[str, ...] = ("P", "L", "B", "4")
    outline: tuple[str, ...] = ("#7a0019", "#0b5d1e", "#0a2a7a", "#7a5a00")
    fill: tuple[str, ...] = ("#ff4b5c", "#3ddc5a", "#4b8bff", "#ffd23f")
    shadow: tuple[str, ...] = ("#2b0008", "#03240b", "#03103a", "#3a2a00")
    number_colors: tuple[int, ...] = ()


@dataclass(frozen=True)
class DisplayConfig:
    slot_frame_color: str = "#ffb300"
    spin_seconds: float = 3.0
    sound: bool = True
    fullscreen: bool = True
    operator_window: bool = False
    audience_screen: int = 1
    journal_dir: Path | None = None
    bingo_alert: bool = True
    voice: bool = True  # the spoken call ("ピーの、なな") when the reel lands
    voice_rate: float = 1.0  # its speed: 1.0 is the voice's normal speed
    draw: str = "random"  # or "manual": the host types the number from a ball cage


@dataclass(frozen=True)
class CardsConfig:
    count: int = 100
    per_page: int = 4
    page_size: str = "A4"
    images: bool = True
    qr: bool = False
    font: Path | None = None
    bleed_mm: float = 0.0
    press: bool = False  # a PDF/X-1a file for a print shop (cards/press.py)
    finish: str = "A6"  # the press file's finished card size: FINISH_SIZES or "<w>x<h>" mm
    cmyk_profile: Path | None = None  # a CMYK ICC profile for --press (cards/press.py finds one)


@dataclass(frozen=True)
class Config:
    event: EventConfig = field(default_factory=EventConfig)
    board: BoardConfig = field(default_factory=BoardConfig)
    columns: ColumnsConfig = field(default_factory=ColumnsConfig)
    display: DisplayConfig = field(default_factory=DisplayConfig)
    cards: CardsConfig = field(default_factory=CardsConfig)
    games: MappingProxyType[str, dict[str, Any]] = field(
        default_factory=lambda: MappingProxyType({})
    )
    path: Path | None = None

    def text_color_of(self, number: int) -> str:
        """Fill colour of the column whose colour `number`'s text uses ("colorIndices")."""
        column = self.board.column_of(number)
        indices = self.columns.number_colors
        if len(indices) == self.board.size:
            return self.columns.fill[indices[column]]
        if indices:
            return self.columns.fill[indices[number - 1]]
        return self.columns.fill[column]

    def pictures(self) -> PictureFolder:
        """The picture folder as it is now (eventkit.images' one rule of which file is whose)."""
        return PictureFolder.scan(self.board.image_dir)

    def image_path(self, number: int) -> Path | None:
        """The picture file for `number` (`<stem>.png`, `.jpg` or `.jpeg`; the samples while
        image_dir holds no picture), or None when there is none."""
        return self.pictures().find(self.board.image_stem(number, self.columns.names))

    def game_section(self, name: str) -> dict[str, Any]:
        return dict(self.games.get(name, {}))


# ---------------------------------------------------------------- loading


def load_config(
    path: str | Path | None = None, *, check_images: bool = True, refuse_twins: bool = True
) -> Config:
    """Read and validate config.toml; raise ConfigError with a one-line message on any problem,
    in the file's event.language (eventkit.tomlconf: Japanese when the file does not read).

    No path (no --config): ./config.toml when there is one, else the built-in settings.
    `refuse_twins=False` lets two pictures for one number pass (bingo serve, restarted by the
    show mid-evening, serves the picture the show shows rather than leave the phones)."""
    path = config_path(path)
    data = read_toml(path)
    return parse_config(
        data, base_dir=path.parent, path=path, check_images=check_images, refuse_twins=refuse_twins
    )


def parse_config(
    data: dict[str, Any],
    *,
    base_dir: Path = Path("."),
    path: Path | None = None,
    check_images: bool = True,
    refuse_twins: bool = True,
) -> Config:
    """Every section of `data` -> Config. Sections other parts of the toolkit declare (the
    games') are kept as plain tables for them; `bingo check-config` checks those too. Its
    mistakes are said in `data`'s event.language."""
    with speaking(lenient_language(data)):
        return _parse_config(data, base_dir, path, check_images, refuse_twins)


def _parse_config(
    data: dict[str, Any], base_dir: Path, path: Path | None, check_images: bool, refuse_twins: bool
) -> Config:
    others = set(declared_sections())
    sections = {*OWN_SECTIONS, *others}
    for name, value in data.items():
        if name not in sections:
            listed = "[" + "], [".join(sorted(sections)) + "]"
            report(mistake(TABLES, "unknown_section", name=name, sections=listed), None)
        elif not isinstance(value, dict):
            report(mistake(base.TABLES, "not_section", name=name), None)

    def table(name: str) -> dict[str, Any]:
        value = data.get(name, {})
        return value if isinstance(value, dict) else {}

    event = guarded(lambda: _parse_event(table("event")), EventConfig())
    board = guarded(lambda: _parse_board(table("board"), base_dir, check_images), BoardConfig())
    columns = guarded(lambda: _parse_columns(table("columns"), board), None)
    display = guarded(lambda: _parse_display(table("display"), base_dir), DisplayConfig())
    cards = guarded(lambda: _parse_cards(table("cards"), base_dir), CardsConfig())
    games = MappingProxyType({name: dict(table(name)) for name in sorted(others)})
    config = Config(event, board, columns, display, cards, games, path)
    if check_images and refuse_twins and columns is not None:
        twins = picture_problem(config)
        if twins:
            report(ConfigError(twins, code="twins"), None)
    return config


def _parse_event(t: dict[str, Any]) -> EventConfig:
    d = EventConfig()
    keys = {"title", "language", "cards_in_play", "seed", "prizes", "tie_prizes", "tables"}
    check_keys("event", t, keys)
    language = get_value("event", t, "language", str, d.language)
    if language not in LANGUAGES:
        raise mistake(base.TABLES, "language", value=show(language))
    seed = get_seed("event", t)
    return EventConfig(
        title=get_value("event", t, "title", str, d.title),
        language=language,
        cards_in_play=get_int_in("event", t, "cards_in_play", d.cards_in_play, 1, 1_000_000),
        seed=seed,
        prizes=_parse_prizes(t),
        tie_prizes=_parse_tie_prizes(t, d.tie_prizes),
        tables=get_value("event", t, "tables", bool, d.tables),
    )


TIE_PRIZES = ("janken", "each")  # (bingo.session.TIE_PRIZES: the same names)


def _parse_tie_prizes(t: dict[str, Any], default: str) -> str:
    """How cards with their bingo at the same ball share the prizes."""
    value: str = get_value("event", t, "tie_prizes", str, default)
    if value not in TIE_PRIZES:
        raise mistake(TABLES, "tie_prizes", value=show(value))
    return value


MAX_PRIZES, MAX_PRIZE_CHARS = 100, 40


def _parse_prizes(t: dict[str, Any]) -> tuple[str, ...]:
    """`prizes = ["1等 ...", ...]`: one short non-empty text per place, 1st place first."""
    prizes = get_list("event", t, "prizes", str, ())
    if len(prizes) > MAX_PRIZES:
        return report(mistake(TABLES, "prizes_many", count=len(prizes), most=MAX_PRIZES), ())
    for place, prize in enumerate(prizes, start=1):
        if not prize.strip() or len(prize) > MAX_PRIZE_CHARS:
            return report(
                mistake(TABLES, "prize_text", place=place, value=show(prize), most=MAX_PRIZE_CHARS),
                (),
            )
    return tuple(prize.strip() for prize in prizes)


def _parse_board(t: dict[str, Any], base_dir: Path, check_images: bool) -> BoardConfig:
    d = BoardConfig()
    keys = {"size", "numbers_per_column", "images_per_column", "threshold", "free_center"}
    check_keys("board", t, keys | {"image_dir"})
    size = get_int_in("board", t, "size", d.size, MIN_SIZE, MAX_SIZE)
    per_column = get_int_in("board", t, "numbers_per_column", d.numbers_per_column, 1, 999)
    if per_column < size:
        raise mistake(TABLES, "per_column_small", per_column=per_column, size=size)
    images = get_int_in("board", t, "images_per_column", per_column, 1, 999)
    threshold = get_int_in("board", t, "threshold", d.threshold, 1, size * size)
    free_center = get_value("board", t, "free_center", bool, d.free_center)
    if free_center and size % 2 == 0:
        raise mistake(TABLES, "free_center_even", size=size)
    image_dir_text = get_value("board", t, "image_dir", str, str(d.image_dir))
    image_dir = resolve_path("board", "image_dir", image_dir_text, base_dir)
    if check_images and not image_dir.is_dir():
        # reported, not raised, while collecting: the board's size stays as written, so the
        # [columns] checks against it do not invent problems with the default size
        report(
            mistake(TABLES, "image_dir_missing", value=show(image_dir_text), folder=image_dir),
            None,
        )
    return BoardConfig(size, per_column, images, threshold, free_center, image_dir)


def _parse_columns(t: dict[str, Any], board: BoardConfig) -> ColumnsConfig:
    d = ColumnsConfig()
    check_keys("columns", t, {"names", "outline", "fill", "shadow", "number_colors"})
    n = board.size
    names = get_list("columns", t, "names", str, _default_names(n))
    if len(names) != n:
        raise mistake(TABLES, "names_count", count=len(names), n=n)
    if any(not name.strip() for name in names) or len(set(names)) != n:
        raise mistake(TABLES, "names_unique", names=list(names), n=n)
    colours = {}
    for i, key in enumerate(("outline", "fill", "shadow")):
        default = tuple((list(getattr(d, key)) + [c[i] for c in _EXTRA_COLUMN_COLOURS])[:n])
        values = get_list("columns", t, key, str, default)
        if len(values) != n:
            raise mistake(TABLES, "colours_count", what=key, count=len(values), n=n)
        for j, value in enumerate(values):
            check_colour(f"columns.{key}[{j}]", value)
        colours[key] = values
    number_colors = get_list("columns", t, "number_colors", int, ())
    total = board.total_numbers
    if number_colors and len(number_colors) not in (n, total):
        raise mistake(TABLES, "number_colors_count", count=len(number_colors), n=n, total=total)
    for j, index in enumerate(number_colors):
        if not 0 <= index < n:
            raise mistake(TABLES, "number_color_index", j=j, index=index, last=n - 1)
    return ColumnsConfig(
        names, colours["outline"], colours["fill"], colours["shadow"], number_colors
    )


def _default_names(n: int) -> tuple[str, ...]:
    base = ["P", "L", "B", "4", "Y", "O", "T", "E", "R", "S"]
    return tuple(base[:n])


def _parse_display(t: dict[str, Any], base_dir: Path) -> DisplayConfig:
    d = DisplayConfig()
    keys = {"slot_frame_color", "spin_seconds", "sound", "fullscreen", "operator_window"}
    check_keys(
        "display",
        t,
        keys | {"audience_screen", "journal_dir", "bingo_alert", "voice", "voice_rate", "draw"},
    )
    frame = check_colour(
        "display.slot_frame_color",
        get_value("display", t, "slot_frame_color", str, d.slot_frame_color),
    )
    spin = get_value("display", t, "spin_seconds", float, d.spin_seconds)
    if not 0.2 <= spin <= 10.0:
        raise mistake(TABLES, "spin", value=spin)
    journal_text = get_value("display", t, "journal_dir", str, "")
    voice_rate = get_value("display", t, "voice_rate", float, d.voice_rate)
    if not VOICE_RATES[0] <= voice_rate <= VOICE_RATES[1]:
        raise mistake(TABLES, "voice_rate", value=voice_rate)
    draw = get_value("display", t, "draw", str, d.draw)
    if draw not in DRAW_MODES:
        raise mistake(TABLES, "draw", value=show(draw))
    return DisplayConfig(
        slot_frame_color=frame,
        spin_seconds=spin,
        sound=get_value("display", t, "sound", bool, d.sound),
        fullscreen=get_value("display", t, "fullscreen", bool, d.fullscreen),
        operator_window=get_value("display", t, "operator_window", bool, d.operator_window),
        audience_screen=get_int_in("display", t, "audience_screen", d.audience_screen, 0, 16),
        journal_dir=resolve_path("display", "journal_dir", journal_text, base_dir)
        if journal_text
        else None,
        bingo_alert=get_value("display", t, "bingo_alert", bool, d.bingo_alert),
        voice=get_value("display", t, "voice", bool, d.voice),
        voice_rate=voice_rate,
        draw=draw,
    )


def _parse_cards(t: dict[str, Any], base_dir: Path) -> CardsConfig:
    d = CardsConfig()
    check_keys(
        "cards",
        t,
        {"count", "per_page", "page_size", "images", "qr", "font", "bleed_mm", "press", "finish"}
        | {"cmyk_profile"},
    )
    per_page = get_value("cards", t, "per_page", int, d.per_page)
    if per_page not in PER_PAGE_CHOICES:
        raise mistake(TABLES, "per_page", value=per_page)
    page_size = get_value("cards", t, "page_size", str, d.page_size)
    if page_size not in PAGE_SIZES:
        raise mistake(TABLES, "page_size", value=show(page_size), choices=", ".join(PAGE_SIZES))
    font_text = get_value("cards", t, "font", str, "")
    font = resolve_path("cards", "font", font_text, base_dir) if font_text else None
    if font is not None and not font.is_file():
        raise mistake(TABLES, "font_missing", value=show(font_text), file=font)
    bleed = get_value("cards", t, "bleed_mm", float, d.bleed_mm)
    if not 0.0 <= bleed <= 10.0:
        raise mistake(TABLES, "bleed", value=bleed)
    finish = get_value("cards", t, "finish", str, d.finish)
    if finish_size(finish) is None:
        raise mistake(
            TABLES,
            "finish",
            value=show(finish),
            choices=", ".join(FINISH_SIZES),
            low=f"{FINISH_MM[0]:g}",
            high=f"{FINISH_MM[1]:g}",
        )
    profile_text = get_value("cards", t, "cmyk_profile", str, "")
    profile = (
        resolve_path("cards", "cmyk_profile", profile_text, base_dir) if profile_text else None
    )
    if profile is not None and not profile.is_file():
        raise mistake(TABLES, "profile_missing", value=show(profile_text), file=profile)
    return CardsConfig(
        count=get_int_in("cards", t, "count", d.count, 1, 1_000_000),
        per_page=per_page,
        page_size=page_size,
        images=get_value("cards", t, "images", bool, d.images),
        qr=get_value("cards", t, "qr", bool, d.qr),
        font=font,
        bleed_mm=bleed,
        press=get_value("cards", t, "press", bool, d.press),
        finish=finish,
        cmyk_profile=profile,
    )


# ---------------------------------------------------------------- pictures

MISSING_NAMED = 10  # check-config names this many missing pictures, then "and N more"


def _numbers_of_stem(config: Config) -> dict[str, list[int]]:
    """Each picture name the board uses -> its numbers (a name serves several numbers when
    board.images_per_column < numbers_per_column), in number order."""
    stems: dict[str, list[int]] = {}
    for number in range(1, config.board.total_numbers + 1):
        stem = config.board.image_stem(number, config.columns.names)
        stems.setdefault(stem, []).append(number)
    return stems


def _label(numbers: list[int]) -> str:
    shown = ", ".join(str(n) for n in numbers[:3]) + (" …" if len(numbers) > 3 else "")
    return say("numbers" if len(numbers) > 1 else "number", shown=shown)


def picture_problem(config: Config) -> str | None:
    """The line `bingo check-config`, `bingo cards` and `bingo draw` refuse two pictures for
    one number with (P9.png beside P9.jpg: which would show is a guess), or None; in the
    config's language."""
    stems = _numbers_of_stem(config)
    pictures = config.pictures()
    strings = Texts(TABLES, config_language())
    words = {key: str(strings[f"twins_{key}"]) for key in ("line", "fix_sample", "fix_any", "more")}
    words["and"] = str(strings["and"])
    line = duplicate_problem(
        pictures, stems, lambda stem: f"{_label(stems[stem])} ({stem})", BUILTIN_SAMPLES, words
    )
    return say("twins", line=line) if line else None


def missing_pictures(config: Config) -> list[str]:
    """check-config's lines for the pictures the board has no file for: each name with every
    name it was looked for under (up to MISSING_NAMED, then "and N more"), a file whose name
    differs only in case, and what the board and the cards show instead."""
    pictures = config.pictures()
    missing = [
        (stem, ns) for stem, ns in _numbers_of_stem(config).items() if pictures.find(stem) is None
    ]
    lines = []
    for stem, numbers in missing[:MISSING_NAMED]:
        line = say("missing", label=_label(numbers), names=looked_for(stem), folder=pictures.folder)
        near = pictures.case_mismatches(stem)
        if near:
            line += say("missing_case", name=near[0].name, fix=f"{stem}{near[0].suffix}")
        lines.append(line)
    if len(missing) > MISSING_NAMED:
        lines.append(say("missing_more", count=len(missing) - MISSING_NAMED))
    if missing:
        lines.append(say("missing_instead"))
    return lines


def summary(config: Config) -> str:
    """A short human-readable summary for `bingo check-config`, in the event's language."""
    with speaking(config.event.language):
        return "\n".join(_summary_lines(config))


def _on(value: bool) -> str:
    return say("on" if value else "off")


def _summary_lines(config: Config) -> list[str]:
    b, c, e, d, k = config.board, config.columns, config.event, config.display, config.cards
    pictures = config.pictures()
    images = [pictures.find(b.image_stem(n, c.names)) for n in range(1, b.total_numbers + 1)]
    found = sum(1 for p in images if p is not None)
    where = say("images", found=found, total=b.total_numbers, folder=pictures.folder)
    if pictures.samples:
        where += say(
            "images_samples", folder=b.image_dir, names=looked_for(b.image_stem(1, c.names))
        )
    seed = say("seed_none") if e.seed is None else say("seed_set", seed=e.seed)
    columns = ", ".join(
        f"{name} {b.numbers_of_column(i).start}-{b.numbers_of_column(i).stop - 1}"
        for i, name in enumerate(c.names)
    )
    voice = say("voice_on", rate=f"{d.voice_rate:g}") if d.voice else say("off")
    layout = (
        say("cards_press", finish=k.finish)
        if k.press
        else say("cards_pages", per_page=k.per_page, size=k.page_size)
    )
    return [
        say("config_builtin" if is_builtin(config.path) else "config", path=config.path),
        say("event", title=e.title, language=e.language, cards=e.cards_in_play, seed=seed),
        say("prizes", count=len(e.prizes), prizes=" / ".join(e.prizes), ties=e.tie_prizes)
        if e.prizes
        else say("prizes_none"),
        say(
            "board",
            size=b.size,
            per_column=b.numbers_per_column,
            total=b.total_numbers,
            threshold=b.threshold,
            free=_on(b.free_center),
        ),
        say("columns", columns=columns),
        where,
        *(f"  {line}" for line in missing_pictures(config)),
        say(
            "display",
            spin=f"{d.spin_seconds:g}",
            sound=_on(d.sound),
            screen=say("fullscreen" if d.fullscreen else "window"),
            voice=voice,
            draw=say("draw_manual" if d.draw == "manual" else "draw_random"),
        ),
        say("cards", count=k.count, layout=layout, images=_on(k.images), qr=_on(k.qr)),
    ]
