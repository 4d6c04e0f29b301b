"""The show's side of the phones' web server: side files and the server's own process.

- Each time what the audience sees changes (a landing, an undo, a new game) the show appends a
  line to `<journal>.shown`, and touches it every few seconds while it runs: the server shows a
  number only after the reel landed, and says "paused" when the show stops.
- Claims the server writes to `<journal>.claims` are read here and listed for the operator;
  the operator's verdict goes to `<journal>.verdicts` for the server to pass on.
- `bingo draw --serve` starts `bingo serve` as a separate process: a crash of the web side
  never touches the show; it is started again a few times if it dies.

Nothing here may stop the show: a side file that cannot be written is one warning.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QFont, QPainter
from PySide6.QtWidgets import QWidget

from bingo.showlink import (
    ALIVE_SECONDS,
    LineFollower,
    ShownWriter,
    append_line,
    claims_path,
    game_id,
    now_text,
    verdicts_path,
)
from bingo.ui.art import fit_font
from bingo.web.command import PORT_IN_USE

CLAIM_POLL_MS = 500
SERVER_CHECK_MS = 2000
SERVER_RESTARTS = 5


class ShowLink(QObject):
    """Keeps `<journal>.shown` up to date and brings in the phones' claims."""

    claim_received = Signal(dict)

    def __init__(self, controller, warn: Callable[[str], None], parent: QObject | None = None):
        super().__init__(parent)
        self.controller = controller
        self.session = controller.session
        self._warn = warn
        self._failed = False
        self.writer = ShownWriter(self.journal)
        self._new_game = False
        self._claims = LineFollower(claims_path(self.journal))
        self.claims: list[dict] = []
        controller.revealed_changed.connect(self._on_revealed)
        controller.game_reset.connect(self._on_game_reset)
        self._alive = QTimer(self)
        self._alive.timeout.connect(self._touch)
        self._alive.start(round(ALIVE_SECONDS * 1000))
        self._claim_timer = QTimer(self)
        self._claim_timer.timeout.connect(self.poll_claims)
        self._claim_timer.start(CLAIM_POLL_MS)
        self._on_revealed()  # a resumed show shows its history at once
        self._claims.read_new()  # claims of earlier runs are not asked again

    @property
    def journal(self) -> Path:
        return Path(self.session.journal_path)

    def _guard(self, action: Callable[[], None]) -> None:
        try:
            action()
        except OSError as exc:
            if not self._failed:
                self._failed = True
                self._warn(f"the phones' side file next to the journal cannot be written: {exc}")
            return
        self._failed = False

    def _on_game_reset(self) -> None:
        self._new_game = True
        self.claims.clear()

    def _on_revealed(self) -> None:
        new_game, self._new_game = self._new_game, False
        revealed = list(self.controller.revealed)
        self._guard(lambda: self.writer.write(revealed, new_game=new_game))

    def _touch(self) -> None:
        self._guard(self.writer.touch)

    def poll_claims(self) -> None:
        game = game_id(self.journal)
        for line in self._claims.read_new():
            if line.get("game") == game and isinstance(line.get("serial"), int):
                self.claims.append(line)
                self.claim_received.emit(line)

    def write_verdict(self, claim: dict, verdict: str, count: int) -> None:
        """The operator's verdict on `claim` ("bingo" or "not_bingo"), for the phone."""
        line = {
            "game": claim.get("game"),
            "claim": claim.get("claim"),
            "serial": claim.get("serial"),
            "verdict": verdict,
            "count": count,
            "time": now_text(),
        }
        self._guard(lambda: append_line(verdicts_path(self.journal), line, sync=True))

    def stop(self) -> None:
        self._alive.stop()
        self._claim_timer.stop()


