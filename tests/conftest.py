"""Test setup: Qt runs offscreen; grabs of screens go to tests/output/ for people to look at."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import hang_guard
import pytest
import tiers
from hang_guard import pytest_runtest_protocol  # noqa: F401 (hook)
from qt_waits import give_qt_waits_time

ROOT = Path(__file__).resolve().parent.parent
OUTPUT_DIR = ROOT / "tests" / "output"


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--fast",
        action="store_true",
        help="the fast tier: leave out the tests marked slow and play the smaller samples "
        "(tests/tiers.py); the whole run is without it",
    )


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """`-n auto`: two workers per core, not one. Many tests wait on what they start (a real
    `bingo draw` or `games serve`, Chromium, a server's answer), and a worker that waits leaves
    its core idle: with one worker per core the CPU idled about a third of the whole run on this
    2-core machine; with two per core, never (vmstat, 7 Dec)."""
    return 2 * (os.cpu_count() or 1)


def pytest_configure(config: pytest.Config) -> None:
    hang_guard.pytest_configure(config)
    give_qt_waits_time()
    tiers.FAST = bool(config.getoption("--fast"))


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    measured = _measured_slow()
    for item in items:
        if item.nodeid in measured:
            item.add_marker(pytest.mark.slow)
    if not tiers.FAST:
        if os.environ.get("PYTEST_XDIST_WORKER"):
            items.sort(key=_longest_first)
        return
    slow = [item for item in items if _slow(item)]
    if slow:
        config.hook.pytest_deselected(items=slow)
        items[:] = [item for item in items if not _slow(item)]


def _measured_slow() -> set[str]:
    """The tests tests/slow_tests.txt names: measured at 2 s or more in a fast-tier run."""
    lines = (ROOT / "tests" / "slow_tests.txt").read_text(encoding="utf-8").splitlines()
    return {line.split("#")[0].strip() for line in lines if line.split("#")[0].strip()}


def _longest_first(item: pytest.Item) -> int:
    """The whole run under xdist starts the long tests first (browsers, then the other slow ones;
    a stable sort keeps each group's order): xdist's worksteal hands each worker a half of the
    list and lets an idle worker take the back of another's queue, so the run ends on quick tests
    instead of one worker finishing a minute-long browser game while the other waits."""
    if item.get_closest_marker("browser"):
        return 0
    return 1 if _slow(item) or _given_long(item) else 2


def _given_long(item: pytest.Item) -> bool:
    """A test given more than the default time limit is long in the whole run, though the fast
    tier may run a small sample of it (the wire test: 200 seeded games, 4 in the fast tier)."""
    marker = item.get_closest_marker("timeout")
    limit = marker.args[0] if marker is not None and marker.args else 0
    return isinstance(limit, (int, float)) and limit > 180


def _slow(item: pytest.Item) -> bool:
    """Left out of the fast tier: marked slow, or driving Chromium (slow by nature)."""
    return any(item.get_closest_marker(name) for name in ("slow", "browser"))


@pytest.fixture(autouse=True)
def _private_data_dir(tmp_path_factory, monkeypatch):
    """Journals and chip balances written by tests never touch the real user data folder."""
    monkeypatch.setenv("PUYO_EVENT_DATA_DIR", str(tmp_path_factory.mktemp("userdata")))


@pytest.fixture(autouse=True)
def _quiet_show(request, monkeypatch):
    """A show window (bingo.ui.voice.Voice) made in a test runs as with `voice = false`:
    config.toml's `voice = true` started a voice worker process (python -m bingo.ui.voice,
    espeak-ng) in every DisplayWindow, its CPU taken from the tests and its stop waited for
    at every close. The tests about the voice (marked `voice`: tests/test_caller_voice.py)
    keep it; the S key still starts it in any test. Processes a test starts (bingo draw)
    read their config as they are."""
    if request.node.get_closest_marker("voice") is None:
        from bingo.ui import voice  # Qt-free until a Voice is made

        real = voice.Voice.__init__

        def quiet(self, language, enabled, *args, **kwargs):
            real(self, language, False, *args, **kwargs)

        monkeypatch.setattr(voice.Voice, "__init__", quiet)


@pytest.fixture(autouse=True)
def _config_language():
    """Each test starts as a new command does: config messages in Japanese until it reads a
    config file (reading one sets its language for the rest of the test only)."""
    from eventkit.tomlconf import speaking

    with speaking("ja"):
        yield


@pytest.fixture(scope="session")
def qapp(qapp_args, qapp_cls):
    """pytest-qt's application, with the shipped font as its default as every command's
    `eventkit.qtruntime.make_app` sets it: screens render (and are grabbed) as the audience
    sees them, also on a machine without Japanese system fonts."""
    from eventkit.fonts import register_qt_fonts

    app = qapp_cls.instance() or qapp_cls(qapp_args)
    register_qt_fonts()
    return app


@pytest.fixture
def output_dir() -> Path:
    """Folder for PNG grabs of screens (ignored by git)."""
    OUTPUT_DIR.mkdir(parents=True, exist_ok=True)
    return OUTPUT_DIR


@pytest.fixture
def repo_root() -> Path:
    return ROOT


@pytest.fixture(scope="session")
def nobody():
    """The project's Python run as the unprivileged user nobody (see tests/unprivileged.py)."""
    if os.geteuid() != 0:
        pytest.skip("needs root to run the project as the user nobody")
    from unprivileged import make_nobody

    runner = make_nobody()
    yield runner
    shutil.rmtree(runner.folder, ignore_errors=True)


@pytest.fixture
def no_tables_in_memory():
    """The odds tables this process built are kept in memory too (lru_cache): forget them
    before, so a command under test really builds (and writes) them, and after, so a later
    test's data folder gets its file."""
    from bingo.probability._tables import transitions

    transitions.cache_clear()
    yield
    transitions.cache_clear()


@pytest.fixture(scope="session")
def _odds_tables_folder(tmp_path_factory) -> Path:
    """Where the run keeps odds tables built for `odds_tables_built`: one folder for all of
    xdist's workers (their base folders' parent is the run's), so each board is built once."""
    base = tmp_path_factory.getbasetemp()
    folder = (base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base) / "odds-tables"
    folder.mkdir(exist_ok=True)
    return folder


@pytest.fixture
def odds_tables_built(_odds_tables_folder, monkeypatch):
    """`put(size, threshold)`: the board's odds tables in this test's data folder's cache, as a
    host finds them after `bingo cards` or check-config built them (bingo.probability._tables
    reads and checks the file as always). Built once a run (a 10x10 board: ~4 s each time, once
    in every worker and again after each test that empties the tables kept in memory), for
    tests about something else than building them; tests/test_probability.py's cache tests
    and tests/test_cards_odds_ready.py build them."""
    import fcntl

    from bingo.probability import _tables
    from eventkit.paths import user_data_dir

    def put(size: int, threshold: int) -> None:
        mine = _tables._cache_path(size, threshold)  # in this test's data folder
        assert mine is not None and mine.parent == user_data_dir() / "cache"
        with open(_odds_tables_folder / "lock", "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)  # one worker builds, the others wait and copy
            with monkeypatch.context() as env:
                env.setenv("PUYO_EVENT_DATA_DIR", str(_odds_tables_folder / "data"))
                shared = _tables._cache_path(size, threshold)
                assert shared is not None
                if not shared.is_file():  # built (or taken from memory) and saved once
                    tables = _tables.transitions(size, threshold)
                    if not shared.is_file():  # a small board's: transitions keeps it in memory
                        _tables._save(shared, tables)
        shutil.copyfile(shared, mine)

    return put
