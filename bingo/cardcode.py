"""Card codes: the short code printed on a card that opens it on a phone. No Qt.

A code is the card's serial and five check letters, `0123-KTQFA`: the letters are an
HMAC-SHA256 of the serial under a per-event secret, written with 22 capital letters (no I, L, O,
U, which look like digits; letters only, so the digits on a card are its serial and numbers).
Case and spaces are forgiven. Without the secret a code cannot be made from a serial: one
guess in 22**5 (5 million) per try, and the web server limits the tries per address.

The secret belongs to the card set: `bingo cards` makes it with the first batch as `cards.key`
beside `cards.csv` (readable by its owner only, never served, never in a PDF), and the show reads
it there (cards/cardset.py). A key id (a hash of the key, not the key) names it in the batches
record. Older versions kept one key per event title in the user's data folder
(`card-keys/<event>.key`); `load_key` still reads that place so such sets keep working.

A card's QR code (with `web.public_url`) also carries a token: 16 characters of base32 (80 bits)
of another HMAC of the serial under the same key. Only the printed QR shows it, so the server
can open a card for a scanned token without the guess limit of typed codes (guessing 2**80 is
hopeless at any rate), even while a flood of wrong codes holds typed codes back.
"""

from __future__ import annotations

import errno
import hashlib
import hmac
import os
import re
import secrets
from collections.abc import Callable
from pathlib import Path

from bingo.config_texts import TABLES
from eventkit.errors import UserError
from eventkit.paths import user_data_dir
from eventkit.tomlconf import refused

ALPHABET = "ABCDEFGHJKMNPQRSTVWXYZ"  # Crockford's base32 letters: no I, L, O, U
CHECK_CHARS = 5
_CODE_RE = re.compile(rf"^([0-9]{{1,12}})-?([A-Z]{{{CHECK_CHARS}}})$")


class CardKeyError(UserError):
    """The event's card secret cannot be read or made; the message names the file."""


def event_slug(title: str) -> str:
    """The event's title as a file name (as the journal's name uses it)."""
    return re.sub(r"[^\w-]+", "_", title).strip("_") or "bingo"


def key_path(title: str, key_dir: Path | None = None) -> Path:
    """The old per-user place of an event's key (before the key travelled with the cards)."""
    return (key_dir or user_data_dir() / "card-keys") / f"{event_slug(title)}.key"


def key_id(key: bytes) -> str:
    """A short public name of a key (recorded per batch): equal keys, equal ids."""
    return hashlib.sha256(b"bingo card key id\0" + key).hexdigest()[:16]


def read_key_file(path: Path) -> bytes | None:
    """The key in `path`, None when there is no such file; CardKeyError when it is damaged."""
    try:
        text = path.read_text(encoding="ascii").strip()
    except FileNotFoundError:
        return None
    except OSError as exc:
        if exc.errno == errno.ENAMETOOLONG:
            return None  # a long event title made a name no file system takes: there is none
        raise refused(
            TABLES, "key_unreadable", CardKeyError, path=path, reason=exc.strerror
        ) from None
    except UnicodeDecodeError:
        text = ""
    try:
        key = bytes.fromhex(text)
    except ValueError:
        key = b""
    if len(key) < 16:
        raise refused(TABLES, "key_damaged", CardKeyError, path=path)
    return key


def new_key() -> bytes:
    return secrets.token_bytes(32)


def key_file_text(key: bytes) -> bytes:
    return key.hex().encode("ascii") + b"\n"


def load_key(title: str, key_dir: Path | None = None, *, create: bool = False) -> bytes | None:
    """The event's card secret; made (random, 32 bytes, readable by this user only) when
    `create` and there is none yet. None when there is none and `create` is false."""
    path = key_path(title, key_dir)
    key = read_key_file(path)
    if key is None and create:
        return _new_key(path)
    return key


def _new_key(path: Path) -> bytes:
    key = new_key()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return load_key(path.stem, path.parent) or key  # made by another process just now
    except OSError as exc:
        reason = exc.strerror or exc
        raise refused(TABLES, "key_not_made", CardKeyError, path=path, reason=reason) from None
    try:
        os.write(fd, key_file_text(key))
        os.fsync(fd)
    finally:
        os.close(fd)
    return key


