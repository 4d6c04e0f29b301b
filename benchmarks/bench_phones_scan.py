"""1,000 phones scan their card's QR within one second: `bingo serve` beside nginx, same bytes.

  python benchmarks/bench_phones_scan.py [--phones 1000] [--spread 1.0] [--runs 3] [--clients 4]

Each phone opens its QR's address (`/card/<code>?t=<token>`), then as a browser does, over at
most 6 kept-alive connections from its own loopback address: the page's style and script, its
card (`/api/card/<code>`, what the page's feed brings first) and the card's 24 pictures. Phone i
scans at i/phones x spread seconds after the start. The phones are asyncio clients spread over
--clients processes (a plain HTTP/1.1 client on asyncio streams: far cheaper than aiohttp's, so
it measures the server, not itself: its figure against nginx is the floor of this machine).

nginx (one worker process, as `bingo serve` is one process; sendfile, no access log) serves the
very bytes `bingo serve` answered for those addresses, copied into its folder, on a port held
free by this script. Both are run in turns in the same minutes; printed for each:
  * time until every phone has its card and pictures, from the first scan (min / median / max
    over the runs)
  * the slowest 1 % of phones, each timed from its own scan (the 99th percentile, worst run)
  * the server's CPU seconds (user + system) for those phones (median of the runs)
  * the connection attempts the kernel dropped: ListenOverflows + ListenDrops of TcpExt in
    /proc/net/netstat over the run (the whole machine's count: other programs' listen queues
    would show too), and the phones' connections that had to send a packet again (TCP_INFO)
Linux only (loopback 127/8, /proc). Needs nginx (apt-get install -y nginx).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import multiprocessing
import os
import re
import resource
import shutil
import signal
import socket
import statistics
import struct
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

import bench_web  # noqa: E402  (the event folder, the server process, the phones' addresses)

from bingo import cardcode  # noqa: E402
from bingo.config import load_config  # noqa: E402

BROWSER_CONNECTIONS = 6
TOTAL_RETRANS = 100  # offset of tcpi_total_retrans in Linux's struct tcp_info


# ---------------------------------------------------------------- the phones (client processes)
class _Answers(asyncio.Protocol):
    """One kept-alive HTTP/1.1 connection of a phone's browser, parsed in place: a protocol,
    not asyncio streams (a quarter of their cost a request), so the clients measure the server."""

    def __init__(self) -> None:
        self.transport: asyncio.Transport | None = None
        self.buffer = bytearray()
        self.waiter: asyncio.Future[tuple[int, bytes, bool]] | None = None
        self.closed = False

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]

    def data_received(self, data: bytes) -> None:
        self.buffer += data
        if self.waiter is not None and not self.waiter.done():
            self._answer()

    def connection_lost(self, exc: BaseException | None) -> None:
        self.closed = True
        if self.waiter is not None and not self.waiter.done():
            self.waiter.set_exception(ConnectionResetError("closed by the server"))

    def ask(self, request: bytes) -> asyncio.Future[tuple[int, bytes, bool]]:
        self.waiter = asyncio.get_running_loop().create_future()
        if self.closed or self.transport is None:
            self.waiter.set_exception(ConnectionResetError("closed by the server"))
        else:
            self.transport.write(request)
        return self.waiter

    def _answer(self) -> None:
        buffer = self.buffer
        end = buffer.find(b"\r\n\r\n")
        if end < 0:
            return
        head = bytes(buffer[:end]).lower()
        length = 0
        at = head.find(b"\r\ncontent-length:")
        if at >= 0:
            stop = head.find(b"\r\n", at + 2)
            length = int(head[at + 17 : stop if stop >= 0 else len(head)])
        elif b"\r\ntransfer-encoding:" in head:
            assert self.waiter is not None
            self.waiter.set_exception(ValueError("a chunked answer (this client reads lengths)"))
            return
        if len(buffer) < end + 4 + length:
            return
        body = bytes(buffer[end + 4 : end + 4 + length])
        del buffer[: end + 4 + length]
        status = int(head[9:12])
        keep = b"\r\nconnection: close" not in head
        assert self.waiter is not None
        self.waiter.set_result((status, body, keep))


class Browser:
    """A phone's browser: up to 6 kept-alive HTTP/1.1 connections from its own address."""

    def __init__(self, port: int, local: str) -> None:
        self.port, self.local = port, local
        self.idle: list[_Answers] = []
        self.retried = 0  # connections whose TCP sent a packet again (a dropped SYN or ACK)
        self.connections = 0
        self.received = 0
        self._all: list[_Answers] = []

    async def _connect(self) -> _Answers:
        loop = asyncio.get_running_loop()
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setblocking(False)
        try:
            sock.bind((self.local, 0))
            await loop.sock_connect(sock, ("127.0.0.1", self.port))
            _, conn = await loop.create_connection(_Answers, sock=sock)
        except BaseException:
            sock.close()
            raise
        self.connections += 1
        self._all.append(conn)
        return conn

    async def get(self, path: str) -> tuple[int, bytes]:
        request = (
            f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\n"
            "User-Agent: phone\r\nAccept: */*\r\n\r\n"
        ).encode()
        for attempt in (1, 2):  # a kept-alive connection closed under us is tried once more
            conn = self.idle.pop() if self.idle else await self._connect()
            try:
                status, body, keep = await conn.ask(request)
            except (OSError, ValueError):
                self._done_with(conn)
                if attempt == 2:
                    raise
                continue
            if keep and not conn.closed:
                self.idle.append(conn)
            else:
                self._done_with(conn)
            self.received += len(body)
            return status, body
        raise AssertionError("unreachable")

    async def get_all(self, paths: list[str]) -> list[tuple[int, bytes]]:
        """`paths` as a browser loads them: over at most 6 connections, each taking the next."""
        answers: list[tuple[int, bytes]] = [(0, b"")] * len(paths)
        queue = list(enumerate(paths))[::-1]

        async def lane() -> None:
            while queue:
                i, path = queue.pop()
                answers[i] = await self.get(path)

        lanes = min(BROWSER_CONNECTIONS, len(paths))
        if lanes == 1:
            await lane()
        else:
            await asyncio.gather(*(lane() for _ in range(lanes)))
        return answers

    def _done_with(self, conn: _Answers) -> None:
        self._note_retrans(conn)
        if conn.transport is not None:
            conn.transport.close()

    def _note_retrans(self, conn: _Answers) -> None:
        transport = conn.transport
        if transport is None or getattr(conn, "noted", False):
            return
        conn.noted = True  # type: ignore[attr-defined]
        sock = transport.get_extra_info("socket")
        try:
            info = sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_INFO, TOTAL_RETRANS + 4)
            if struct.unpack_from("I", info, TOTAL_RETRANS)[0]:
                self.retried += 1
        except (OSError, AttributeError, struct.error):
            pass

    def close(self) -> None:
        for conn in self._all:
            self._done_with(conn)


