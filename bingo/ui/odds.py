"""Live odds: computed away from the UI thread by the probability engine (the panel that shows
them is bingo.ui.odds_panel).

`OddsService` runs every computation in a worker process by default (numba kernels hold the
GIL, so a thread would still stall the reel's frames; a process cannot), one job at a time so
warm-up, curve and per-draw stats never compete; results come back through queued signals. A
thread worker is the fallback (and what tests use with a fake engine). Results are cached by the
set of drawn numbers, and the display asks for the post-landing state as soon as a spin starts,
so the panel updates at the landing without waiting.

With a card registry every figure is about the registered cards: the per-draw stats are their
exact next-draw figures, and instead of the random-card curve (computed once) each drawn set
gets the registered cards' curve to their next bingo, attached to its cached result (`curve`)
once computed (newest drawn set first, after any pending stats).

Once, after the curve, the prize figures of the start screen (`prizes_ready`): when the first
bingo and the last prize (the number of event.prizes) are expected for the cards in play.
"""

from __future__ import annotations

import dataclasses
import itertools
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Qt, QTimer, Signal

from bingo.config import Config
from bingo.ui import odds_jobs

if TYPE_CHECKING:  # (imported when the engine starts, after the show's first frame)
    from concurrent.futures import ThreadPoolExecutor

WARMING, READY, UNAVAILABLE = "warming", "ready", "unavailable"
PROCESS, THREAD = "process", "thread"
WORKER_TIMEOUT_S = 180.0  # a first run compiles the engine's kernels, which takes a while


@dataclass(frozen=True)
class OddsResult:
    """Everything the panel shows for one set of drawn numbers."""

    drawn: frozenset[int]
    stats: Any | None  # bingo.probability.NextDrawStats
    registry: Any | None  # cards.check.RegistryStats
    error: str | None
    seconds: float
    curve: Any | None = None  # with a registry: its RegistryCurve for these drawn numbers


class _ResultCache(dict):
    """Results by drawn set. The display reads it directly (`get`) to show a drawn set again,
    e.g. after an undo; with a registry, a curve still missing for that set is queued then."""

    def __init__(self, on_read: Callable[[frozenset[int]], None]) -> None:
        super().__init__()
        self._on_read = on_read

    def get(self, key: frozenset[int], default: Any = None) -> Any:
        value = super().get(key, default)
        if key in self:
            self._on_read(key)
        return value

    def peek(self, key: frozenset[int]) -> OddsResult | None:
        """The result for `key` without queueing anything."""
        return super().get(key)


def _odds_thread() -> ThreadPoolExecutor:
    """The thread mode's one worker thread. A Python executor, not a QThreadPool: Qt destroys
    a pool with its window and waits there for a running job while holding the GIL, which the
    job (Python) needs to finish: the show froze for ever when a window closed during a long
    registry curve. A job still running after `shutdown` ends in the background; the
    interpreter waits for it at exit with the GIL free."""
    from concurrent.futures import ThreadPoolExecutor

    return ThreadPoolExecutor(max_workers=1, thread_name_prefix="bingo-odds")


class _WorkerProcess:
    """One engine process fed through a pipe; `terminate` always works (it shares no locks).

    (multiprocessing.Pool was used before: its terminate() hangs forever when a worker died
    holding the queue's lock, e.g. after a SIGTERM to the whole process group.)
    """

    def __init__(self, cards: list | None) -> None:
        import multiprocessing  # (when the engine starts, after the show's first frame)

        context = multiprocessing.get_context("spawn")
        self._conn, child = context.Pipe()
        self._process = context.Process(
            target=odds_jobs.serve, args=(child, cards), name="bingo-odds", daemon=True
        )
        self._process.start()
        child.close()
        self._callbacks: dict[int, tuple[Callable, Callable]] = {}
        self._lock = threading.Lock()
        self._tokens = itertools.count(1)
        self._reader = threading.Thread(target=self._read, name="bingo-odds-reader", daemon=True)
        self._reader.start()

    def apply_async(
        self, fn: Callable, args: tuple, callback: Callable, error_callback: Callable
    ) -> None:
        token = next(self._tokens)
        with self._lock:
            self._callbacks[token] = (callback, error_callback)
        self._conn.send((token, fn, args))

    def _read(self) -> None:
        while True:
            try:
                token, ok, value = self._conn.recv()
            except (EOFError, OSError):
                break
            with self._lock:
                callback, error_callback = self._callbacks.pop(token, (None, None))
            if callback is not None:
                (callback if ok else error_callback)(value)
        with self._lock:
            pending, self._callbacks = list(self._callbacks.values()), {}
        for _, error_callback in pending:
            error_callback(RuntimeError("the odds worker process stopped"))

    def terminate(self) -> None:
        with self._lock:
            self._callbacks.clear()
        self._process.kill()
        self._process.join(2)
        self._conn.close()


