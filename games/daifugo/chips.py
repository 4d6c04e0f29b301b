"""Chips: rooms and stakes, fees by rank, the pot, and balances kept across runs (JSON).

As the seed: the 平民 fee is the room's stake (初級 100 / 中級 1,000 / 上級 10,000); 大富豪 pays
2x, 富豪 1.25x, 貧民 1/2, 大貧民 1/4. The winner (1st place) takes the pot less 2% (the play fee).
Leaving in the middle of a game costs the stake on top of the fee already paid.

Top-up (the one rule, `ChipBank.top_up` and `_replay`): before a deal, a balance that cannot pay
the room's largest fee (the 大富豪's, 2x the stake) is topped up to the room's starting amount:
the starting balance (10,000), or that largest fee where it is more (上級: 20,000), so every
seat can pay whatever title it plays. This is an event toy, not a casino; the Qt window and the
phones say so when it happens (`Start.topped_up`). Chips belong to an account: a person's name;
the web hub gives each room's CPU seats their own ("CPU 4 @daifugo-beginner"), never shared.
"""

from __future__ import annotations

import json
import os
import re
import secrets
from collections.abc import Collection, Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from eventkit.errors import UserError
from eventkit.paths import user_data_dir
from eventkit.safefile import (
    NotOurFile,
    lock,
    open_private,
    our_files,
    remove_stale_temps,
    set_aside,
    try_lock,
    write_atomic,
)
from games.daifugo.ruleset import Title

FILE_NAME = "daifugo_chips.json"
PLAY_FEE_PERCENT = 2
DEFAULT_START = 10_000


@dataclass(frozen=True)
class Room:
    key: str
    ja: str
    en: str
    stake: int

    def label(self, language: str = "ja") -> str:
        return self.ja if language == "ja" else self.en


ROOMS = {
    "beginner": Room("beginner", "初級ルーム", "Beginner room", 100),
    "intermediate": Room("intermediate", "中級ルーム", "Intermediate room", 1_000),
    "advanced": Room("advanced", "上級ルーム", "Advanced room", 10_000),
}
_ALIASES = {"初級": "beginner", "中級": "intermediate", "上級": "advanced"}

# Fee as a fraction of the stake, in quarters (exact integers for every room).
_FEE_QUARTERS = {
    Title.DAIFUGO: 8,
    Title.FUGO: 5,
    Title.HEIMIN: 4,
    Title.HINMIN: 2,
    Title.DAIHINMIN: 1,
}


def room(key: str) -> Room:
    """A room by key ("beginner"...) or Japanese name ("初級", "初級ルーム")."""
    k = _ALIASES.get(key.replace("ルーム", ""), key)
    if k not in ROOMS:
        raise UserError(f"room '{key}' does not exist: choose beginner, intermediate or advanced")
    return ROOMS[k]


def fee(the_room: Room, title: Title) -> int:
    return the_room.stake * _FEE_QUARTERS[title] // 4


@dataclass(frozen=True)
class Settlement:
    fees: tuple[int, ...]
    pot: int
    play_fee: int
    prize: int
    winner: int
    deltas: tuple[int, ...]


def settle(
    the_room: Room, titles: Sequence[Title], places: Sequence[int], left: Collection[int] = ()
) -> Settlement:
    """Fees by rank into the pot; the 1st place takes the pot less 2%. A winner who `left`
    before the game ended passes the prize to the next place still at the table (the seed:
    「勝利報酬を受け取る前にルームから抜けた場合、次点のプレイヤーが勝利報酬を獲得」)."""
    fees = tuple(fee(the_room, t) for t in titles)
    pot = sum(fees)
    play_fee = pot * PLAY_FEE_PERCENT // 100
    prize = pot - play_fee
    winner = next((s for s in places if s not in left), places[0])
    deltas = tuple((prize if s == winner else 0) - fees[s] for s in range(len(titles)))
    return Settlement(fees, pot, play_fee, prize, winner, deltas)


def leave_penalty(the_room: Room) -> int:
    """Leaving mid-game: the stake is forfeited on top of the fee already in the pot."""
    return the_room.stake


MAX_BALANCE = 10**15  # far above any room's stakes; a larger number means a damaged file
FILE_MODE = 0o600  # balances and their locks are the user's own: created so, whatever the umask
FORMAT_VERSION = 2  # 2: games in progress are kept with their fees ("open")

# ("add", name, amount) | ("top_up", name, minimum) | ("open", game, owner, fees)
# | ("close", game, refund)
Op = tuple[Any, ...]
GameEntry = dict[str, Any]  # a game in progress: {"owner": its table's id, "fees": {name: paid}}