async def _phone(job: dict[str, Any], port: int, scan: float, out: dict[str, Any]) -> None:
    await asyncio.sleep(max(0.0, scan - time.time()))
    out["scan"] = time.time()
    browser = Browser(port, job["local"])
    try:
        async with asyncio.timeout(120):
            status, _ = await browser.get(job["page"])
            if status != 200:
                raise ValueError(f"page {status}")
            answers = await browser.get_all(job["assets"])
            if any(s != 200 for s, _ in answers):
                raise ValueError("an asset was not served")
            await browser.get_all(job["pictures"])  # (a number without a picture: 404)
        out["done"] = time.time()
    except (OSError, ValueError, TimeoutError) as exc:
        out["error"] = type(exc).__name__ + (f" {exc}" if isinstance(exc, ValueError) else "")
    finally:
        browser.close()
        out["retried"] = browser.retried
        out["connections"] = browser.connections
        out["bytes"] = browser.received


def _client_process(jobs: list[dict[str, Any]], port: int, pipe: Any) -> None:
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    pipe.send("ready")
    start = pipe.recv()

    async def run() -> list[dict[str, Any]]:
        outs: list[dict[str, Any]] = [{} for _ in jobs]
        await asyncio.gather(
            *(_phone(j, port, start + j["offset"], o) for j, o in zip(jobs, outs, strict=True))
        )
        return outs

    try:  # a faster event loop for the clients when installed (pip install uvloop)
        import uvloop

        factory = uvloop.new_event_loop
    except ImportError:
        factory = None
    with asyncio.Runner(loop_factory=factory) as runner:
        pipe.send(runner.run(run()))


def client_loop() -> str:
    try:
        import uvloop  # noqa: F401
    except ImportError:
        return "asyncio (pip install uvloop for a faster client)"
    return "uvloop"