class OddsService(QObject):
    """Asks the probability engine for numbers in a worker; never blocks the UI thread."""

    state_changed = Signal(str)
    result_ready = Signal(object)  # OddsResult
    curve_ready = Signal(object)  # FirstBingoCurve or None
    prizes_ready = Signal(object)  # PrizeCurves (the start screen's first and last prize)
    warning = Signal(str)
    _finished = Signal(int, object, object)  # token, result, error (from the worker side)

    def __init__(
        self,
        config: Config,
        registry_cards: Iterable | None = None,
        module_name: str = "bingo.probability",
        mode: str = PROCESS,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.config = config
        self.registry_cards = list(registry_cards) if registry_cards is not None else None
        self.module_name = module_name
        self.mode = mode
        self.state = WARMING
        self.reason = ""
        self.curve = None
        self.prizes = None  # PrizeCurves for `prize_question()`, once computed
        self.cache: dict[frozenset[int], OddsResult] = _ResultCache(self._want_registry_curve)
        b = config.board
        self._board = (b.size, b.numbers_per_column, b.threshold, b.free_center)
        self._pool: _WorkerProcess | None = None  # the engine process (process mode)
        self._threads: ThreadPoolExecutor | None = None
        self._queue: list[frozenset[int]] = []
        self._curve_queue: list[frozenset[int]] = []  # registry curves wanted, newest last
        self._handlers: dict[int, Callable[[Any, Any], None]] = {}
        self._tokens = itertools.count(1)
        self._busy = False
        self._started = False
        self._curve_wanted = False
        self._prizes_wanted = False
        self._stopped = threading.Event()  # set by shutdown: a late job tells nobody
        self._finished.connect(self._on_finished, Qt.ConnectionType.QueuedConnection)

    # ---------------------------------------------------------------- public
    def start(self) -> None:
        """Start the worker and warm the engine up (the panel says calculating… meanwhile)."""
        if self._started:
            return
        self._started = True
        if self.mode == PROCESS:
            try:
                self._pool = _WorkerProcess(self.registry_cards)
            except Exception as exc:
                self.reason = f"odds worker process unavailable ({exc}); using a thread"
                self.mode = THREAD
        if self.mode == THREAD:
            odds_jobs.init(self.registry_cards, in_worker_process=False)
            self._threads = _odds_thread()
        self._curve_wanted = self.registry_cards is None  # else: one curve per drawn set
        self._prizes_wanted = True
        self._submit(odds_jobs.warm_up, (self.module_name, self._board), self._on_warm)
        if self._pool is not None:
            QTimer.singleShot(round(WORKER_TIMEOUT_S * 1000), self._check_worker)

    def _check_worker(self) -> None:
        """A worker process that never answers the warm-up: carry on with a thread."""
        if self.state != WARMING or self._pool is None:
            return
        self.reason = (
            f"the odds worker process did not answer in {WORKER_TIMEOUT_S:g} s; "
            "computing in a thread instead"
        )
        self._pool.terminate()
        self._pool = None
        self._handlers.clear()
        self.mode = THREAD
        odds_jobs.init(self.registry_cards, in_worker_process=False)
        self._threads = _odds_thread()
        self.warning.emit(self.reason)
        self._submit(odds_jobs.warm_up, (self.module_name, self._board), self._on_warm)

    def request(self, drawn: Iterable[int]) -> None:
        """Compute the odds for `drawn`; `result_ready` follows (at once when cached)."""
        key = frozenset(drawn)
        if key in self.cache:
            self.result_ready.emit(self.cache[key])
            self._want_registry_curve(key)
            return
        if key in self._queue:
            return
        self._queue.append(key)
        del self._queue[:-3]  # only the newest states matter
        if not self._busy and self._started:
            self._next_job()

    def shutdown(self) -> None:
        """Stop the worker (a long computation is abandoned)."""
        self._stopped.set()
        if self._pool is not None:
            self._pool.terminate()
            self._pool = None
        if self._threads is not None:  # the queued jobs dropped; a running one ends by itself
            self._threads.shutdown(wait=False, cancel_futures=True)
            self._threads = None

    def prize_question(self) -> tuple[int, int]:
        """(cards, prizes) of the start screen's figures: the registry's cards (else the
        configured cards in play) and the number of event.prizes (at least 1, at most cards)."""
        cards = len(self.registry_cards) if self.registry_cards else None
        cards = cards or self.config.event.cards_in_play
        return cards, min(max(len(self.config.event.prizes), 1), cards)

    @property
    def busy(self) -> bool:
        return self._busy

    # ---------------------------------------------------------------- worker plumbing
    def _submit(self, fn: Callable, args: tuple, handler: Callable[[Any, Any], None]) -> None:
        token = next(self._tokens)
        self._handlers[token] = handler
        self._busy = True
        signal, stopped = self._finished, self._stopped

        def emit(*values: Any) -> None:
            if stopped.is_set():  # shut down meanwhile: the service may be gone
                return
            try:
                signal.emit(*values)
            except RuntimeError:  # the display was closed meanwhile: nobody to tell
                pass

        if self._pool is not None:
            try:
                self._pool.apply_async(
                    fn,
                    args,
                    callback=lambda r: emit(token, r, None),
                    error_callback=lambda e: emit(token, None, e),
                )
                return
            except Exception as exc:
                emit(token, None, exc)
                return

        def run() -> None:
            try:
                outcome = (fn(*args), None)
            except BaseException as exc:
                outcome = (None, exc)
            emit(token, *outcome)

        if self._threads is not None:
            self._threads.submit(run)

    def _on_finished(self, token: int, result: Any, error: Any) -> None:
        handler = self._handlers.pop(token, None)
        self._busy = False
        if handler is not None:
            handler(result, error)
        if not self._busy:
            self._next_job()

    def _on_warm(self, _result: Any, error: Any) -> None:
        if error is None:
            state = READY
        elif isinstance(error, ModuleNotFoundError):
            state = UNAVAILABLE
            self.reason = f"probability engine not installed ({error})"
        else:
            state = UNAVAILABLE
            self.reason = f"probability engine failed to start: {error}"
        self.state = state
        self.state_changed.emit(state)

    def _on_stats(self, key: frozenset[int], result: Any, error: Any) -> None:
        if error is not None:
            value = OddsResult(key, None, None, f"odds: {error}", 0.0)
        else:
            stats, registry, errors, seconds = result
            value = OddsResult(key, stats, registry, "; ".join(errors) or None, seconds)
        self.cache[key] = value
        if len(self.cache) > 256:
            self.cache.pop(next(iter(self.cache)))
        self.result_ready.emit(value)
        self._want_registry_curve(key)

    def _want_registry_curve(self, key: frozenset[int]) -> None:
        """Queue the registered cards' curve for `key` (with a registry, once its stats are in)."""
        cached = self.cache.peek(key)
        if self.registry_cards is None or cached is None or cached.stats is None:
            return
        if cached.curve is not None:
            return
        if key in self._curve_queue:
            self._curve_queue.remove(key)
        self._curve_queue.append(key)
        del self._curve_queue[:-2]  # only the newest states matter
        if not self._busy and self._started:
            self._next_job()

    def _on_registry_curve(self, key: frozenset[int], result: Any, error: Any) -> None:
        if error is not None:
            self.reason = f"curve: {error}"
            self.warning.emit(self.reason)
            return
        cached = self.cache.peek(key)
        if cached is not None:
            self.cache[key] = dataclasses.replace(cached, curve=result)
        self.curve = result
        self.curve_ready.emit(result)

    def _on_prizes(self, result: Any, error: Any) -> None:
        """No figures when the engine cannot say (a threshold beyond it): the line stays off."""
        self.prizes = result if error is None else None
        if self.prizes is not None:
            self.prizes_ready.emit(self.prizes)

    def _on_curve(self, result: Any, error: Any) -> None:
        if error is not None:
            self.reason = f"curve: {error}"
        self.curve = result if error is None else None
        self.curve_ready.emit(self.curve)

    def _next_job(self) -> None:
        if self.state == WARMING or self._busy:
            return
        if self._queue:
            key = self._queue.pop(0)
            if key in self.cache:
                self.result_ready.emit(self.cache[key])
                self._next_job()
                return
            self._submit(
                odds_jobs.stats,
                (
                    self.module_name,
                    key,
                    self._board,
                    self.config.event.cards_in_play,
                    self.state == READY,
                ),
                lambda result, error, key=key: self._on_stats(key, result, error),
            )
        elif self._curve_queue and self.state == READY:
            key = self._curve_queue.pop()
            cached = self.cache.peek(key)
            if cached is None or cached.curve is not None:
                self._next_job()
                return
            self._submit(
                odds_jobs.registry_curve,
                (key, self._board),
                lambda result, error, key=key: self._on_registry_curve(key, result, error),
            )
        elif self._curve_wanted and self.state == READY:
            self._curve_wanted = False
            self._submit(
                odds_jobs.curve,
                (self.module_name, self._board, self.config.event.cards_in_play),
                self._on_curve,
            )
        elif self._prizes_wanted and self.state == READY:
            self._prizes_wanted = False
            self._submit(
                odds_jobs.prizes,
                (self.module_name, self._board, *self.prize_question()),
                self._on_prizes,
            )