class ChipBank:
    """Balances by player name, saved as JSON in the user's data folder.

    Several tables may be open at once (two windows, two users of one laptop): every change is
    kept as an operation and `save` replays the operations not yet saved on the file's current
    balances under a file lock, so no table's settlement overwrites another's.

    Money never resets unasked: every save writes its good copy (`<name>.last-good`) first,
    then the file. A damaged file is set aside beside the original (`<name>.damaged-<time>`)
    and the balances and games in progress come back from the copy, the file rewritten from
    it; `notice` says so in one line. When neither can be read the bank refuses to open
    (UserError telling the host what to do) and moves nothing.

    A game in progress is on file with the fees its seats paid (`open_game`), written in the
    same atomic replace as the fees themselves, and leaves it in the same replace as its prize
    or refund (`close_game`). So a kill -9, a flat battery or a crash at any moment leaves the
    file as before the game or after it, plus at most one open game: the next bank opened on
    the file gives that game's fees back (`settled` counts them). Whether a game's table still
    runs is told by its owner lock (`.<name>.owner-<id>.lock`), held by the table's process:
    the operating system drops it when the process dies, so a game of another window still
    playing is never refunded under it.
    """

    def __init__(self, path: Path | None = None, start: int = DEFAULT_START) -> None:
        self.path = Path(os.path.realpath(path or user_data_dir() / FILE_NAME))
        self.start = start
        self.notice = ""  # set when a damaged file was set aside, or games were settled
        self.set_aside = ""  # the name a damaged chips file was kept under
        self.settled = 0  # unfinished games of stopped tables whose fees were given back
        self.restored_from = ""  # the good copy the balances came back from, if they did
        self._pending: list[Op] = []
        self.open_games: dict[str, GameEntry] = {}
        self._games_read: dict[str, GameEntry] = {}  # as on file at the last read
        self._owner: str | None = None  # this bank's owner id, once it has opened a game
        self._owner_fd: int | None = None
        with self._locked():
            self._clean_temporary_files()
            self.balances: dict[str, int] = self._read()
            self._settle_stopped_games()

    def balance(self, name: str) -> int:
        return self.balances.get(name, self.start)

    def add(self, name: str, amount: int) -> int:
        self._pending.append(("add", name, amount))
        _replay(self.balances, [("add", name, amount)], self.start)
        return self.balances[name]

    def top_up(self, name: str, minimum: int) -> bool:
        """Refill a balance below `minimum` (a room's largest fee) to the room's starting
        amount, max(start, minimum); True when it did."""
        if self.balance(name) < minimum:
            self._pending.append(("top_up", name, minimum))
            _replay(self.balances, [("top_up", name, minimum)], self.start)
            return True
        return False

    def apply(self, names: Sequence[str], settlement: Settlement) -> None:
        for name, delta in zip(names, settlement.deltas, strict=True):
            self.add(name, delta)

    def open_game(self, fees: dict[str, int]) -> str:
        """Collect a game's fees and keep the game on file until `close_game`. Its id."""
        if self._owner is None:
            self._owner = secrets.token_hex(8)
        game = secrets.token_hex(8)
        op: Op = ("open", game, self._owner, dict(fees))
        self._pending.append(op)
        _replay(self.balances, [op], self.start, self.open_games)
        return game

    def close_game(self, game: str, *, refund: bool = False) -> None:
        """The game is over (or dropped, with `refund`: its fees go back to the seats)."""
        op: Op = ("close", game, refund)
        self._pending.append(op)
        _replay(self.balances, [op], self.start, self.open_games)

    def save(self) -> None:
        """Apply the changes not yet saved to the balances on disk, atomically and fsync'd.

        On failure (UserError) nothing is lost: the changes stay pending for the next save.
        """
        with self._locked():
            if any(op[0] == "open" for op in self._pending):
                self._hold_owner_lock()
            balances = self._read()
            games = self._games_read
            _replay(balances, self._pending, self.start, games)
            self._write(balances, games)
            self.balances = balances
            self.open_games = games
            self._pending.clear()
            if self._owner_fd is not None and not any(
                entry.get("owner") == self._owner for entry in games.values()
            ):  # no game of ours in progress: no lock file left lying about between games
                self.close()
                with suppress(OSError):
                    assert self._owner is not None
                    self._owner_lock_path(self._owner).unlink()

    def close(self) -> None:
        """Let go of the owner lock (a bank with games still open leaves them to be settled)."""
        fd, self._owner_fd = self._owner_fd, None
        if fd is not None:
            os.close(fd)

    # -- games of tables that stopped -----------------------------------------------------

    def _owner_lock_path(self, owner: str) -> Path:
        return owner_lock_path(self.path, owner)

    def _hold_owner_lock(self) -> None:
        """Created and taken under the file's lock, so no other bank sees it unheld and alive."""
        if self._owner_fd is not None or self._owner is None:
            return
        try:
            fd = open_private(self._owner_lock_path(self._owner))
        except OSError as exc:
            raise UserError(
                f"chip balances cannot be kept in {self.path.parent} ({exc.strerror or exc}): "
                "make it a folder you can write to, or set PUYO_EVENT_DATA_DIR to one"
            ) from None
        if not try_lock(fd):  # cannot happen with a fresh random id; never refund under it
            os.close(fd)
            raise UserError(f"chip balances: the table id {self._owner} is in use")
        self._owner_fd = fd

    def _owner_alive(self, owner: object) -> bool:
        if owner == self._owner and self._owner_fd is not None:
            return True
        if not isinstance(owner, str) or not _OWNER_ID.fullmatch(owner):
            return False
        try:
            fd = os.open(self._owner_lock_path(owner), os.O_RDWR)
        except OSError:
            return False  # no lock file: its table is gone
        try:
            if try_lock(fd):
                return False  # nobody holds it: the table's process has ended
            return True
        finally:
            os.close(fd)

    def _settle_stopped_games(self) -> None:
        """Give back the fees of games whose table stopped mid-game (kill -9, a crash)."""
        stopped = [
            game
            for game, entry in self._games_read.items()
            if not self._owner_alive(entry.get("owner"))
        ]
        if stopped:
            balances, games = dict(self.balances), dict(self._games_read)
            _replay(balances, [("close", game, True) for game in stopped], self.start, games)
            try:
                self._write(balances, games)
            except UserError:
                return  # tried again by the next bank opened; nothing is lost meanwhile
            self.balances, self._games_read = balances, games
            self.settled = len(stopped)
            refunds = (
                f"{len(stopped)} Daifugō game(s) stopped before their end (the program was "
                "closed or crashed): every seat got its fee back"
            )
            self.notice = f"{self.notice}; {refunds}" if self.notice else refunds
        self.open_games = dict(self._games_read)
        self._remove_stale_owner_locks()

    def _remove_stale_owner_locks(self) -> None:
        pattern = re.compile(rf"\.{re.escape(self.path.name)}\.owner-([0-9a-f]{{16}})\.lock")
        for entry in our_files(self.path.parent, pattern):
            owner = pattern.fullmatch(entry.name)
            if owner and not self._owner_alive(owner.group(1)):
                with suppress(OSError):
                    entry.unlink()

    def _clean_temporary_files(self) -> None:
        """Temporary files of ours left by a save that was killed (only while we hold the lock:
        nobody else can be writing one)."""
        remove_stale_temps(self.path)
        remove_stale_temps(good_copy_path(self.path))
        older = re.compile(rf"\.{re.escape(self.path.name)}\.[a-z0-9_]{{8}}\.tmp")  # mkstemp's
        for entry in our_files(self.path.parent, older):
            with suppress(OSError):
                entry.unlink()

    # -- the file -------------------------------------------------------------------------

    @contextmanager
    def _locked(self) -> Iterator[None]:
        """An exclusive lock on `<file>.lock` beside the balances (released on close)."""
        folder = self.path.parent
        try:
            folder.mkdir(parents=True, exist_ok=True)
            fd = open_private(self.path.with_name(self.path.name + ".lock"))
        except OSError as exc:
            raise UserError(
                f"chip balances cannot be kept in {folder} ({exc.strerror or exc}): make it a "
                "folder you can write to, or set PUYO_EVENT_DATA_DIR to one"
            ) from None
        try:
            lock(fd)
            yield
        finally:
            os.close(fd)

    def _read(self) -> dict[str, int]:
        """The balances on file; the games in progress on file go to `_games_read`."""
        self._games_read = {}
        try:
            raw = self.path.read_bytes()
        except FileNotFoundError:
            if os.path.lexists(good_copy_path(self.path)):  # the file went; its copy did not
                return self._restore("missing", None)
            return {}
        except IsADirectoryError:
            raise UserError(
                f"{self.path} is a folder, not the chip balances file: move it elsewhere"
            ) from None
        except OSError as exc:
            raise UserError(
                f"chip balances in {self.path} cannot be read ({exc.strerror or exc}): "
                "check the file's permissions"
            ) from None
        try:
            balances, self._games_read = _parse(raw)
            return balances
        except ValueError as exc:
            return self._restore(f"damaged ({exc})", exc)

    def _restore(self, what: str, damage: ValueError | None) -> dict[str, int]:
        """The file is damaged or gone: back from its good copy, or a UserError (nothing moved)."""
        copy = good_copy_path(self.path)
        try:
            raw = copy.read_bytes()
            balances, games = _parse(raw)
        except FileNotFoundError:
            raise UserError(
                f"chip balances in {self.path} are {what} and there is no good copy "
                f"({copy.name}) to restore them from: put a good copy back as {self.path}, or, "
                f"to start everyone again at {self.start:,} chips, move it away"
            ) from None
        except (OSError, ValueError) as exc:
            why = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
            raise UserError(
                f"chip balances in {self.path} are {what} and its good copy {copy.name} cannot "
                f"be used either ({why}): put a good copy back as {self.path} (both are left "
                f"as they are), or, to start everyone again at {self.start:,} chips, move both "
                "away"
            ) from None
        kept = self._set_aside() if damage is not None else None
        try:
            write_atomic(self.path, raw, mode=FILE_MODE)
        except OSError as exc:
            raise UserError(
                f"chip balances in {self.path} could not be restored from {copy.name} "
                f"({exc.strerror or exc}): free some disk space or fix the folder's permissions"
            ) from None
        self._games_read = games
        self.set_aside = kept.name if kept is not None else ""
        self.restored_from = copy.name
        aside = f"; the damaged file is kept as {kept.name}" if kept is not None else ""
        self.notice = (
            f"chip balances in {self.path} were {what}: restored from {copy.name} "
            f"({len(balances)} players, {len(games)} game(s) in progress){aside}"
        )
        return balances

    def _set_aside(self) -> Path:
        try:
            return set_aside(self.path)
        except NotOurFile:
            raise
        except (OSError, UserError) as exc:
            reason = exc.strerror if isinstance(exc, OSError) else str(exc)
            raise UserError(
                f"chip balances in {self.path} are damaged and cannot be set aside "
                f"({reason or exc}): move the file elsewhere"
            ) from None

    def _write(self, balances: dict[str, int], games: dict[str, GameEntry]) -> None:
        data = {"version": FORMAT_VERSION, "balances": balances, "open": games}
        payload = json.dumps(data, ensure_ascii=False, indent=1)
        try:
            data_bytes = payload.encode("utf-8")
            # the copy first: a save that fails halfway leaves the file as it was, never
            # a copy that lags behind a file that may be damaged later
            write_atomic(good_copy_path(self.path), data_bytes, mode=FILE_MODE)
            write_atomic(self.path, data_bytes, mode=FILE_MODE)
        except OSError as exc:
            raise UserError(
                f"chip balances could not be saved to {self.path} ({exc.strerror or exc}): "
                "free some disk space or fix the folder's permissions; nothing was lost"
            ) from None