def run_phones(jobs: list[dict[str, Any]], port: int, clients: int) -> tuple[float, list[dict]]:
    """Every phone scans at its offset after a common start; (start, each phone's result)."""
    context = multiprocessing.get_context("fork")
    pipes, processes = [], []
    for c in range(clients):
        mine, theirs = context.Pipe()
        process = context.Process(target=_client_process, args=(jobs[c::clients], port, theirs))
        process.start()
        pipes.append(mine)
        processes.append(process)
    for pipe in pipes:
        assert pipe.recv() == "ready"
    start = time.time() + 0.3
    for pipe in pipes:
        pipe.send(start)
    results: list[dict] = []
    for pipe in pipes:
        results.extend(pipe.recv())
    for process in processes:
        process.join()
    return start, results


# ---------------------------------------------------------------- measuring
def listen_drops() -> int:
    lines = Path("/proc/net/netstat").read_text().splitlines()
    for names, values in zip(lines[::2], lines[1::2], strict=False):
        if names.startswith("TcpExt:"):
            table = dict(zip(names.split()[1:], map(int, values.split()[1:]), strict=True))
            return table.get("ListenOverflows", 0) + table.get("ListenDrops", 0)
    return 0


def children_cpu() -> float:
    """CPU seconds (user + system) of this script's children that have ended."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def cpu_of(pids: list[int]) -> float:
    total = 0.0
    for pid in pids:
        with contextlib.suppress(OSError):
            total += bench_web.cpu_seconds(pid)
    return total


def one_run(
    name: str, port: int, pids: list[int], jobs: list[dict], clients: int
) -> dict[str, Any]:
    drops, cpu, clients_cpu = listen_drops(), cpu_of(pids), children_cpu()
    start, results = run_phones(jobs, port, clients)
    drops, cpu = listen_drops() - drops, cpu_of(pids) - cpu
    clients_cpu = children_cpu() - clients_cpu  # the client processes, joined: all of theirs
    done = [r for r in results if "done" in r]
    own = sorted(r["done"] - r["scan"] for r in done)
    errors = sorted({r["error"] for r in results if "error" in r})
    return {
        "name": name,
        "all": (max(r["done"] for r in done) - start) if len(done) == len(results) else None,
        "served": len(done),
        "p99": own[max(0, int(len(own) * 0.99) - 1)] if own else float("nan"),
        "median": statistics.median(own) if own else float("nan"),
        "cpu": cpu,
        "clients_cpu": clients_cpu,
        "drops": drops,
        "retried": sum(r.get("retried", 0) for r in results),
        "connections": sum(r.get("connections", 0) for r in results),
        "bytes": sum(r.get("bytes", 0) for r in results),
        "errors": errors,
    }


def show_run(r: dict[str, Any], phones: int) -> None:
    every = f"{r['all']:.2f} s" if r["all"] is not None else f"only {r['served']}/{phones} served"
    print(
        f"  {r['name']:<12} all phones done {every}; per phone median {r['median']:.2f} s, "
        f"slowest 1 % {r['p99']:.2f} s; server CPU {r['cpu']:.2f} s (clients "
        f"{r['clients_cpu']:.2f} s); listen drops "
        f"{r['drops']}; connections {r['connections']} ({r['retried']} sent a packet again); "
        f"{r['bytes'] / 1e6:.1f} MB"
        + (f"; errors: {', '.join(r['errors'])}" if r["errors"] else "")
    )


# ---------------------------------------------------------------- the servers
def phone_jobs(event: bench_web.Event, phones: int, spread: float) -> list[dict[str, Any]]:
    config = load_config(event.config_path)
    key = cardcode.load_key(config.event.title, create=False)
    jobs = []
    for i, (card, code) in enumerate(zip(event.cards, event.codes, strict=True)):
        token = cardcode.card_token(key, card.serial)
        jobs.append(
            {
                "local": bench_web.phone_address(i),
                "offset": spread * i / phones,
                "page": f"/card/{code}?t={token}",
                "assets": ["/static/app.css", "/static/app.js", f"/api/card/{code}?t={token}"],
                "pictures": [],  # from the card's answer: the addresses its page loads
            }
        )
    return jobs


def picture_paths(card_json: bytes, numbers: list[int]) -> list[str]:
    """The pictures the page loads for this card: each cell's `image`, else /img/<n>."""
    found = re.findall(rb'"image"\s*:\s*"([^"]+)"', card_json)
    paths = [f.decode() for f in found if f.startswith(b"/")]
    return paths or [f"/img/{n}" for n in numbers]


