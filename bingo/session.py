"""The draw: the pool of numbers, the history, undo and confirmed winners. No Qt.

Winners follow the draw: an undo that takes away the ball of a winner's bingo withdraws the
winner (journaled), and winners are ranked by the ball of their bingo, cards with the same ball
sharing a place (`rank_winners`; how a tie's prizes are given: `[event] tie_prizes`).

Every change goes to the journal (one fsync'd write) before it is visible to the caller, so a
crash, a kill -9 or a power cut loses nothing: opening the session again resumes exactly there.
A failed write raises JournalWriteError and changes nothing. One session per journal at a time
(JournalLock). A seeded rehearsal replays its generator over the journal on resume, so it goes on
with the same sequence as if it had never stopped.
"""

from __future__ import annotations

import hashlib
import random
import re
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from bingo.config import Config
from bingo.journal import (
    PREVIOUS_FINISHED,
    REHEARSAL_OFF_SEED,
    WITHDRAW_HOST,
    WITHDRAW_UNDO,
    BoardSignature,
    Journal,
    JournalError,
    JournalState,
    JournalUnusable,
    JournalWarning,
    Winner,
    Withdrawal,
    check_journal_file,
    head_path,
    location_error,
    read_journal,
    torn_path,
    winner_ball,
)
from bingo.journal_lock import JournalLock
from eventkit.errors import UserError
from eventkit.paths import user_data_dir

TIE_JANKEN = "janken"  # tied cards share the prizes of the places they fill: じゃんけん decides
TIE_EACH = "each"  # every tied card takes the prize of the place they share
TIE_PRIZES = (TIE_JANKEN, TIE_EACH)


class SessionError(UserError):
    """An action that cannot be done now (draw when all are out, undo with nothing drawn)."""


def board_signature(config: Config) -> BoardSignature:
    b = config.board
    return BoardSignature(b.size, b.numbers_per_column, b.free_center)


def default_journal_path(config: Config, *, rehearsal: bool = False) -> Path:
    """One journal per event: named after where config.toml is and the board, not the title.

    Fixing a typo in the title after a crash resumes the same game; two events with their own
    config folders never share a journal. A seeded rehearsal gets its own file, so the real draw
    never resumes a rehearsal's numbers.
    """
    base = config.display.journal_dir or (user_data_dir() / "journals")
    if config.path is not None:
        anchor = str(Path(config.path).resolve())
        folder = Path(anchor).parent.name
    else:
        anchor, folder = "<built-in defaults>", "bingo"
    slug = re.sub(r"[^\w-]+", "_", folder).strip("_")[:40] or "bingo"
    digest = hashlib.sha256(anchor.encode("utf-8")).hexdigest()[:8]
    b = config.board
    suffix = "-rehearsal" if rehearsal else ""
    return Path(base) / f"{slug}-{digest}-{b.size}x{b.size}-{b.numbers_per_column}{suffix}.jsonl"


def set_aside(path: Path) -> Path:
    """Rename an old journal (and its side files) so a new game can start; never deleted."""
    check_journal_file(path)
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.stem}-{stamp}{path.suffix}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.stem}-{stamp}-{n}{path.suffix}")
    path.rename(target)
    for side in (head_path, torn_path):
        if side(path).exists():
            side(path).rename(side(target))
    return target


def replay_rng(
    seed: int, total: int, events: list[tuple[str, int]], typed: set[int] | None = None
) -> tuple[random.Random, bool]:
    """The seeded generator as it stands after `events`; False if the journal left its path.
    `typed`: indexes of draws typed from a ball cage, which the generator never made."""
    rng = random.Random(seed)
    drawn: set[int] = set()
    order: list[int] = []
    same = True
    for index, (kind, number) in enumerate(events):
        if kind == "draw" and typed and index in typed:
            drawn.add(number)
            order.append(number)
        elif kind == "draw":
            remaining = [n for n in range(1, total + 1) if n not in drawn]
            if remaining[rng.randrange(len(remaining))] != number:
                same = False
            drawn.add(number)
            order.append(number)
        elif order:
            drawn.discard(order.pop())
    return rng, same