def good_copy_path(path: Path) -> Path:
    """The chips file's last good copy, written at every save: `<name>.last-good`."""
    return path.with_name(path.name + ".last-good")


def read_chips_file(path: Path) -> tuple[dict[str, int], dict[str, GameEntry]]:
    """The balances and games in progress on file, from the good copy when the file is damaged
    or gone (a reader that is not its bank). OSError / ValueError when neither can be read."""
    try:
        return _parse(path.read_bytes())
    except (OSError, ValueError):
        copy = good_copy_path(path)
        if not os.path.lexists(copy):
            raise
        return _parse(copy.read_bytes())


def needs_rebuild(path: Path) -> bool:
    """Neither the chips file nor its good copy can be read, and one of them is there (two
    missing files are a fresh evening, or the host's wish)."""
    try:
        read_chips_file(path)
        return False
    except (OSError, ValueError):
        return os.path.lexists(path) or os.path.lexists(good_copy_path(path))


def rebuild(path: Path, balances: dict[str, int]) -> str:
    """Write the chips file and its good copy afresh with `balances` (from the games journal),
    no game in progress; the damaged file is set aside first. The one line that says so.
    ValueError when `balances` are not chips; UserError when the files cannot be written."""
    data = json.dumps({"version": FORMAT_VERSION, "balances": balances, "open": {}})
    raw = data.encode("utf-8")
    _parse(raw)  # the same checks as a file read
    real = Path(os.path.realpath(path))
    kept = ""
    try:
        if os.path.lexists(real):
            kept = set_aside(real).name
        write_atomic(good_copy_path(real), raw, mode=FILE_MODE)
        write_atomic(real, raw, mode=FILE_MODE)
    except OSError as exc:
        raise UserError(
            f"chip balances in {real} could not be rebuilt ({exc.strerror or exc}): free some "
            "disk space or fix the folder's permissions"
        ) from None
    aside = f"; the damaged file is kept as {kept}" if kept else ""
    return (
        f"chip balances in {real} and its good copy could not be read: rebuilt from the games "
        f"journal ({len(balances)} players, as saved at the last game's end){aside}"
    )