async def fetch_all(port: int, paths: list[str]) -> dict[str, tuple[int, bytes]]:
    browser = Browser(port, "127.0.0.1")
    answers = {}
    for path in paths:
        answers[path] = await browser.get(path)
    browser.close()
    return answers


def alone(job: dict[str, Any], port: int) -> float:
    """Seconds one phone takes to load everything with no other phone about (best of 3)."""
    times = []
    for _ in range(3):
        out: dict[str, Any] = {}
        asyncio.run(_phone(job, port, 0.0, out))
        if "done" not in out:
            raise SystemExit(f"one phone alone was not served: {out.get('error')}")
        times.append(out["done"] - out["scan"])
    return min(times)


def copy_for_nginx(answers: dict[str, tuple[int, bytes]], www: Path) -> None:
    """The bytes of every 200 where nginx finds them; its 404s say what ours say."""
    for path, (status, body) in answers.items():
        if status != 200:
            if status == 404:
                (www.parent / "404.txt").write_bytes(body)
            continue
        target = www / path.split("?", 1)[0].lstrip("/")
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(body)


NGINX_CONF = """
worker_processes 1;
daemon off;
pid {dir}/nginx.pid;
error_log {dir}/error.log;
{user}
events {{ worker_connections 16384; }}
http {{
    access_log off;
    sendfile on;
    tcp_nopush on;
    keepalive_timeout 10;
    keepalive_requests 1000;
    client_body_temp_path {dir}/tmp_body;
    proxy_temp_path {dir}/tmp_proxy;
    fastcgi_temp_path {dir}/tmp_fastcgi;
    uwsgi_temp_path {dir}/tmp_uwsgi;
    scgi_temp_path {dir}/tmp_scgi;
    default_type application/octet-stream;
    types {{ text/css css; application/javascript js; }}
    server {{
        listen 127.0.0.1:{port} backlog=4096;
        root {dir}/www;
        error_page 404 /404.txt;
        location = /404.txt {{ root {dir}; internal; }}
        location /card/ {{ default_type text/html; }}
        location /api/ {{ default_type application/json; }}
        location /img/ {{ default_type image/webp; }}
    }}
}}
"""