class TypedNumberRefused(SessionError):
    """A number typed from a ball cage that cannot be called: `code` + `params` for the UI."""

    def __init__(self, message: str, *, code: str, **params: object) -> None:
        super().__init__(message)
        self.code = code
        self.params = params


class WinnerRefused(SessionError):
    """A winner that cannot be recorded or taken back: `code` + `params` for the UI."""

    def __init__(self, message: str, *, code: str, **params: object) -> None:
        super().__init__(message)
        self.code = code
        self.params = params


@dataclass(frozen=True)
class RankedWinner:
    """A winner with its place on the board. `place`: standard competition ranking by the ball
    of the bingo (two cards at ball 13 are both 1st, the next card is 3rd); `tied`: another
    card shares the place; `prizes`: the indexes (0 = 1st prize) of the prizes it is in line
    for (one, or under "janken" the prizes of the places its tie fills; none past the list);
    `janken`: a tie that plays じゃんけん for those prizes."""

    winner: Winner
    place: int
    tied: bool
    prizes: tuple[int, ...]
    janken: bool = False

    @property
    def serial(self) -> int:
        return self.winner.serial

    @property
    def ball(self) -> int:
        return winner_ball(self.winner)


def rank_winners(
    winners: Sequence[Winner], prize_count: int = 0, tie_prizes: str = TIE_JANKEN
) -> list[RankedWinner]:
    """The winners in the order of their bingo's ball (the order recorded among equals), each
    with its place and prizes (see RankedWinner)."""
    ordered = sorted(enumerate(winners), key=lambda item: (winner_ball(item[1]), item[0]))
    ranked: list[RankedWinner] = []
    start = 0
    while start < len(ordered):
        ball = winner_ball(ordered[start][1])
        end = start
        while end < len(ordered) and winner_ball(ordered[end][1]) == ball:
            end += 1
        place = start + 1
        prizes: tuple[int, ...]
        if tie_prizes == TIE_EACH:
            prizes = (place - 1,) if place <= prize_count else ()
        else:
            prizes = tuple(range(place - 1, min(end, prize_count)))
        tied = end - start > 1
        janken = tied and tie_prizes != TIE_EACH and bool(prizes)
        for _index, winner in ordered[start:end]:
            ranked.append(RankedWinner(winner, place, tied, prizes, janken))
        start = end
    return ranked


