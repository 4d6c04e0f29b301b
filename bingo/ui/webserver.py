"""`bingo draw --serve` keeps one phones' server (`bingo serve`) running for the whole show.

The server is a separate process, so a crash of the web side never touches the show. Its state
is read from `<journal>.serve` (bingo.serve_lock), which the server holds locked while it runs:

- at start, a server left running by a show that crashed (same journal) is adopted and watched,
  not fought over the port; one on another port or address than configured is stopped and
  replaced, so the join code on the wall stays right;
- a server that dies is started again at once; if it dies again before it has run for a while
  (STABLE_SECONDS), the next start waits 1 s, then 2, 4 ... up to 30 s; it is never given up
  on; the host is told on the terminal and in the operator window if it keeps dying;
- a server that hangs (stopped with SIGSTOP, its loop stuck) is killed and started again like
  one that died: a running server touches `<journal>.serve` every second from its loop
  (bingo.web.command.alive); one untouched for HUNG_SECONDS (or not up STARTUP_GRACE after its
  start) is hung. The file, not an HTTP probe: a probe would wait behind a flood the guard
  holds back, and a flood must not get the server killed;
- a port taken by another program is one line for the host (the audience view never shows
  host warnings); the show keeps trying in case that program goes away. An address or port
  the system refuses (web.bind not this computer's, a port below 1024) is one line too, with
  the setting to change;
- `serving` (and `serving_changed`) says whether phones reach this show's server now: its
  server (own or adopted) is alive, says in `.serve` that it listens, and touches it. The join QR on
  the projector (bingo.ui.joinbadge) is shown only then, so the room is never sent to another
  program on the port.
"""

from __future__ import annotations

import errno
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal

from bingo.serve_lock import ServerInfo, running_server, serve_lock_path
from bingo.web.command import ALREADY_SERVED, HUNG_SECONDS, PORT_IN_USE

SERVER_CHECK_MS = 250
FIRST_DELAY = 1.0  # seconds before the second restart in a row; doubled after each death
MAX_DELAY = 30.0
STABLE_SECONDS = 10.0  # a server that served this long was no crash loop: restart at once
KEEPS_DYING = 3  # deaths in a row before the host is told the phones are mostly away
REPEAT_EVERY = 10  # after that, a line every so many deaths (not one per restart)
STOP_WAIT = 5.0
STARTUP_GRACE = 30.0  # a started server not up (its .serve not written) by then is hung
SUSPENDED_AFTER = HUNG_SECONDS / 2  # the show's own check this late: the show was not running
SERVER_NICE = 5  # added to a server's niceness: the show's reel first (issue 44.3)
TABLES_BIND = "127.0.0.1"  # bingo.web.tables.LOOPBACK (not imported: it loads aiohttp)