def start_nginx(folder: Path, port: int) -> subprocess.Popen:
    conf = folder / "nginx.conf"
    user = "user root;" if os.geteuid() == 0 else ""  # reads this script's private folder
    conf.write_text(NGINX_CONF.format(dir=folder, port=port, user=user))
    nginx = subprocess.Popen(
        [shutil.which("nginx") or "nginx", "-c", str(conf), "-p", str(folder)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    return nginx


def nginx_pids(master: int) -> list[int]:
    children = Path(f"/proc/{master}/task/{master}/children")
    with contextlib.suppress(OSError):
        return [master, *map(int, children.read_text().split())]
    return [master]


def wait_listening(port: int, timeout: float = 60.0) -> None:
    deadline = time.time() + timeout
    while time.time() < deadline:
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.05)
    raise SystemExit(f"nothing answers on port {port} after {timeout:.0f} s")


def free_port() -> int:
    """A port free now for nginx (it cannot take port 0 and report it): a benchmark's choice."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--phones", type=int, default=1000)
    parser.add_argument("--spread", type=float, default=1.0, help="seconds the scans spread over")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--clients", type=int, default=4, help="client processes")
    args = parser.parse_args()
    if not shutil.which("nginx"):
        raise SystemExit("nginx is not installed: apt-get install -y nginx")
    bench_web.raise_own_file_limit()
    args.phones = max(1, min(args.phones, 2000))
    print(
        f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} / "
        f"{os.getloadavg()[1]:.1f} (1 / 5 min); somaxconn "
        f"{Path('/proc/sys/net/core/somaxconn').read_text().strip()}; {args.phones} phones "
        f"scanning within {args.spread:g} s, {args.clients} client processes on "
        f"{client_loop()}, {args.runs} runs"
    )
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        folder.chmod(0o755)
        event = bench_web.Event(folder, args.phones)
        server = event.start_server()
        nginx = None
        try:
            wait_listening(event.port)
            jobs = phone_jobs(event, args.phones, args.spread)
            # every address the phones load, answered once by bingo serve: nginx gets the bytes
            first = asyncio.run(
                fetch_all(event.port, sorted({p for j in jobs for p in [j["page"], *j["assets"]]}))
            )
            for job, numbers in zip(jobs, event.numbers, strict=True):
                job["pictures"] = picture_paths(first[job["assets"][-1]][1], numbers)
            first.update(
                asyncio.run(fetch_all(event.port, sorted({p for j in jobs for p in j["pictures"]})))
            )
            www = folder / "www"
            copy_for_nginx(first, www)
            port = free_port()
            nginx = start_nginx(folder, port)
            wait_listening(port)
            again = asyncio.run(fetch_all(port, sorted(first)))
            differ = [p for p, (status, body) in first.items() if again[p] != (status, body)]
            if differ:
                raise SystemExit(
                    f"nginx does not answer {len(differ)} addresses as bingo serve: {differ[:3]}"
                )
            lone = {
                name: alone(jobs[0], p)
                for name, p in (("bingo serve", event.port), ("nginx", port))
            }
            print(
                f"each phone: its page, {len(jobs[0]['assets'])} assets (style, script, its "
                f"card) and {len(jobs[0]['pictures'])} pictures; {len(first)} distinct "
                f"addresses, {sum(len(b) for _, b in first.values()) / 1e6:.1f} MB copied for "
                "nginx (1 worker process), which answers every one of them with the same status "
                "and bytes"
            )
            floor = args.spread * (args.phones - 1) / args.phones + lone["nginx"]
            print(
                f"one phone alone: bingo serve {lone['bingo serve'] * 1000:.0f} ms, nginx "
                f"{lone['nginx'] * 1000:.0f} ms; so no client can see every phone done before "
                f"{floor:.2f} s (the last scan at {args.spread * (args.phones - 1) / args.phones:.2f}"
                " s, then one phone's load on nginx)"
            )
            runs: dict[str, list[dict]] = {"bingo serve": [], "nginx": []}
            for n in range(1, args.runs + 1):
                print(f"run {n} (load average {os.getloadavg()[0]:.1f}):")
                for name in ("bingo serve", "nginx"):
                    if name == "nginx":
                        r = one_run(name, port, nginx_pids(nginx.pid), jobs, args.clients)
                    else:
                        r = one_run(name, event.port, [server.pid], jobs, args.clients)
                    runs[name].append(r)
                    show_run(r, args.phones)
                    time.sleep(1.0)  # the last connections' TIME_WAIT and the sweep settle
            print("summary (min / median / max over the runs):")
            figures = {}
            for name, rs in runs.items():
                alls = [r["all"] for r in rs if r["all"] is not None]
                every = (
                    f"{min(alls):.2f} / {statistics.median(alls):.2f} / {max(alls):.2f} s"
                    if len(alls) == len(rs)
                    else f"{len(rs) - len(alls)} run(s) left phones unserved"
                )
                figures[name] = statistics.median(alls) if alls else float("nan")
                print(
                    f"  {name:<12} every phone has its card and pictures: {every}; slowest 1 % "
                    f"from their own scan {max(r['p99'] for r in rs):.2f} s (worst run); server "
                    f"CPU {statistics.median(r['cpu'] for r in rs):.2f} s, clients "
                    f"{statistics.median(r['clients_cpu'] for r in rs):.2f} s (median); listen drops "
                    f"{sum(r['drops'] for r in rs)} in all; connections sent again "
                    f"{sum(r['retried'] for r in rs)}"
                )
            print(
                f"  the clients keep up when nginx's median {figures['nginx']:.2f} s is near the "
                f"floor {floor:.2f} s (every phone scanned, then one phone's load)"
            )
            ratio = figures["bingo serve"] / figures["nginx"]
            print(
                f"  ratio (median, ours / nginx): {ratio:.2f}x  (target <= 1.3x: "
                f"{'OK' if ratio <= 1.3 else 'MISSED'}); load average at the end "
                f"{os.getloadavg()[0]:.1f}"
            )
        finally:
            if nginx is not None:
                nginx.send_signal(signal.SIGQUIT)
                try:
                    nginx.wait(10)
                except subprocess.TimeoutExpired:
                    nginx.kill()
            server.send_signal(signal.SIGTERM)
            try:
                server.wait(10)
            except subprocess.TimeoutExpired:
                server.kill()
            bench_web.stop_servers()
            event.show.close()


if __name__ == "__main__":
    main()