def saved_balances(path: Path) -> dict[str, int]:
    """The balances a chip file holds as saved (a reader that is not its bank, e.g. the
    games' web hub showing a name's chips). OSError when it cannot be read, ValueError
    naming what is wrong in a damaged file."""
    balances, _ = read_chips_file(path)
    return balances


def _parse(raw: bytes) -> tuple[dict[str, int], dict[str, GameEntry]]:
    """The balances of a chip file and its games in progress; ValueError says what is wrong."""
    try:
        data = json.loads(raw.decode("utf-8"))
    except (RecursionError, MemoryError):
        raise ValueError("nested too deeply") from None
    except UnicodeDecodeError:
        raise ValueError("not UTF-8 text") from None
    if not isinstance(data, dict) or not isinstance(data.get("balances", {}), dict):
        raise ValueError('not a {"balances": {...}} object')
    balances = {}
    for name, value in data.get("balances", {}).items():
        if type(value) is not int or not -MAX_BALANCE <= value <= MAX_BALANCE:
            raise ValueError(f"the balance of {name!r} is not a whole number of chips")
        balances[name] = value
    return balances, _parse_games(data.get("open", {}))


def _parse_games(games: object) -> dict[str, GameEntry]:
    if not isinstance(games, dict):
        raise ValueError("its games in progress are not an object")
    out = {}
    for game, entry in games.items():
        fees = entry.get("fees") if isinstance(entry, dict) else None
        if not isinstance(fees, dict) or not all(
            type(v) is int and 0 <= v <= MAX_BALANCE for v in fees.values()
        ):
            raise ValueError(f"the fees of the game in progress {game!r} are not chips")
        out[game] = {"owner": entry.get("owner"), "fees": dict(fees)}
    return out


