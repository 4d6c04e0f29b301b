"""One validation of a card run, for `bingo cards` and `bingo check-config` alike: whatever
`bingo cards` would refuse (the press profile, the fonts and their glyphs for every text, the
sizes a player reads on this layout, the pictures decoded), check-config refuses with the same
line, because both run these same checks (CardPdfWriter's own, on a scratch file)."""

from __future__ import annotations

import io

from bingo.config import Config, picture_problem
from cards import style
from cards.pdf import CardOptions, CardPdfWriter
from cards.texts import TABLES
from eventkit.errors import UserError
from eventkit.tomlconf import ConfigError, phrase, refused


def card_options(config: Config) -> CardOptions:
    """The options a plain `bingo cards` run takes from this config."""
    from dataclasses import replace

    from bingo.web.settings import web_settings

    return replace(CardOptions.from_config(config), qr_url=web_settings(config).public_url)


def check_cards(
    config: Config,
    options: CardOptions,
    *,
    count: int | None = None,
    pictures: bool = True,
    warn: style.Warn = lambda message: None,
) -> None:
    """Raise the UserError `bingo cards` would stop with for this config and these options
    (the first one). `pictures=False` leaves the pictures to the run itself, which decodes
    them once anyway."""
    if options.images and not config.board.image_dir.is_dir():
        raise refused(TABLES, "no_image_folder", folder=config.board.image_dir)
    if options.images:
        twins = picture_problem(config)  # the line check-config and bingo draw refuse with
        if twins:
            raise ConfigError(twins)
    count = config.cards.count if count is None else count
    width = max(4, len(str(count)))
    CardPdfWriter(
        io.BytesIO(),
        config,
        options,
        serial_width=width,
        images={},
        code_of=lambda serial: "",  # the layout fits the widest code whatever it is
    )
    if pictures and options.images:
        cap = style.PRESS_MAX_PX if options.press else style.IMAGE_MAX_PX
        style.load_images(config, True, warn, max_px=cap)


def card_problem(config: Config) -> str | None:
    """check-config's line for the config's own card run, or None when it would print."""
    try:
        check_cards(config, card_options(config))
    except UserError as exc:
        return str(exc)
    return None


def press_warning(config: Config) -> str | None:
    """For a config made for home printing: what `bingo cards --press` would refuse (a
    warning: the config's own run prints)."""
    if config.cards.press:
        return None
    from dataclasses import replace

    try:
        check_cards(config, replace(card_options(config), press=True), pictures=False)
    except UserError as exc:
        return phrase(TABLES, "press_would_refuse", problem=exc)
    return None