# What the host is told (terminal and operator window), in the event's language.
SERVER_TEXT = {
    "ja": {
        "runs_again": "スマホ用サーバーがまた動いています",
        "adopted_gone": "前回のショーが残したスマホ用サーバーが止まりました：ショー自身のサーバーを起動します（スマホは自動で再接続します）",
        "adopted": "前回のショーが残したスマホ用サーバー（pid {pid}、{where}）がこの記録ファイルを配信中です：ショーはそれを見守り、止まったら自分のサーバーを起動します",
        "port": "ポート {port}",
        "its_port": "そのポート",
        "start_failed": "スマホ用サーバーを起動できません：{reason}",
        "replace_where": "前回のショーが残したスマホ用サーバーは {old} で待ち受けています（config.toml では {new}）：入れ替えます（スマホは自動で再接続します）",
        "replace_args": "前回のショーが残したスマホ用サーバーは別の設定またはカード登録ファイルで起動されています：入れ替えます（スマホは自動で再接続します）",
        "died": "スマホ用サーバーが止まりました（終了コード {code}）：{when}起動し直します",
        "now": "すぐに",
        "later": "{delay:g} 秒後に",
        "keeps_dying": "スマホ用サーバーが止まり続けています（終了コード {code}、{n} 回続けて）：スマホは抽選を追えません。{delay:g} 秒ごとに起動し直します（サーバーのメッセージはターミナルに出ています）",
        "hung": "スマホ用サーバーが {seconds:g} 秒以上応答しません：止めて起動し直します（スマホは自動で再接続します）",
        "port_taken": "スマホがつながりません：ポート {port} を別のプログラムが使っています。そのプログラムを閉じるか、config.toml の web.port を別の番号にしてください（最長 {every:g} 秒ごとに再試行します）",
        "bind_refused": 'スマホがつながりません：アドレス {bind} はこのパソコンのものではありません。config.toml の web.bind を "0.0.0.0" かこのパソコンのアドレスにしてください（QR コードは出しません）',
        "port_refused": "スマホがつながりません：ポート {port} を使う権限がありません。config.toml の web.port を 1024 以上（例：8080）にしてください（QR コードは出しません）",
    },
    "en": {
        "runs_again": "the phones' web server runs again",
        "adopted_gone": "the phones' web server left by the previous show stopped: starting the show's own (phones reconnect by themselves)",
        "adopted": "the phones' web server left running by the previous show (pid {pid}, {where}) serves this journal: the show watches it and starts its own if it stops",
        "port": "port {port}",
        "its_port": "its port",
        "start_failed": "the phones' web server could not be started: {reason}",
        "replace_where": "the phones' web server left running by the previous show listens on {old}, not {new} as config.toml says: replacing it (phones reconnect by themselves)",
        "replace_args": "the phones' web server left running by the previous show was started with another config or card registry: replacing it (phones reconnect by themselves)",
        "died": "the phones' web server stopped (exit {code}); starting it again {when}",
        "now": "now",
        "later": "in {delay:g} s",
        "keeps_dying": "the phones' web server keeps stopping (exit {code}, {n} times in a row): phones cannot follow the draw; the show tries again every {delay:g} s (its messages are in the terminal)",
        "hung": "the phones' web server has not answered for {seconds:g} s: stopping it and starting it again (phones reconnect by themselves)",
        "port_taken": "the phones cannot connect: port {port} is used by another program. Close it, or set another web.port in config.toml (trying again every {every:g} s at most)",
        "bind_refused": "the phones cannot connect: address {bind} is not this computer's. Set web.bind in config.toml to \"0.0.0.0\" or this computer's address (no QR code is shown)",
        "port_refused": "the phones cannot connect: port {port} needs administrator rights. Set web.port in config.toml to 1024 or more (e.g. 8080) (no QR code is shown)",
    },
}

# The same lines for the card tables' server (`bingo draw --serve --tables`): it listens on
# this computer's loopback at any free port, behind the phones' server, which forwards /tables/.
TABLES_TEXT = {
    "ja": {
        "runs_again": "テーブル（カードゲーム）のサーバーがまた動いています",
        "adopted_gone": "前回のショーが残したテーブルのサーバーが止まりました：ショー自身のサーバーを起動します（スマホは自動で再接続します）",
        "adopted": "前回のショーが残したテーブルのサーバー（pid {pid}、{where}）が動いています：ショーはそれを見守り、止まったら自分のサーバーを起動します",
        "port": "ポート {port}",
        "its_port": "そのポート",
        "start_failed": "テーブルのサーバーを起動できません：{reason}",
        "replace_where": "前回のショーが残したテーブルのサーバーは {old} で待ち受けています（{new} のはず）：入れ替えます（スマホは自動で再接続します）",
        "replace_args": "前回のショーが残したテーブルのサーバーは別の設定で起動されています：入れ替えます（スマホは自動で再接続します）",
        "died": "テーブルのサーバーが止まりました（終了コード {code}）：{when}起動し直します（抽選はそのまま続きます）",
        "now": "すぐに",
        "later": "{delay:g} 秒後に",
        "keeps_dying": "テーブルのサーバーが止まり続けています（終了コード {code}、{n} 回続けて）：カードゲームは遊べません（抽選は続きます）。{delay:g} 秒ごとに起動し直します（サーバーのメッセージはターミナルに出ています）",
        "hung": "テーブルのサーバーが {seconds:g} 秒以上応答しません：止めて起動し直します（スマホは自動で再接続します）",
        "port_taken": "テーブルのサーバーがポート {port} で待ち受けられません（別のプログラムが使っています）。最長 {every:g} 秒ごとに再試行します",
        "bind_refused": "テーブルのサーバーがアドレス {bind} で待ち受けられません",
        "port_refused": "テーブルのサーバーがポート {port} で待ち受けられません",
    },
    "en": {
        "runs_again": "the card tables' server runs again",
        "adopted_gone": "the card tables' server left by the previous show stopped: starting the show's own (phones reconnect by themselves)",
        "adopted": "the card tables' server left running by the previous show (pid {pid}, {where}) runs: the show watches it and starts its own if it stops",
        "port": "port {port}",
        "its_port": "its port",
        "start_failed": "the card tables' server could not be started: {reason}",
        "replace_where": "the card tables' server left running by the previous show listens on {old}, not {new}: replacing it (phones reconnect by themselves)",
        "replace_args": "the card tables' server left running by the previous show was started with another config: replacing it (phones reconnect by themselves)",
        "died": "the card tables' server stopped (exit {code}); starting it again {when} (the draw goes on)",
        "now": "now",
        "later": "in {delay:g} s",
        "keeps_dying": "the card tables' server keeps stopping (exit {code}, {n} times in a row): the card games cannot be played (the draw goes on); the show tries again every {delay:g} s (its messages are in the terminal)",
        "hung": "the card tables' server has not answered for {seconds:g} s: stopping it and starting it again (phones reconnect by themselves)",
        "port_taken": "the card tables' server cannot listen on port {port}: another program uses it (trying again every {every:g} s at most)",
        "bind_refused": "the card tables' server cannot listen on address {bind}",
        "port_refused": "the card tables' server cannot listen on port {port}",
    },
}