def check_chars(key: bytes, serial: int) -> str:
    digest = hmac.new(key, f"card:{serial}".encode("ascii"), hashlib.sha256).digest()
    value = int.from_bytes(digest[:8], "big")
    letters = []
    for _ in range(CHECK_CHARS):
        value, index = divmod(value, len(ALPHABET))
        letters.append(ALPHABET[index])
    return "".join(letters)


def card_code(key: bytes, serial: int, width: int = 4) -> str:
    """The printed code of card `serial`: `0123-KTQFA` (the serial as printed, zero-padded)."""
    return f"{serial:0{width}d}-{check_chars(key, serial)}"


def normalise(text: str) -> str:
    """What a person typed -> the canonical form: capitals, no spaces, no "No." before it."""
    cleaned = re.sub(r"[\s\u3000]+", "", text).upper()
    cleaned = cleaned.removeprefix("NO.")
    return cleaned.replace("\u30fc", "-").replace("\uff0d", "-")


def parse_code(text: str) -> tuple[int, str | None] | None:
    """(serial, check characters) of a typed code, (serial, None) for a bare serial, or None."""
    cleaned = normalise(text)
    if cleaned.isdigit() and len(cleaned) <= 12 and cleaned.isascii():
        return int(cleaned), None
    match = _CODE_RE.match(cleaned)
    if match is None or not cleaned.isascii():
        return None
    return int(match.group(1)), match.group(2)


def serial_of(key: bytes | None, text: str, *, allow_serial_only: bool = False) -> int | None:
    """The serial a typed code opens, or None when it opens nothing (wrong or malformed)."""
    parsed = parse_code(text)
    if parsed is None:
        return None
    serial, check = parsed
    if check is None:
        return serial if allow_serial_only else None
    if key is None:
        return None
    return serial if hmac.compare_digest(check, check_chars(key, serial)) else None


def printed_label(serial_text: str, check: str | None) -> str:
    """The serial as printed, with the card's check letters after it: `No.0123-KTQFA`."""
    return serial_text if check is None else f"{serial_text}-{check}"


def widest_check(width_of: Callable[[str], float]) -> str:
    """The check characters that take the most room in a font (`width_of(text) -> float`)."""
    return max(ALPHABET, key=width_of) * CHECK_CHARS


TOKEN_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"  # Crockford's base32: 5 bits a character
TOKEN_CHARS = 16  # 80 bits
TOKEN_PARAM = "t"  # the card address's query parameter that carries it


def card_token(key: bytes, serial: int) -> str:
    """The QR token of card `serial`: 16 base32 characters (80 bits) of an HMAC under the card
    set's key with its own label, so it tells nothing about the check letters and back."""
    digest = hmac.new(key, f"card qr token:{serial}".encode("ascii"), hashlib.sha256).digest()
    value = int.from_bytes(digest[:10], "big")  # 80 bits
    chars = []
    for _ in range(TOKEN_CHARS):
        value, index = divmod(value, 32)
        chars.append(TOKEN_ALPHABET[index])
    return "".join(chars)


def token_matches(key: bytes | None, serial: int, text: str) -> bool:
    """Is `text` the QR token of card `serial`? (case forgiven; a constant-time comparison)"""
    if key is None or len(text) != TOKEN_CHARS or not text.isascii():
        return False
    return hmac.compare_digest(text.upper(), card_token(key, serial))


def card_url(base_url: str, code: str, token: str = "") -> str:
    """The address of a card's phone page: `<web.public_url>/card/<code>` (bingo.web.server),
    with `?t=<token>` when a QR token is given."""
    url = f"{base_url.rstrip('/')}/card/{code}"
    return f"{url}?{TOKEN_PARAM}={token}" if token else url


def qr_text(
    serial: int, check: str | None, width: int = 4, base_url: str = "", token: str = ""
) -> str:
    """What a card's QR code holds: the card's address (with its QR token, when given) when
    `base_url` (web.public_url) is set, so a phone camera opens it; else its code (or the bare
    serial for cards without one)."""
    if check is None:
        return str(serial)
    code = f"{serial:0{width}d}-{check}"
    return card_url(base_url, code, token) if base_url else code
