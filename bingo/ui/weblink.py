"""The show's side of the phones' web server: the side files and the claims desk.

- Each time what the audience sees changes (a landing, an undo, a new game) the show appends a
  line to `<journal>.shown`, and touches it every few seconds while it runs: the server shows a
  number only after the reel landed, and says "paused" when the show stops.
- Claims the server writes to `<journal>.claims` are read here and listed for the operator;
  the operator's verdict goes to `<journal>.verdicts` for the server to pass on. A restarted
  show reads both files again: every claim of this game without a verdict is asked again, in
  its original order (a crash must not leave a phone waiting for ever).
- A draw the journal cannot record (a full disk) is said in `<journal>.pause` at once, so the
  phones show the draw paused with the reason (`.shown` alone would say "paused" only after
  PAUSED_AFTER), and one line goes to the host's terminal and operator window; the next draw
  recorded clears it.
- The server's own process is watched in `webserver.py`; the join QR in `joinbadge.py`.

Nothing here may stop the show: a side file that cannot be written is one warning.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject, Qt, QTimer, Signal

from bingo.showlink import (
    ALIVE_SECONDS,
    LineFollower,
    PauseNote,
    ShownWriter,
    append_line,
    claims_path,
    game_id,
    now_text,
    verdicts_path,
)

CLAIM_POLL_MS = 500
WAITING = "waiting"  # check_next: the card was shown, the host did not record it (no verdict)


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
        self.verdicts: dict[str, dict] = {}  # claim id -> verdict line, this game
        controller.revealed_changed.connect(self._on_revealed)
        controller.game_reset.connect(self._on_game_reset)
        self.pause = PauseNote(self.journal)  # made at its size while there is room
        self._guard(self._open_pause)
        journal_failed = getattr(controller, "journal_failed", None)
        if journal_failed is not None:
            journal_failed.connect(self.journal_failed)
        controller.spin_started.connect(self._journal_written)
        self._alive = QTimer(self)
        self._alive.timeout.connect(self._touch)
        self._alive.start(round(ALIVE_SECONDS * 1000))
        self._claim_timer = QTimer(self)
        self._claim_timer.timeout.connect(self.poll_claims)
        self._claim_timer.start(CLAIM_POLL_MS)
        self._on_revealed()  # a resumed show shows its history at once
        self._read_verdicts()
        self.poll_claims()  # claims of an earlier run of this game: those unanswered are asked

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

    def _open_pause(self) -> None:
        self.pause.open()
        self.pause.say(None, game_id(self.journal))  # a crashed show's note no longer holds

    def journal_failed(self, reason: str) -> None:
        """A draw could not be journaled ("disk_full" / "write_failed"): the phones hear the
        draw is paused, and why; the host's terminal gets one line (not one per retry)."""
        if self.pause.reason == reason:
            return
        try:
            self.pause.say(reason, game_id(self.journal))
        except OSError as exc:
            self._warn(f"the phones cannot be told the draw is paused ({reason}): {exc}")
            return
        self._warn(PAUSE_TEXT.get(self.language, PAUSE_TEXT["ja"])[reason])

    def _journal_written(self, *_args) -> None:
        """A draw was journaled again: the phones follow the draw as before."""
        if self.pause.reason is not None:
            self._guard(lambda: self.pause.say(None, game_id(self.journal)))

    @property
    def language(self) -> str:
        config = getattr(self.session, "config", None)
        event = getattr(config, "event", None)
        return str(getattr(event, "language", "ja"))

    def _on_game_reset(self) -> None:
        self._new_game = True
        self.claims.clear()
        self.verdicts.clear()

    def _read_verdicts(self) -> None:
        """The verdicts given so far in this game (by an earlier run of the show)."""
        game = game_id(self.journal)
        for line in LineFollower(verdicts_path(self.journal)).read_new():
            if game is not None and line.get("game") == game and line.get("claim") is not None:
                self.verdicts[str(line["claim"])] = line

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
        self.verdicts[str(claim.get("claim"))] = line
        self._guard(lambda: append_line(verdicts_path(self.journal), line, sync=True))

    def stop(self) -> None:
        self._alive.stop()
        self._claim_timer.stop()


# what the host's terminal and operator window say when the phones are told the draw is paused
PAUSE_TEXT = {
    "ja": {
        "disk_full": "ディスクがいっぱいで抽選を記録できません：スマホには「一時停止中（保存領域がいっぱい）」と表示しています。記録ファイルのあるディスクを空けると次の抽選から続きます",
        "write_failed": "抽選を記録できません：スマホには「一時停止中」と表示しています。記録ファイルの場所を確認してください（次の抽選が記録されると続きます）",
    },
    "en": {
        "disk_full": "the disk is full, no draw can be recorded: phones show the draw paused (out of disk space). Free space on the journal's disk; the next draw goes on",
        "write_failed": "no draw can be recorded: phones show the draw paused. Check the journal's folder; the next draw recorded goes on",
    },
}


