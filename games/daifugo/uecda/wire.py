"""Reading and writing protocol messages on a socket: whole tables and ints or a ProtocolError
that says what was expected and what arrived."""

from __future__ import annotations

import socket

from eventkit.tomlconf import refused
from games.daifugo.settings import TEXTS
from games.daifugo.uecda.protocol import (
    TABLE_BYTES,
    ProtocolError,
    Table,
    pack_int,
    pack_table,
    unpack_int,
    unpack_table,
)


class Wire:
    """One TCP connection speaking protocol 20070 (tables of 480 bytes, ints of 4)."""

    def __init__(self, sock: socket.socket, peer: str = "the server") -> None:
        self.sock = sock
        self.peer = peer
        try:  # many small messages, each answered: do not let Nagle hold them back
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        except OSError:
            pass

    def _read(self, n: int, what: str) -> bytes:
        buf = bytearray()
        while len(buf) < n:
            try:
                chunk = self.sock.recv(n - len(buf))
            except TimeoutError:
                raise refused(
                    TEXTS,
                    "wire_timeout",
                    ProtocolError,
                    peer=self.peer,
                    what=what,
                    got=len(buf),
                    n=n,
                ) from None
            except OSError as exc:
                raise refused(
                    TEXTS, "wire_failed", ProtocolError, peer=self.peer, what=what, reason=exc
                ) from None
            if not chunk:
                start = ": " + buf[:16].hex() if buf else ""
                raise refused(
                    TEXTS,
                    "wire_closed",
                    ProtocolError,
                    peer=self.peer,
                    what=what,
                    got=len(buf),
                    n=n,
                    start=start,
                )
            buf.extend(chunk)
        return bytes(buf)

    def read_table(self, what: str) -> Table:
        return unpack_table(self._read(TABLE_BYTES, what))

    def read_int(self, what: str) -> int:
        return unpack_int(self._read(4, what))

    def send_table(self, table: Table) -> None:
        self._send(pack_table(table))

    def send_int(self, value: int) -> None:
        self._send(pack_int(value))

    def _send(self, data: bytes) -> None:
        try:
            self.sock.sendall(data)
        except OSError as exc:
            raise refused(TEXTS, "wire_send", ProtocolError, peer=self.peer, reason=exc) from None

    def close(self) -> None:
        try:
            self.sock.close()
        except OSError:
            pass
