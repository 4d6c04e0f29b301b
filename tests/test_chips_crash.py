"""A Daifugō table killed at any moment never costs a seat its fee (games.daifugo.chips).

Real processes play seeded games on one chips file and are killed with SIGKILL: by themselves
at each step of each save (before and after every temporary file, fsync and rename: a process
forked for each step from one Python that imported the games once), and from outside at times
spread over a game. The next bank opened on the file must show the balances
of a moment between games (as if the interrupted game had never started), with no game left
open and no temporary file left behind.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from games.daifugo.chips import ChipBank, fee, room
from games.daifugo.ruleset import Title

NAMES = ["あなた", "CPU-1", "CPU-2", "CPU-3"]
START = 1000

PLAYER = r'''
import os, signal, sys, tempfile

def play(path, games, seed, on_step=None):
    """Seeded games at a table with 4 CPUs (one in the person's seat); the balances between
    games, in order."""
    from games.daifugo.ai import CPU
    from games.daifugo.chips import ChipBank
    from games.daifugo.table import TableSession

    HUMAN = 0

    names = ["あなた", "CPU-1", "CPU-2", "CPU-3"]
    bank = ChipBank(path, start=1000)
    table = TableSession(names=names, cpu_levels=("easy",), seed=seed, bank=bank, delay_ms=0)
    me = CPU("easy", seed=seed)
    states = [{n: bank.balance(n) for n in names}]
    for _ in range(games):
        table.start_game()
        while table.in_game:
            if table.cpu_due:
                table.step_cpu()
            else:
                game = table.game
                table.act(HUMAN, me.choose(game.observation(HUMAN), game.legal_actions()))
            if on_step is not None:
                on_step()
        assert table.save_error is None, table.save_error
        states.append({n: bank.balance(n) for n in names})
    return states


def die_at(step):
    """SIGKILL this process at its `step`-th file operation of a save (before or after it)."""
    count = [0]

    def tick():
        count[0] += 1
        if count[0] == step:
            os.kill(os.getpid(), signal.SIGKILL)

    def wrap(module, name):
        real = getattr(module, name)

        def wrapped(*args, **kwargs):
            tick()
            result = real(*args, **kwargs)
            tick()
            return result

        setattr(module, name, wrapped)

    for module, name in ((os, "fsync"), (os, "replace"), (tempfile, "mkstemp"), (os, "chmod")):
        wrap(module, name)


def reporter(hold):
    """Say each move made ("move N", flushed); at move `hold` wait for a line on stdin (the
    test's kill -9 lands there, provably mid-game)."""
    moves = [0]

    def on_step():
        moves[0] += 1
        print(f"move {moves[0]}", flush=True)
        if moves[0] == hold:
            sys.stdin.readline()

    return on_step


def forks():
    """Each line of stdin ("<chips> <games> <seed> <step> <errors>") played by a child forked
    from this process, the modules imported once before: the child dies at its `step` as a
    process started for it would (`die_at`, set in the child alone). Its end on stdout, "exit N"
    (0 played to the end, 1 an error, minus the signal that ended it), its stderr in <errors>."""
    import traceback

    from games.daifugo import ai, chips, table  # noqa: F401 (imported once, before the forks)

    for line in sys.stdin:
        path, games, seed, step, errors = line.split()
        pid = os.fork()
        if pid == 0:
            os.dup2(os.open(errors, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), 2)
            code = 0
            try:
                if int(step):
                    die_at(int(step))
                play(path, int(games), int(seed))
            except BaseException:
                traceback.print_exc()
                code = 1
            finally:
                sys.stderr.flush()
                os._exit(code)
        _, status = os.waitpid(pid, 0)
        print(f"exit {os.waitstatus_to_exitcode(status)}", flush=True)


if __name__ == "__main__" and sys.argv[1:] == ["--forks"]:
    forks()
elif __name__ == "__main__":
    path, games, seed, step = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
    if step:
        die_at(step)
    play(path, games, seed, on_step=reporter(int(sys.argv[5])) if sys.argv[5:] else None)
    print("DONE", flush=True)
'''

GAMES = 2
SEED = 4


@pytest.fixture(scope="module")
def player(tmp_path_factory) -> Path:
    script = tmp_path_factory.mktemp("player") / "player.py"
    script.write_text(PLAYER, encoding="utf-8")
    return script


@pytest.fixture(scope="module")
def expected(player, tmp_path_factory) -> list[dict]:
    """The balances between games of an unbroken run (the same seeded games, in this process)."""
    namespace: dict = {}
    exec(compile(PLAYER, str(player), "exec"), namespace)
    return namespace["play"](tmp_path_factory.mktemp("unbroken") / "chips.json", GAMES + 2, SEED)


@pytest.fixture(scope="module")
def forks(player):
    """The player's fork server (`forks` in PLAYER): one Python, its modules imported once, a
    real child process per run."""
    root = Path(__file__).resolve().parent.parent
    server = subprocess.Popen(
        [sys.executable, str(player), "--forks"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        cwd=root,
        env=dict(os.environ, PYTHONPATH=str(root)),
    )
    yield server
    assert server.stdin is not None and server.stdout is not None
    server.stdin.close()
    server.wait(30)
    server.stdout.close()


def run_player(forks: subprocess.Popen, path: Path, step: int) -> tuple[int, str]:
    """A child of the fork server plays `GAMES` seeded games on `path`, killing itself with
    SIGKILL at its `step`-th file operation of a save (0: never): its exit code (minus the
    signal) and what it said on stderr."""
    assert forks.stdin is not None and forks.stdout is not None
    errors = path.with_name("player.stderr")
    forks.stdin.write(f"{path} {GAMES} {SEED} {step} {errors}\n")
    forks.stdin.flush()
    said = forks.stdout.readline()
    assert said.startswith("exit "), f"the fork server ended: {said!r}"
    return int(said.split()[1]), errors.read_text("utf-8", "replace")


def after_restart(path: Path) -> tuple[dict, ChipBank]:
    bank = ChipBank(path, start=START)
    return {n: bank.balance(n) for n in NAMES}, bank


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


def test_an_unbroken_run_really_moves_chips(expected):
    assert len(expected) == GAMES + 3
    assert all(a != b for a, b in zip(expected, expected[1:], strict=False))


@pytest.mark.slow
@pytest.mark.process
def test_sigkill_at_every_step_of_every_save_never_costs_a_fee(forks, expected, tmp_path):
    killed_mid_game = 0
    step = 1
    while True:
        folder = tmp_path / f"step{step}"
        folder.mkdir()
        path = folder / "daifugo_chips.json"
        code, errors = run_player(forks, path, step)
        if code == 0:
            break  # past the last save: every step has been a kill point
        assert code == -signal.SIGKILL, errors
        on_file = json.loads(path.read_text("utf-8")) if path.exists() else {}
        killed_mid_game += bool(on_file.get("open"))
        balances, bank = after_restart(path)
        assert balances in expected[: GAMES + 1], f"kill at step {step}: {balances}"
        assert bank.open_games == {}
        assert json.loads(path.read_text("utf-8")).get("open", {}) == {} if path.exists() else True
        assert leftovers(folder) == [], f"kill at step {step}"
        step += 1
    assert step > 8  # the saves really were interrupted at many points
    assert killed_mid_game >= GAMES  # and some kills left a game open, which was refunded


@pytest.mark.slow
@pytest.mark.process
def test_sigkill_from_outside_at_any_moment_leaves_a_state_between_games(
    player, expected, tmp_path
):
    """Killed right after the move it reports, moves spread over the games (the kill lands
    wherever the player is by then: between moves, mid-save, in the next game); the first run
    waits at its reported move, so one kill at least is provably inside a game."""
    root = Path(__file__).resolve().parent.parent
    refunded = 0
    for run in range(8):
        folder = tmp_path / f"run{run}"
        folder.mkdir()
        path = folder / "daifugo_chips.json"
        target = 5 + 45 * run  # over the 4 games (about 350 moves)
        held = target if run == 0 else 0
        child = subprocess.Popen(
            [sys.executable, str(player), str(path), str(GAMES + 2), str(SEED), "0", str(held)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            cwd=root,
            env=dict(os.environ, PYTHONPATH=str(root)),
        )
        assert child.stdout is not None
        for line in child.stdout:  # (a game shorter than thought: it ends, nothing to kill)
            if line == f"move {target}\n":
                break
        child.send_signal(signal.SIGKILL)
        child.wait()
        child.stdout.close()
        child.stdin.close()  # type: ignore[union-attr]
        on_file = json.loads(path.read_text("utf-8")) if path.exists() else {}
        refunded += bool(on_file.get("open"))
        balances, bank = after_restart(path)
        assert balances in expected, f"run {run}: {balances}"
        assert bank.open_games == {} and leftovers(folder) == []
        if on_file.get("open"):
            assert bank.settled == 1 and "fee back" in bank.notice
    assert refunded  # at least one kill fell inside a game


def test_a_game_still_played_by_another_window_is_not_refunded(tmp_path):
    path = tmp_path / "chips.json"
    playing = ChipBank(path, start=START)
    fees = {"あなた": fee(room("beginner"), Title.HEIMIN)}
    game = playing.open_game(fees)
    playing.save()
    other = ChipBank(path, start=START)  # a second table opened meanwhile
    assert other.settled == 0 and game in other.open_games
    assert other.balance("あなた") == START - 100
    playing.close_game(game)  # the first table finishes it: no refund
    playing.save()
    assert ChipBank(path, start=START).balance("あなた") == START - 100
    again = ChipBank(path, start=START)
    game = again.open_game(fees)
    again.save()
    again.close()  # its process ended (the owner lock is let go) with the game open
    later = ChipBank(path, start=START)
    assert later.settled == 1 and later.open_games == {}
    assert later.balance("あなた") == START - 100  # that game's fee back, the first one kept


def test_only_our_own_stale_temporary_files_are_cleaned(tmp_path):
    path = tmp_path / "daifugo_chips.json"
    ours = tmp_path / ".daifugo_chips.json.ab_cd12z.tmp"
    ours.write_text("{}")
    kept = [
        tmp_path / ".daifugo_chips.json.toolong123.tmp",  # not mkstemp's 8 characters
        tmp_path / ".other.json.abcdefgh.tmp",
        tmp_path / "daifugo_chips.json.abcdefgh.tmp",  # no leading dot
    ]
    for file in kept:
        file.write_text("x")
    folder_named_so = tmp_path / ".daifugo_chips.json.abcdefgh.tmp"
    folder_named_so.mkdir()
    link = tmp_path / ".daifugo_chips.json.linklink.tmp"
    link.symlink_to(kept[1])
    ChipBank(path)
    assert not ours.exists()
    assert all(file.exists() for file in kept)
    assert folder_named_so.is_dir() and link.is_symlink()


def test_the_balances_and_their_locks_are_private_whatever_the_umask(tmp_path):
    old = os.umask(0o000)
    try:
        bank = ChipBank(tmp_path / "chips.json")
        game = bank.open_game({"a": 25})
        bank.save()
        owner = tmp_path / f".chips.json.owner-{bank._owner}.lock"
        assert owner.stat().st_mode & 0o777 == 0o600  # while the game is on
        bank.close_game(game)
        bank.save()
    finally:
        os.umask(old)
    for name in ("chips.json", "chips.json.lock"):
        assert (tmp_path / name).stat().st_mode & 0o777 == 0o600, name


def test_a_game_started_over_unfinished_is_closed_not_refunded_later(tmp_path):
    from games.daifugo.table import TableSession

    path = tmp_path / "chips.json"
    names = ["あなた", "CPU-1", "CPU-2"]
    table = TableSession(names=names, seed=2, bank=ChipBank(path, start=START), delay_ms=0)
    table.start_game()
    table.start_game()  # over the first, unfinished (no UI does this; the money must hold)
    assert len(table.bank.open_games) == 1
    table.bank.close()  # the process ends
    after = ChipBank(path, start=START)
    assert after.settled == 1  # only the second game's fees come back
    assert sum(after.balance(n) for n in names) == 3 * START - sum(
        fee for fee in table._fees().values()
    )


def test_no_owner_lock_is_left_between_games(tmp_path):
    path = tmp_path / "chips.json"
    bank = ChipBank(path, start=START)
    game = bank.open_game({"a": 25})
    bank.save()
    assert len(list(tmp_path.glob(".chips.json.owner-*.lock"))) == 1  # held while it plays
    bank.close_game(game)
    bank.save()
    assert list(tmp_path.glob(".chips.json.owner-*.lock")) == []
    game = bank.open_game({"a": 25})  # the next game takes it again
    bank.save()
    assert ChipBank(path, start=START).settled == 0  # still playing: not refunded