class ServerProcess(QObject):
    """The phones' server: started, adopted or replaced, and kept running while the show runs.

    `journal` names the journal served (default: the `--journal` in `argv`); `port` / `bind`,
    when given, are where the server must listen (an adopted server elsewhere is replaced).
    The same watch keeps the card tables' server (bingo.web.tables_serve) for `bingo draw
    --serve --tables`: `lock` its `<journal>.tables`, `texts` TABLES_TEXT.
    `clock` is injectable so tests can step the back-off without waiting for it.
    """

    serving_changed = Signal(bool)  # phones reach the show's server (True) or not (False)

    def __init__(
        self,
        argv: list[str],
        warn: Callable[[str], None],
        parent: QObject | None = None,
        *,
        journal: Path | None = None,
        port: int | None = None,
        bind: str | None = None,
        clock: Callable[[], float] = time.monotonic,
        wall: Callable[[], float] = time.time,
        language: str = "en",
        lock: Path | None = None,
        texts: dict[str, dict[str, str]] = SERVER_TEXT,
    ) -> None:
        super().__init__(parent)
        self.text = texts.get(language, texts["ja"])
        self.argv = argv
        self._warn = warn
        self.journal = journal if journal is not None else _journal_in(argv)
        # the file the server holds locked and touches (its sign of life): the phones' server's
        # `<journal>.serve` by default, the tables' `<journal>.tables` (TABLES_TEXT's server)
        self.lock_path = serve_lock_path(self.journal) if lock is None else lock
        self.port = port
        self.bind = bind
        self.clock = clock
        self.wall = wall  # compared with the .serve file's time (the server's sign of life)
        self.hangs = 0  # hung servers killed so far
        self.process: subprocess.Popen | None = None
        self.adopted: ServerInfo | None = None
        self.deaths = 0  # deaths in a row (reset once a server has run STABLE_SECONDS)
        self.delay = 0.0  # before the next restart: 0 after a server that ran a while
        self.next_start: float | None = None  # when the next attempt is due (after a death)
        self.last_delay: float | None = None  # the wait planned after the last death
        self._started_at = 0.0
        self._started_wall = 0.0
        self._hung_killed = False  # its death was our kill of a hung server (already said)
        self._port_taken_said = False
        self._replacing: ServerInfo | None = None
        self._replace_deadline = 0.0
        self._last_look: float | None = None  # wall time of the previous check
        self._awake_since = 0.0  # wall time the show last woke from a suspension
        self.suspensions = 0  # times the show found itself suspended (its checks late)
        self.serving = False  # phones reach this show's server now (the join QR is shown)
        self._serving_pid: int | None = None  # the server seen serving
        self._refusal_said: str | None = None
        self._timer = QTimer(self)
        self._timer.timeout.connect(self.check)
        self.companions: list[ServerProcess] = []  # stopped with it (the card tables' server)

    # ------------------------------------------------------------------ life cycle

    def start(self) -> None:
        self._timer.start(SERVER_CHECK_MS)
        self._launch()

    def stop(self) -> None:
        """At the end of the show: its server goes too (an adopted one included), and the
        servers watched beside it (`companions`)."""
        for companion in self.companions:
            companion.stop()
        self._timer.stop()
        process, self.process = self.process, None
        if process is not None and process.poll() is None:
            process.terminate()
            try:
                process.wait(STOP_WAIT)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        adopted, self.adopted = self.adopted, None
        if adopted is not None:
            self._end_other(adopted, wait=True)
        self._set_serving(False)

    def _running(self) -> ServerInfo | None:
        """The server holding the lock now (own or another's), or None."""
        return running_server(self.journal, path=self.lock_path)

    @property
    def running(self) -> bool:
        """A server (the show's own or an adopted one) is up now, as far as the show knows."""
        own = self.process is not None and self.process.poll() is None
        return own or self.adopted is not None

    # ------------------------------------------------------------------ watching

    def check(self) -> None:
        """One look (the timer calls this every 250 ms): react to what changed."""
        self._note_own_time()
        if self._replacing is not None:
            self._continue_replacing()
        elif self.process is not None:
            self._check_hung()
            self._check_own()
        elif self.adopted is not None:
            self._check_hung()
            self._check_adopted()
        elif self.next_start is not None and self.clock() >= self.next_start:
            self._launch()
        self._check_serving()

    def _check_serving(self) -> None:
        """Serving: the server's process is alive, says in `.serve` that it listens (bingo serve
        writes "listening" once it does: ServeLock.listening) and has touched the file lately
        (a hung one is not serving); a server gone, or one still starting, is not."""
        own = self.process if self.process is not None and self.process.poll() is None else None
        pid = own.pid if own is not None else self.adopted.pid if self.adopted else None
        if pid is None or self._replacing is not None:
            self._set_serving(False)
            return
        try:
            touched: float | None = self.lock_path.stat().st_mtime
        except OSError:
            touched = None
        if not self._fresh(touched) or pid != self._serving_pid:
            self._serving_pid = None  # (another server than the one seen serving: ask again)
            self._set_serving(False)
            if touched is None or not self._fresh(touched):
                return
        if not self.serving:  # (the file is read only until it says so)
            info = self._running()
            if info is not None and info.pid == pid and info.listening:
                self._serving_pid = pid
                self._set_serving(True)

    def _fresh(self, touched: float | None) -> bool:
        if touched is None:
            return False
        return self.wall() - max(touched, self._awake_since) < HUNG_SECONDS

    def _set_serving(self, serving: bool) -> None:
        if serving != self.serving:
            self.serving = serving
            if serving:
                self._refusal_said = None
            self.serving_changed.emit(serving)

    def _check_own(self) -> None:
        assert self.process is not None
        code = self.process.poll()
        if self.deaths and self.clock() - self._started_at >= STABLE_SECONDS:
            if code is None and (self.deaths >= KEEPS_DYING or self._port_taken_said):
                self._warn(self.text["runs_again"])
            self.deaths, self.delay, self._port_taken_said = 0, 0.0, False
        if code is None:
            return
        self.process = None
        if code == ALREADY_SERVED:  # another server of this journal took it first: watch it
            self._launch(count_failure=True)  # (or replace it, or count a death if it is gone)
            return
        if code == PORT_IN_USE:
            self._port_taken()
        elif not self._hung_killed and self._refused():
            self.deaths += 1
            self._schedule()
        else:
            self._died(code, said=self._hung_killed)
        self._hung_killed = False
        if self.next_start is not None and self.clock() >= self.next_start:
            self._launch()  # a server that had run a while: at once, not at the next look

    def _note_own_time(self) -> None:
        """A check that comes SUSPENDED_AFTER late means the show itself was not running (stopped
        or the computer asleep): its server, stopped with it, had no chance to touch its file."""
        now = self.wall()
        last, self._last_look = self._last_look, now
        if last is not None and now - last > SUSPENDED_AFTER:
            self.suspensions += 1
            self._awake_since = now

    def _check_hung(self) -> None:
        """Kill the server (own or adopted) if it gave no sign of life for HUNG_SECONDS: it is
        then seen dead (own: its exit; adopted: its lock gone) and started again."""
        pid = self.process.pid if self.process is not None else self.adopted and self.adopted.pid
        if pid is None:
            return
        try:
            touched = self.lock_path.stat().st_mtime
        except OSError:
            touched = 0.0
        now = self.wall()
        if self.process is not None and touched < self._started_wall:  # not up yet
            if now - max(self._started_wall, self._awake_since) < STARTUP_GRACE:
                return
        elif now - max(touched, self._awake_since) < HUNG_SECONDS:
            return  # (the time the show itself was suspended is not the server's)
        self.hangs += 1
        self._hung_killed = True
        self._warn(self.text["hung"].format(seconds=round(now - max(touched, self._started_wall))))
        if self.process is not None:
            self.process.kill()  # SIGKILL ends a stopped process too
            try:
                self.process.wait(STOP_WAIT)
            except subprocess.TimeoutExpired:
                pass
        else:
            _signal(pid, getattr(signal, "SIGKILL", signal.SIGTERM))
            deadline = time.monotonic() + STOP_WAIT
            while time.monotonic() < deadline and self._running() is not None:
                time.sleep(0.02)

    def _check_adopted(self) -> None:
        now = self._running()
        if now is not None and (self.adopted is None or now.pid == self.adopted.pid):
            return
        self.adopted = None
        self._warn(self.text["adopted_gone"])
        self._launch()

    # ------------------------------------------------------------------ starting

    def _launch(self, *, count_failure: bool = False) -> bool:
        """Adopt the journal's running server, or start one. True when a server is up."""
        self.next_start = None
        other = self._running()
        if other is not None:
            if self._elsewhere(other) and other.pid is not None:  # (unnamed: cannot be stopped)
                self._replace(other)
                return False
            if self.adopted is None or self.adopted.pid != other.pid:
                t = self.text
                where = t["port"].format(port=other.port) if other.port else t["its_port"]
                self._warn(t["adopted"].format(pid=other.pid or "?", where=where))
            self.adopted = other
            return True
        if count_failure:  # it said "already served", but nobody is: count it as a death
            self._died(ALREADY_SERVED)
            return False
        try:
            self.process = subprocess.Popen(self.argv, stdin=subprocess.DEVNULL)
        except OSError as exc:
            self._warn(self.text["start_failed"].format(reason=exc))
            self._schedule()
            return False
        _lower_priority(self.process.pid, SERVER_NICE)
        self._started_at = self.clock()
        self._started_wall = self.wall()
        return True

    def _elsewhere(self, info: ServerInfo) -> bool:
        """An adoptable server listens where the config says (unknown counts as elsewhere) and
        was started as this show would start it (the same config and registry). With web.port
        = 0 (any free port) any port it says it got will do."""
        if self.port is not None and info.port != self.port:
            if self.port != 0 or info.port is None:
                return True
        if self.bind is not None and info.bind != self.bind:
            return True
        wanted = _bingo_args(self.argv)
        return wanted is not None and info.args is not None and list(info.args) != wanted

    def _replace(self, other: ServerInfo) -> None:
        port = other.port if self.port == 0 else self.port  # 0: any port will do
        if (other.port, other.bind) != (port, self.bind):
            old, new = f"{other.bind}:{other.port}", f"{self.bind}:{self.port or '*'}"
            self._warn(self.text["replace_where"].format(old=old, new=new))
        else:
            self._warn(self.text["replace_args"])
        self.adopted = None
        self._replacing = other
        self._replace_deadline = self.clock() + STOP_WAIT
        self._end_other(other, wait=False)

    def _continue_replacing(self) -> None:
        other = self._replacing
        assert other is not None
        if self._running() is None:
            self._replacing = None
            self._launch()
        elif self.clock() >= self._replace_deadline:
            _signal(other.pid, getattr(signal, "SIGKILL", signal.SIGTERM))
            self._replace_deadline = self.clock() + STOP_WAIT

    def _end_other(self, info: ServerInfo, *, wait: bool) -> None:
        """Stop a server the show did not start (found by the journal's lock, so it is ours)."""
        if info.pid is None or self._running() is None:
            return
        _signal(info.pid, signal.SIGTERM)
        if not wait:
            return
        deadline = time.monotonic() + STOP_WAIT
        while time.monotonic() < deadline and self._running() is not None:
            time.sleep(0.05)
        if self._running() is not None:
            _signal(info.pid, getattr(signal, "SIGKILL", signal.SIGTERM))

    # ------------------------------------------------------------------ after a death

    def _died(self, code: int | None, *, said: bool = False) -> None:
        self.deaths += 1
        delay = self._schedule()
        if self.deaths == 1 and not said:
            when = self.text["now"] if delay == 0 else self.text["later"].format(delay=delay)
            self._warn(self.text["died"].format(code=code, when=when))
        elif self.deaths == KEEPS_DYING or (
            self.deaths > KEEPS_DYING and (self.deaths - KEEPS_DYING) % REPEAT_EVERY == 0
        ):
            self._warn(self.text["keeps_dying"].format(code=code, n=self.deaths, delay=delay))

    def _port_taken(self) -> None:
        self.deaths += 1
        self._schedule()
        if not self._port_taken_said:
            self._port_taken_said = True
            port = self.port if self.port is not None else "web.port"
            self._warn(self.text["port_taken"].format(port=port, every=MAX_DELAY))

    def _refused(self) -> bool:
        """A server that stopped because the system refuses its address or port (web.bind not
        this computer's, a port that needs administrator rights): one line for the host, with
        the setting to change, said once until it serves. False for any other death."""
        if self.port is None or self.bind is None:
            return False
        key = bind_refusal(self.bind, self.port)
        if key is None:
            return False
        if self._refusal_said != key:
            self._refusal_said = key
            self._warn(self.text[key].format(bind=self.bind, port=self.port))
        return True

    def _schedule(self) -> float:
        """Plan the next attempt after the current delay: at once after a server that ran a
        while, then FIRST_DELAY, doubling up to MAX_DELAY while it keeps dying."""
        delay = self.last_delay = self.delay
        self.next_start = self.clock() + delay
        self.delay = min(max(self.delay * 2, FIRST_DELAY), MAX_DELAY)
        return delay