# ---------------------------------------------------------------------- claims for the operator

CLAIM_TEXT = {
    "ja": {
        "title": "スマホからのビンゴ申告（V で一番古い未確認を確認）",
        "claim": "{time}  カード {serial}  第{ball}球で申告  {registry}{verdict}",
        "reg_bingo": "台帳: ビンゴ",
        "reg_not": "台帳: まだ",
        "reg_none": "台帳なし",
        "verdict_bingo": "  → 確認: ビンゴ",
        "verdict_not": "  → 確認: まだ",
        "notice": "ビンゴ申告: カード {serial}（V で確認）",
        "no_registry": "台帳がないので申告を確認できません（--registry で読み込む）",
        "none_pending": "未確認の申告はありません",
        "restored": "再起動前のビンゴ申告 {n}件が未確認です（V で古い順に確認）",
        "auto_held": "自動抽選は一時停止中：申告 {n}件の確認待ち（V で確認）",
    },
    "en": {
        "title": "Bingo claims from phones (V checks the oldest unchecked)",
        "claim": "{time}  card {serial}  claimed at ball {ball}  {registry}{verdict}",
        "reg_bingo": "registry: bingo",
        "reg_not": "registry: not yet",
        "reg_none": "no registry",
        "verdict_bingo": "  → checked: bingo",
        "verdict_not": "  → checked: not yet",
        "notice": "Bingo claim: card {serial} (V checks it)",
        "no_registry": "no registry loaded, so claims cannot be checked (use --registry)",
        "none_pending": "no unchecked claims",
        "restored": "{n} bingo claims from before the restart are unchecked (V checks the oldest)",
        "auto_held": "auto draw paused: {n} claims wait for a check (V checks them)",
    },
}