class DrawSession:
    """A bingo draw bound to one journal file."""

    def __init__(
        self,
        config: Config,
        journal: Journal,
        rng: random.Random,
        *,
        resumed: bool = False,
        lock: JournalLock | None = None,
    ) -> None:
        self.config = config
        self._journal = journal
        self._rng = rng
        self._lock = lock
        self._key_dir = journal.key_dir
        self.resumed = resumed
        self.warnings: list[JournalWarning] = list(journal.state.warnings)
        self.resume_message: str | None = None
        self.set_aside: Path | None = None
        self.previous_finished: Path | None = None  # a finished game kept aside at start
        self.requested_manual = False  # --manual / display.draw = "manual" (see `manual`)
        if resumed:
            try:  # an undo's withdrawals a stop cut off, or never written (older versions)
                self._withdraw_orphans()
            except JournalError:
                pass  # (a full disk) left out of `winners` all the same; written next time
            count = len(self.history)
            self.resume_message = f"Resumed: {count} draws restored from {journal.path.name}"
            if self.warnings:
                self.resume_message += " (" + "; ".join(map(str, self.warnings)) + ")"

    @classmethod
    def open(
        cls,
        config: Config,
        journal_path: str | Path | None = None,
        *,
        new: bool = False,
        seed: int | None = None,
        key_dir: Path | None = None,
        manual: bool | None = None,
    ) -> DrawSession:
        """Resume the event's journal if it holds an unfinished game, else start one.

        `manual`: the host types the numbers from a ball cage (None: display.draw decides); a
        resumed game typed by hand stays so.

        `new` keeps the old journal aside and starts a fresh game. Raises JournalBusy when
        another show has the journal open, JournalUnusable when it cannot be resumed (damaged,
        tampered, shortened, made for another board with numbers drawn; `new` is the way on),
        JournalError when `seed` would continue a journal holding secure draws.
        """
        if seed is None:
            seed = config.event.seed
        if journal_path:
            path = Path(journal_path)
        else:
            path = default_journal_path(config, rehearsal=seed is not None)
        check_journal_file(path)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise location_error(path, exc) from None
        lock = JournalLock(path).acquire()
        if manual is None:
            manual = config.display.draw == "manual"
        try:
            session = cls._open_locked(config, path, new, seed, key_dir, lock, manual)
        except BaseException:
            lock.release()
            raise
        session.requested_manual = manual
        return session

    @classmethod
    def _open_locked(
        cls,
        config: Config,
        path: Path,
        new: bool,
        seed: int | None,
        key_dir: Path | None,
        lock: JournalLock,
        manual: bool = False,
    ) -> DrawSession:
        signature = board_signature(config)
        state = (
            None if new or not path.exists() else read_journal(path, repair=True, key_dir=key_dir)
        )
        aside = None
        finished_before = False
        if state is not None and (
            state.board != signature
            or any(not 1 <= n <= config.board.total_numbers for n in state.history)
        ):
            if state.history:
                raise JournalUnusable(
                    f"journal {path} has {len(state.history)} numbers drawn on a "
                    f"{state.board.describe()}, but config.toml now sets a "
                    f"{signature.describe()}: put board.size / board.numbers_per_column / "
                    "board.free_center back to resume it",
                    code="journal_other_board_free"
                    if state.board.free_center
                    else "journal_other_board",
                    path=str(path),
                    n=len(state.history),
                    size=state.board.size,
                    per_column=state.board.numbers_per_column,
                )
            state = None  # nothing drawn: start over for the new board (the old file kept)
        if state is not None:
            _refuse_seed(state, seed, path)
            unfinished = 0 < len(state.history) < config.board.total_numbers
            if unfinished or (not state.history and state.seed == seed):
                return cls._resume(config, path, state, key_dir, lock)
            finished_before = bool(state.history)
        replace = path.exists() and path.stat().st_size > 0

        def keep_old() -> None:
            nonlocal aside
            aside = set_aside(path)

        journal = Journal.create(
            path,
            signature,
            config.event.title,
            seed=seed,
            key_dir=key_dir,
            before_replace=keep_old if replace else None,
            manual=manual,
        )
        rng = random.Random(seed) if seed is not None else secrets.SystemRandom()
        session = cls(config, journal, rng, lock=lock)
        session.set_aside = aside
        if finished_before:
            assert aside is not None  # a finished game means a non-empty journal, set aside
            session.previous_finished = aside
            session.warnings.append(
                JournalWarning(
                    PREVIOUS_FINISHED,
                    {"name": path.name, "aside": aside.name},
                    f"the previous game in {path.name} was finished; it is kept as {aside.name}",
                )
            )
        return session

    @classmethod
    def _resume(
        cls,
        config: Config,
        path: Path,
        state: JournalState,
        key_dir: Path | None,
        lock: JournalLock,
    ) -> DrawSession:
        journal = Journal.resume(path, state, key_dir)
        if state.seed is None:
            rng: random.Random = secrets.SystemRandom()
        else:
            rng, same = replay_rng(
                state.seed, config.board.total_numbers, state.events, state.typed_events
            )
            if not same:
                state.warnings.append(
                    JournalWarning(
                        REHEARSAL_OFF_SEED,
                        {"name": path.name, "seed": state.seed},
                        f"rehearsal journal {path.name} does not follow seed {state.seed} "
                        "(written by an older version): the next numbers differ from an "
                        "unbroken run",
                    )
                )
        return cls(config, journal, rng, resumed=True, lock=lock)

    # ------------------------------------------------------------------ state

    @property
    def journal_path(self) -> Path:
        return self._journal.path

    @property
    def history(self) -> list[int]:
        return self._journal.state.history

    @property
    def seed(self) -> int | None:
        """The seed of a rehearsal; None for a secure draw."""
        return self._journal.state.seed

    @property
    def rehearsal(self) -> bool:
        return self.seed is not None

    @property
    def audit_code(self) -> str:
        """A short code of the chain head: a photo of it pins the sequence drawn so far."""
        return self._journal.audit_code

    @property
    def winners(self) -> list[Winner]:
        """The recorded winners, in the order recorded; those withdrawn are left out (and so
        are those whose bingo an undo took away while their withdrawal could not be written)."""
        state = self._journal.state
        return [w for w in state.winners if w.serial not in state.orphaned]

    @property
    def withdrawn(self) -> list[Withdrawal]:
        """The winners taken back this game, in order."""
        return list(self._journal.state.withdrawn)

    def ranked_winners(
        self, prize_count: int | None = None, tie_prizes: str | None = None
    ) -> list[RankedWinner]:
        """The winners ranked by the ball of their bingo (see rank_winners); the prizes and the
        tie rule of config.toml unless given."""
        event = self.config.event
        count = len(event.prizes) if prize_count is None else prize_count
        rule = getattr(event, "tie_prizes", TIE_JANKEN) if tie_prizes is None else tie_prizes
        return rank_winners(self.winners, count, rule)

    def ranked(self, serial: int) -> RankedWinner | None:
        return next((r for r in self.ranked_winners() if r.serial == serial), None)

    def place_for(self, ball: int) -> int:
        """The place a new winner with its bingo at `ball` would take (ties share it)."""
        return 1 + sum(1 for w in self.winners if winner_ball(w) < ball)

    def undo_withdraws(self) -> list[RankedWinner]:
        """The winners an undo of the last draw would take back: their bingo came with it."""
        count = len(self.history)
        return [r for r in self.ranked_winners() if r.ball >= count]

    @property
    def total(self) -> int:
        return self.config.board.total_numbers

    @property
    def remaining(self) -> list[int]:
        drawn = set(self.history)
        return [n for n in range(1, self.total + 1) if n not in drawn]

    @property
    def last(self) -> int | None:
        return self.history[-1] if self.history else None

    @property
    def finished(self) -> bool:
        return len(self.history) >= self.total

    def drawn_per_column(self) -> list[int]:
        counts = [0] * self.config.board.size
        for number in self.history:
            counts[self.config.board.column_of(number)] += 1
        return counts

    # ------------------------------------------------------------------ actions

    def draw(self) -> int:
        """Draw one of the remaining numbers, uniformly; it is on disk when this returns.

        If the journal cannot be written (JournalWriteError), nothing is drawn and the
        generator is not advanced: the next draw after the disk has room again is the same.
        """
        remaining = self.remaining
        if not remaining:
            raise SessionError("all numbers have been drawn: start a new game (R)")
        seeded = not isinstance(self._rng, random.SystemRandom)
        state = self._rng.getstate() if seeded else None
        number = remaining[self._rng.randrange(len(remaining))]
        try:
            self._journal.append_draw(number)
        except BaseException:
            if state is not None:  # seeded
                self._rng.setstate(state)
            raise
        return number

    @property
    def manual(self) -> bool:
        """Numbers come from a ball cage: asked for at start, or the journal's game is by hand."""
        return self.requested_manual or self._journal.state.manual

    @property
    def typed(self) -> set[int]:
        """The numbers drawn so far that the host typed (manual mode)."""
        return set(self._journal.state.typed)

    def draw_typed(self, number: int) -> int:
        """Call `number`, typed by the host from a ball cage; journaled as typed.

        Raises TypedNumberRefused (nothing recorded) when it is not on the board or was
        already called.
        """
        if not 1 <= number <= self.total:
            raise TypedNumberRefused(
                f"{number} is not on this board: type a number from 1 to {self.total}",
                code="manual_out_of_range",
                n=number,
                total=self.total,
            )
        if number in self.history:
            ball = self.history.index(number) + 1
            raise TypedNumberRefused(
                f"{number} was already called (ball {ball})",
                code="manual_already",
                n=number,
                ball=ball,
            )
        self._journal.append_draw(number, typed=True)
        return number

    def undo(self) -> int:
        """Take back the last draw (journaled as an undo record; the draw stays on record).

        A winner whose bingo came with that ball (`undo_withdraws`) is withdrawn: a `withdraw`
        record follows the undo. Should that write fail, the winner is left out of `winners`
        all the same and the withdrawal is written when the journal is next opened.
        """
        if not self.history:
            raise SessionError("nothing to undo: no number has been drawn yet")
        number = self.history[-1]
        self._journal.append_undo(number)
        try:
            self._withdraw_orphans()
        except JournalError:
            pass  # the undo stands; the winner is out of `winners` and withdrawn at resume
        return number

    def _withdraw_orphans(self) -> None:
        state = self._journal.state
        for winner in list(state.winners):
            if winner.serial in state.orphaned:
                self._journal.append_withdraw(winner.serial, WITHDRAW_UNDO)

    def withdraw_winner(self, serial: int) -> Withdrawal:
        """The host takes recorded winner `serial` back (journaled; recorded again by a check)."""
        if not any(w.serial == serial for w in self.winners):
            raise WinnerRefused(
                f"card {serial} is not a recorded winner",
                code="not_a_winner",
                serial=f"{serial:04d}",
            )
        self._journal.append_withdraw(int(serial), WITHDRAW_HOST)
        return self._journal.state.withdrawn[-1]

    def record_winner(
        self,
        serial: int,
        draw_count: int | None = None,
        *,
        bingo_ball: int | None = None,
        claim_ball: int | None = None,
    ) -> Winner:
        """Journal a confirmed bingo: card `serial` confirmed at ball `draw_count` (default:
        now), with the ball of its first bingo and the ball its player claimed it at, if known."""
        count = len(self.history) if draw_count is None else int(draw_count)
        self._withdraw_orphans()  # (a withdrawal a full disk held back goes first)
        if any(w.serial == serial for w in self.winners):
            raise WinnerRefused(
                f"card {serial} is already a recorded winner",
                code="winner_already",
                serial=f"{serial:04d}",
            )
        # (a claim may come before ball 1: the phone's button is there from the start)
        for ball, lowest in ((count, 1), (bingo_ball, 1), (claim_ball, 0)):
            if ball is not None and not lowest <= ball <= len(self.history):
                raise SessionError(
                    f"a winner at ball {ball} cannot be recorded: {len(self.history)} drawn so far"
                )
        self._journal.append_winner(
            int(serial), count, bingo_ball=bingo_ball, claim_ball=claim_ball
        )
        return self._journal.state.winners[-1]

    def new_game(self) -> None:
        """Keep the current journal aside and start a fresh game in the same file name.

        The new journal is written first; if that fails (a full disk), the current game stays
        open and playable and the error is raised.
        """
        old = self._journal
        path = old.path
        aside: list[Path] = []

        def keep_old() -> None:
            old.close()  # (Windows cannot rename an open file)
            aside.append(set_aside(path))

        try:
            journal = Journal.create(
                path,
                board_signature(self.config),
                self.config.event.title,
                seed=self.seed,
                key_dir=self._key_dir,
                before_replace=keep_old,
                manual=self.manual,
            )
        except JournalError:
            if aside:  # set aside, but the new one could not be put in place: move it back
                aside[0].rename(path)
                if head_path(aside[0]).exists():
                    head_path(aside[0]).rename(head_path(path))
            if old.closed:
                self._journal = Journal.resume(path, old.state, self._key_dir)
            raise
        self._journal = journal
        self.set_aside = aside[0] if aside else None
        self._rng = random.Random(self.seed) if self.seed is not None else secrets.SystemRandom()
        self.resumed = False
        self.resume_message = None
        self.warnings = []

    def close(self) -> None:
        self._journal.close()
        if self._lock is not None:
            self._lock.release()
            self._lock = None


def _refuse_seed(state: JournalState, seed: int | None, path: Path) -> bool:
    """A seeded run never continues secure draws, nor a rehearsal made with another seed."""
    if seed is None or not state.history or state.seed == seed:
        return False
    if state.seed is None:
        raise JournalError(
            f"journal {path} holds {len(state.history)} secure draws: a seeded rehearsal never "
            "continues them. Drop --seed (and event.seed) to resume the show, or give the "
            "rehearsal its own --journal",
            code="seed_on_secure",
            path=str(path),
            n=len(state.history),
        )
    raise JournalError(
        f"journal {path} is a rehearsal with seed {state.seed}, not {seed}: give the same "
        "seed to resume it, or another --journal",
        code="seed_mismatch",
        path=str(path),
        seed=state.seed,
    )