def bind_refusal(bind: str, port: int) -> str | None:
    """Why this computer refuses to listen on `bind`:`port` ("bind_refused": not its address;
    "port_refused": a port it needs administrator rights for), or None (it could listen, or the
    port is merely taken, which `bingo serve` reports itself)."""
    try:
        infos = socket.getaddrinfo(bind or None, port, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError):
        return "bind_refused"
    family, kind, proto, _name, address = infos[0]
    try:
        with socket.socket(family, kind, proto) as probe:
            probe.bind(address)
    except OSError as exc:
        if exc.errno in (errno.EADDRNOTAVAIL, errno.EINVAL):
            return "bind_refused"
        if exc.errno in (errno.EACCES, errno.EPERM):
            return "port_refused"
    return None


def _lower_priority(pid: int, by: int) -> None:
    """The server's niceness raised by `by` (a process may lower another of its own user's
    priority): the show's reel keeps its frames when the phones load at once. Not on Windows."""
    getpriority = getattr(os, "getpriority", None)
    setpriority = getattr(os, "setpriority", None)
    if getpriority is None or setpriority is None:
        return
    try:
        setpriority(os.PRIO_PROCESS, pid, min(19, getpriority(os.PRIO_PROCESS, pid) + by))
    except OSError:
        pass  # (it ended meanwhile: seen at the next check)