class ClaimDesk(QObject):
    """The claims from phones: listed for the operator, checked with one key (V).

    The check is the show's own card check (cards.check via the card-check view) against the
    numbers the room has seen; the projector shows it, and the verdict goes back to the phone.
    While a claim waits, auto mode does not draw (a claim at ball 5 is judged at ball 5), and
    a confirmed winner is journaled with the ball of its claim and of its first bingo.
    A bingo becomes a winner by the controller's one rule (`confirm_winner`: one question, as
    for a card typed with C); the phone hears "bingo" once it is recorded. Answered no, the
    claim keeps waiting (V or the list checks it again).
    """

    changed = Signal()

    def __init__(self, window, link: ShowLink, parent: QObject | None = None) -> None:
        super().__init__(parent or window)
        self.window = window
        self.link = link
        self.text = CLAIM_TEXT.get(window.config.event.language, CLAIM_TEXT["ja"])
        # claim id -> "bingo" | "not_bingo"; verdicts of an earlier run of this game included
        self.verdicts: dict[str, str] = {
            claim_id: str(line.get("verdict")) for claim_id, line in link.verdicts.items()
        }
        controller = window.controller
        link.claim_received.connect(self._on_claim)
        controller.revealed_changed.connect(self.changed)
        controller.game_reset.connect(self._on_reset)
        controller.winners_changed.connect(self._answer_confirmed_winners)
        controller.hold = self.hold_text
        controller.winner_details = self.winner_details
        window.installEventFilter(self)
        # the claims list a mouse-only host opens on the projector, once it is made
        when_made = getattr(window, "when_made", None)
        if when_made is not None:
            when_made("claims_view", lambda view: view.attach(self))
        self.changed.connect(self._show_count)
        self._show_count()
        restored = len(self.pending())
        if restored:  # said once the windows are up, so the host reads it where they look
            QTimer.singleShot(0, lambda: self._announce_restored(restored))

    @property
    def registry(self) -> dict | None:
        return self.window.card_registry  # (without making the card check)

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
            time=stamp,
            serial=serial,
            ball=claim_ball(claim) if claim_ball(claim) is not None else "?",
            registry=registry,
            verdict=verdict_text,
        )

    def pending(self) -> list[dict]:
        """The claims without a verdict, oldest first."""
        return [c for c in self.link.claims if str(c.get("claim")) not in self.verdicts]

    def hold_text(self) -> str | None:
        """Why auto mode must not draw now (claims wait for a check), or None."""
        registry = self.registry or {}  # only claims V can answer hold it (no deadlock)
        waiting = sum(1 for claim in self.pending() if claim.get("serial") in registry)
        return self.text["auto_held"].format(n=waiting) if waiting else None

    def winner_details(self, serial: int) -> dict[str, int | None]:
        """The balls a winner is journaled with: its first bingo and its player's claim."""
        from bingo.ui.winners import first_bingo_ball

        details: dict[str, int | None] = {}
        registry = self.registry
        if registry is not None and serial in registry:
            details["bingo_ball"] = first_bingo_ball(
                registry[serial],
                self.window.controller.revealed,
                self.window.config.board.threshold,
            )
        for claim in self.link.claims:  # the first claim of this card not refused
            if claim.get("serial") == serial and self.verdicts.get(str(claim.get("claim"))) != (
                "not_bingo"
            ):
                details["claim_ball"] = claim_ball(claim)
                break
        return details

    def _show_count(self) -> None:
        """The control bar's claims button says how many wait, highlighted while any do."""
        refresh = getattr(self.window, "refresh_status", self.window.update)
        refresh()  # the status line (or the pill) says when auto mode waits for them
        controls = getattr(self.window, "controls", None)
        button = getattr(controls, "buttons", {}).get("claims")
        if button is None:
            return
        waiting = len(self.pending())
        strings = self.window.strings
        button.setText(strings("btn_claims_n", n=waiting) if waiting else strings("btn_claims"))
        button.setStyleSheet(
            "QPushButton { color: #14101f; background: rgba(255,210,63,230); }" if waiting else ""
        )
        right = controls.geometry().right()
        size = controls.sizeHint()  # the longer label keeps the bar's right edge
        controls.setGeometry(right + 1 - size.width(), controls.y(), size.width(), size.height())

    def _announce_restored(self, count: int) -> None:
        message = self.text["restored"].format(n=count)
        self.window.warn(message)
        self.window.show_notice(message, "warn", 15000)
        self.changed.emit()

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
        except Exception as exc:
            self.window.warn(f"card check view: {exc}")
        controller = self.window.controller
        winners = {getattr(w, "serial", None) for w in controller.session.winners}
        if verdict == "bingo" and serial not in winners:
            if not controller.confirm_winner(serial):  # asks first (the one rule)
                self.changed.emit()
                return WAITING  # shown, not recorded: the claim waits for another check
        if str(claim.get("claim")) not in self.verdicts:  # (a recorded winner answers it)
            self._give(claim, verdict)
        self.changed.emit()
        return verdict

    def _give(self, claim: dict, verdict: str) -> None:
        self.verdicts[str(claim.get("claim"))] = verdict
        self.link.write_verdict(claim, verdict, len(self.window.controller.revealed))

    def _answer_confirmed_winners(self) -> None:
        """A card confirmed by hand (C) answers its waiting claims too: the phone hears it."""
        winners = {getattr(w, "serial", None) for w in self.window.controller.session.winners}
        answered = [c for c in self.pending() if c.get("serial") in winners]
        for claim in answered:
            self._give(claim, "bingo")
        if answered:
            self.changed.emit()

    def eventFilter(self, watched, event) -> bool:
        from PySide6.QtCore import QEvent

        if (
            event.type() == QEvent.Type.KeyPress
            and event.key() == Qt.Key.Key_V
            and not event.isAutoRepeat()
            and not self.window.card_view.isVisible()
        ):
            self.check_next()
            return True
        return False


def claim_ball(claim: dict) -> int | None:
    """The ball the room had seen when the player pressed ビンゴ! (the server counts it)."""
    count = claim.get("count")
    return count if isinstance(count, int) and not isinstance(count, bool) else None


def _local_time(text: str) -> str:
    """An ISO time from the server (UTC) as the laptop's clock shows it: `21:04:05`."""
    from datetime import datetime

    try:
        return datetime.fromisoformat(text).astimezone().strftime("%H:%M:%S")
    except ValueError:
        return text[11:19]


def add_claims_panel(operator, desk: ClaimDesk):
    """A list of the claims in the operator window (its own column)."""
    from PySide6.QtWidgets import QLabel, QListWidget, QVBoxLayout

    box = QVBoxLayout()
    title = QLabel(desk.text["title"])
    title.setTextFormat(Qt.TextFormat.PlainText)
    box.addWidget(title)
    listing = QListWidget()
    listing.setFocusPolicy(Qt.FocusPolicy.NoFocus)
    box.addWidget(listing)

    def refresh() -> None:
        """The claims waiting for a check first, oldest first (V takes the top one), then the
        checked ones, newest first."""
        listing.clear()
        pending = desk.pending()
        for i, claim in enumerate(pending, start=1):
            listing.addItem(f"{i}. {desk.describe(claim)}")
        for claim in reversed(desk.link.claims):
            if claim not in pending:
                listing.addItem(desk.describe(claim))

    desk.changed.connect(refresh)
    operator.installEventFilter(desk)
    operator.layout().addLayout(box, 3)
    operator.claims_list = listing
    refresh()
    return listing