def _replay(
    balances: dict[str, int],
    ops: Sequence[Op],
    start: int,
    games: dict[str, GameEntry] | None = None,
) -> None:
    games = {} if games is None else games
    for op in ops:
        if op[0] == "open":
            _, game, owner, fees = op
            for name, paid in fees.items():
                balances[name] = balances.get(name, start) - paid
            games[game] = {"owner": owner, "fees": dict(fees)}
        elif op[0] == "close":
            _, game, refund = op
            entry = games.pop(game, None)
            if entry is not None and refund:  # settled once: a second close changes nothing
                for name, paid in entry["fees"].items():
                    balances[name] = balances.get(name, start) + paid
        else:
            kind, name, amount = op
            current = balances.get(name, start)
            if kind == "add":
                balances[name] = current + amount
            elif current < amount:  # top_up
                balances[name] = max(start, amount)


_OWNER_ID = re.compile(r"[0-9a-f]{16}")


def owner_lock_path(path: Path, owner: str) -> Path:
    """The lock a table's process holds while its games on the chips file `path` (a real
    path) run: `.<name>.owner-<id>.lock` beside it."""
    return path.with_name(f".{path.name}.owner-{owner}.lock")


class ChipMoney:
    """Daifugō's money for the phone hub (games.common.money.Money): the chips file
    (daifugo_chips.json, this module's format) and a `ChipBank` per room on it."""

    file_name = FILE_NAME
    start = DEFAULT_START

    def bank(self, path: Path, owner: str | None = None, held: int | None = None) -> ChipBank:
        bank = ChipBank(path)
        if owner is not None:
            bank._owner = owner  # the room's id: its restored games are closed by this bank
        if held is not None:
            bank._owner_fd = held
        return bank

    def hold_owner(self, path: Path, owner: str) -> int | None:
        real = Path(os.path.realpath(path))
        real.parent.mkdir(parents=True, exist_ok=True)
        fd = open_private(owner_lock_path(real, owner))
        if not try_lock(fd):
            os.close(fd)
            return None
        return fd

    def open_on_file(self, path: Path) -> dict[str, str]:
        try:
            _, games = read_chips_file(Path(path))
        except (OSError, ValueError):
            return {}
        return {str(g): str(e.get("owner")) for g, e in games.items()}

    def saved_balances(self, path: Path) -> dict[str, int]:
        return saved_balances(path)

    def needs_rebuild(self, path: Path) -> bool:
        return needs_rebuild(path)

    def rebuild(self, path: Path, balances: dict[str, int]) -> str:
        return rebuild(path, balances)


MONEY = ChipMoney()