def _signal(pid: int | None, sig: int) -> None:
    if pid is None or pid == os.getpid():
        return
    try:
        os.kill(pid, sig)
    except (OSError, ProcessLookupError):
        pass


def _bingo_args(argv: list[str]) -> list[str] | None:
    """The arguments after `python -m bingo` (as `bingo serve` records its own), if so run."""
    if len(argv) > 3 and argv[1:3] == ["-m", "bingo"]:
        return argv[3:]
    return None


def _journal_in(argv: list[str]) -> Path:
    if "--journal" not in argv:
        raise ValueError("ServerProcess needs the journal (give journal=, or --journal in argv)")
    return Path(argv[argv.index("--journal") + 1])


def serve_argv(
    config_path: str, journal: Path, registry: str | None, *, tables: bool = False
) -> list[str]:
    argv = [sys.executable, "-m", "bingo", "serve", "--config", config_path]
    argv += ["--journal", str(journal)]
    if registry:
        argv += ["--registry", registry]
    if tables:  # it forwards /tables/ to the card tables' server (bingo.web.tables)
        argv += ["--tables"]
    return argv


def tables_argv(config_path: str, journal: Path) -> list[str]:
    """The card tables' server (bingo.web.tables_serve: games serve without its window, on
    loopback, behind the phones' server)."""
    argv = [sys.executable, "-m", "bingo.web.tables_serve", "--config", config_path]
    return argv + ["--journal", str(journal)]


def tables_process(
    config: Any, journal: Path, warn: Callable[[str], None], parent: QObject | None
) -> ServerProcess:
    """`bingo draw --serve --tables`: the card tables' server, started now and kept running by
    the same watch as the phones' server (`<journal>.tables` its lock and sign of life)."""
    from bingo.serve_lock import tables_lock_path

    process = ServerProcess(
        tables_argv(str(config.path), journal),
        warn,
        parent,
        journal=journal,
        lock=tables_lock_path(journal),
        port=0,  # any free port, on loopback only: phones reach it through the phones' server
        bind=TABLES_BIND,
        language=config.event.language,
        texts=TABLES_TEXT,
    )
    process.start()
    return process