class ServerProcess(QObject):
    """`bingo serve` in its own process, restarted a few times if it dies."""

    def __init__(
        self, argv: list[str], warn: Callable[[str], None], parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self.argv = argv
        self._warn = warn
        self.process: subprocess.Popen | None = None
        self.restarts = 0
        self._timer = QTimer(self)
        self._timer.timeout.connect(self._check)

    def start(self) -> None:
        try:
            self.process = subprocess.Popen(self.argv, stdin=subprocess.DEVNULL)
        except OSError as exc:
            self._warn(f"the phones' web server could not be started: {exc}")
            return
        self._timer.start(SERVER_CHECK_MS)

    def _check(self) -> None:
        if self.process is None or self.process.poll() is None:
            return
        code = self.process.returncode
        if code == PORT_IN_USE:  # e.g. the server of a show that was killed: it goes on
            self._timer.stop()
            self._warn(
                "the phones' web server port is taken (an earlier server still running serves "
                "this journal, or change web.port)"
            )
            return
        if self.restarts >= SERVER_RESTARTS:
            self._timer.stop()
            self._warn(f"the phones' web server stopped (exit {code}); the show goes on")
            return
        self.restarts += 1
        self._warn(f"the phones' web server stopped (exit {code}); starting it again")
        self.start()

    def stop(self) -> None:
        self._timer.stop()
        process, self.process = self.process, None
        if process is None or process.poll() is not None:
            return
        process.terminate()
        try:
            process.wait(5)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def serve_argv(config_path: str, journal: Path, registry: str | None) -> list[str]:
    argv = [sys.executable, "-m", "bingo", "serve", "--config", config_path]
    argv += ["--journal", str(journal)]
    if registry:
        argv += ["--registry", registry]
    return argv


# ---------------------------------------------------------------------- claims for the operator

CLAIM_TEXT = {
    "ja": {
        "title": "スマホからのビンゴ申告（V で一番古い未確認を確認）",
        "claim": "{time}  カード {serial}  {registry}{verdict}",
        "reg_bingo": "台帳: ビンゴ",
        "reg_not": "台帳: まだ",
        "reg_none": "台帳なし",
        "verdict_bingo": "  → 確認: ビンゴ",
        "verdict_not": "  → 確認: まだ",
        "notice": "ビンゴ申告: カード {serial}（V で確認）",
        "no_registry": "台帳がないので申告を確認できません（--registry で読み込む）",
        "none_pending": "未確認の申告はありません",
    },
    "en": {
        "title": "Bingo claims from phones (V checks the oldest unchecked)",
        "claim": "{time}  card {serial}  {registry}{verdict}",
        "reg_bingo": "registry: bingo",
        "reg_not": "registry: not yet",
        "reg_none": "no registry",
        "verdict_bingo": "  → checked: bingo",
        "verdict_not": "  → checked: not yet",
        "notice": "Bingo claim: card {serial} (V checks it)",
        "no_registry": "no registry loaded, so claims cannot be checked (use --registry)",
        "none_pending": "no unchecked claims",
    },
}


class ClaimDesk(QObject):
    """The claims from phones: listed for the operator, checked with one key (V).

    The check is the show's own card check (cards.check via the card-check view) against the
    numbers the room has seen; the projector shows it, and the verdict goes back to the phone.
    """

    changed = Signal()

    def __init__(self, window, link: ShowLink, parent: QObject | None = None) -> None:
        super().__init__(parent or window)
        self.window = window
        self.link = link
        self.text = CLAIM_TEXT.get(window.config.event.language, CLAIM_TEXT["ja"])
        self.verdicts: dict[str, str] = {}  # claim id -> "bingo" | "not_bingo"
        link.claim_received.connect(self._on_claim)
        window.controller.revealed_changed.connect(self.changed)
        window.controller.game_reset.connect(self._on_reset)
        window.installEventFilter(self)

    @property
    def registry(self) -> dict | None:
        return self.window.card_view.registry

    def registry_says(self, serial: int) -> str | None:
        """ "bingo" / "not_bingo" from the registry for the numbers shown, None without it."""
        from cards.check import BINGO, check_card

        registry = self.registry
        if registry is None or serial not in registry:
            return None
        result = check_card(
            registry[serial], self.window.controller.revealed, self.window.config.board.threshold
        )
        return "bingo" if result.verdict == BINGO else "not_bingo"

    def describe(self, claim: dict) -> str:
        serial = claim["serial"]
        says = self.registry_says(serial)
        registry = self.text[{"bingo": "reg_bingo", "not_bingo": "reg_not", None: "reg_none"}[says]]
        verdict = self.verdicts.get(str(claim.get("claim")))
        verdict_text = (
            ""
            if verdict is None
            else self.text["verdict_bingo" if verdict == "bingo" else "verdict_not"]
        )
        stamp = _local_time(str(claim.get("time", "")))
        return self.text["claim"].format(
            time=stamp, serial=serial, registry=registry, verdict=verdict_text
        )

    def pending(self) -> list[dict]:
        return [c for c in self.link.claims if str(c.get("claim")) not in self.verdicts]

    def _on_claim(self, claim: dict) -> None:
        self.window.show_notice(self.text["notice"].format(serial=claim["serial"]), "info", 8000)
        self.changed.emit()

    def _on_reset(self) -> None:
        self.verdicts.clear()
        self.changed.emit()

    def check_next(self, claim: dict | None = None) -> str | None:
        """Check `claim` (default: the oldest unchecked): on the projector and for the phone."""
        if claim is None:
            waiting = self.pending()
            if not waiting:
                self.window.show_notice(self.text["none_pending"], "info", 3000)
                return None
            claim = waiting[0]
        serial = claim["serial"]
        verdict = self.registry_says(serial)
        if verdict is None:
            self.window.show_notice(self.text["no_registry"], "warn", 6000)
            return None
        try:  # the room sees the check, as with C
            self.window.open_card_check()
            self.window.card_view.input.setText(str(serial))
            self.window.card_view.check(str(serial))
        except Exception as exc:  # noqa: BLE001 - the verdict still goes to the phone
            self.window.warn(f"card check view: {exc}")
        self.verdicts[str(claim.get("claim"))] = verdict
        self.link.write_verdict(claim, verdict, len(self.window.controller.revealed))
        self._record_winner(serial, verdict)
        self.changed.emit()
        return verdict

    def _record_winner(self, serial: int, verdict: str) -> None:
        """A confirmed bingo goes into the journal (where the journal keeps winners), once."""
        controller = self.window.controller
        record = getattr(controller, "record_winner", None)
        if verdict != "bingo" or record is None:
            return
        winners = getattr(controller.session, "winners", [])
        if any(getattr(w, "serial", None) == serial for w in winners):
            return
        record(serial)

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 (Qt API)
        from PySide6.QtCore import QEvent, Qt

        if (
            event.type() == QEvent.Type.KeyPress
            and event.key() == Qt.Key.Key_V
            and not event.isAutoRepeat()
            and not self.window.card_view.isVisible()
        ):
            self.check_next()
            return True
        return False


def _local_time(text: str) -> str:
    """An ISO time from the server (UTC) as the laptop's clock shows it: `21:04:05`."""
    from datetime import datetime

    try:
        return datetime.fromisoformat(text).astimezone().strftime("%H:%M:%S")
    except ValueError:
        return text[11:19]


def add_claims_panel(operator, desk: ClaimDesk):
    """A list of the claims in the operator window (its own column)."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QLabel, QListWidget, QVBoxLayout

    box = QVBoxLayout()
    box.addWidget(QLabel(desk.text["title"]))
    listing = QListWidget()
    listing.setFocusPolicy(Qt.FocusPolicy.NoFocus)
    box.addWidget(listing)

    def refresh() -> None:
        listing.clear()
        for claim in reversed(desk.link.claims):
            listing.addItem(desk.describe(claim))

    desk.changed.connect(refresh)
    operator.installEventFilter(desk)
    operator.layout().addLayout(box, 3)
    operator.claims_list = listing
    refresh()
    return listing


# ---------------------------------------------------------------------- the join screen

JOIN_TEXT = {
    "ja": ("スマホで自分のカードを見よう", "カードのコードを入力"),
    "en": ("Follow your card on your phone", "then type your card's code"),
}


class JoinBadge(QObject):
    """The QR code and the short address on the projector: over the reel while the show is
    idle (nothing drawn yet), and in a corner of the help overlay."""

    def __init__(self, window, url: str, parent: QObject | None = None) -> None:
        super().__init__(parent or window)
        self.window = window
        self.url = url
        language = window.config.event.language
        self.lines = JOIN_TEXT.get(language, JOIN_TEXT["ja"])
        self.on_reel = _JoinPanel(self, window)
        self.on_help = _JoinPanel(self, window.help)
        c = window.controller
        for signal in (c.revealed_changed, c.spin_started, c.game_reset):
            signal.connect(self.update)
        window.reel.installEventFilter(self)
        window.help.installEventFilter(self)
        self.update()

    @property
    def idle(self) -> bool:
        c = self.window.controller
        return not c.revealed and not c.spinning

    def update(self, *_args) -> None:
        reel = self.window.reel.geometry()
        side = min(reel.width() * 0.86, reel.height() * 0.8)
        self.on_reel.setGeometry(
            round(reel.center().x() - side / 2),
            round(reel.center().y() - side / 2),
            round(side),
            round(side),
        )
        self.on_reel.setVisible(self.idle)
        if self.idle:
            self.on_reel.raise_()
        help_rect = self.window.help.rect()
        side = help_rect.height() * 0.34
        margin = help_rect.height() * 0.04
        self.on_help.setGeometry(
            round(help_rect.right() - side - margin),
            round(help_rect.bottom() - side * 1.05 - margin),
            round(side),
            round(side * 1.05),
        )
        self.on_help.show()
        self.on_help.raise_()

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 (Qt API)
        from PySide6.QtCore import QEvent

        if event.type() in (QEvent.Type.Resize, QEvent.Type.Move, QEvent.Type.Show):
            self.update()
        return False


def _qr_modules(text: str) -> list[list[bool]]:
    import segno

    code = segno.make_qr(text, error="m")
    return [[bool(v) for v in row] for row in code.matrix]


class _JoinPanel(QWidget):
    """A white card with the QR code of the address, a line of text and the address."""

    def __init__(self, badge: JoinBadge, parent: QWidget) -> None:
        super().__init__(parent)
        self.badge = badge
        self.modules = _qr_modules(badge.url)
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents, True)

    def paintEvent(self, event) -> None:  # noqa: N802 (Qt API)
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        w, h = self.width(), self.height()
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(255, 255, 255, 245))
        p.drawRoundedRect(QRectF(0, 0, w, h), w * 0.05, w * 0.05)
        text_h = h * 0.24
        n = len(self.modules) + 8  # a quiet zone of 4 modules on each side
        size = min(w, h - text_h)
        cell = size / n
        x0 = (w - size) / 2 + 4 * cell
        y0 = 4 * cell
        p.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        p.setBrush(QColor("#14101f"))
        for r, row in enumerate(self.modules):
            for c, dark in enumerate(row):
                if dark:
                    p.drawRect(QRectF(x0 + c * cell, y0 + r * cell, cell + 0.5, cell + 0.5))
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        p.setPen(QColor("#14101f"))
        top = size - cell * 2
        lines = (self.badge.lines[0], self.badge.url.removeprefix("http://").rstrip("/"))
        for i, line in enumerate(lines):
            rect = QRectF(w * 0.04, top + i * text_h / 2, w * 0.92, text_h / 2)
            weight = QFont.Weight.Black if i else QFont.Weight.Bold
            p.setFont(fit_font(line, rect, text_h * (0.26 if i == 0 else 0.34), weight))
            p.drawText(rect, Qt.AlignmentFlag.AlignCenter, line)
        p.end()
