"""The Qt tables paint from `table.view(seat)`, as the phones do (issue 33.2): no painter reads
the session's engine (`session.game`), so what the laptop's seat is shown is the view the wire
tests check for the phones, and a spectator's peek is the peeked seat's own view.

Two checks: no game window module (games/*/qt/*.py) names a `.game` attribute or imports an
engine module, and a session whose `.game` raises is painted through whole games (pixel-equality with the engine-read
painter was checked by grabs before/after, see /work/notes/33-qtviews.md)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# every game window's modules: games/<game>/qt/*.py (the shared games/common/qt included)
QT_FILES = sorted(p.relative_to(ROOT).as_posix() for p in ROOT.glob("games/*/qt/*.py"))


def _engine_modules() -> set[str]:
    """The module of every registered game's engine class (its `Game`)."""
    from games.common import registry

    return {entry.engine.__module__ for entry in registry.entries()}


def test_the_scan_covers_every_game_window():
    games = {path.split("/")[1] for path in QT_FILES}
    assert {"common", "cool24", "daifugo", "schwimmen"} <= games, games
    assert {"games.cool24.rules", "games.daifugo.game", "games.schwimmen.rules"} <= (
        _engine_modules()
    )


def engine_reads(source: str, engines: set[str]) -> list[str]:
    """Where `source` reads an engine: any `.game` attribute (``session.game``, a window's
    ``self.game``, ``x.game.score``), an import of an engine module or of a name ``Game``."""
    tree = ast.parse(source)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr == "game":
            found.append(f"line {node.lineno}: {ast.unparse(node)}")
        elif isinstance(node, ast.ImportFrom) and (
            node.module in engines or any(alias.name == "Game" for alias in node.names)
        ):
            found.append(f"line {node.lineno}: from {node.module} import ...")
        elif isinstance(node, ast.Import):
            found += [
                f"line {node.lineno}: import {a.name}" for a in node.names if a.name in engines
            ]
    return found


def test_the_scan_finds_what_it_looks_for():
    engines = {"games.cool24.rules"}
    assert engine_reads("x = self.session.game.score", engines)
    assert engine_reads("m = self.game.multiplier", engines)
    assert engine_reads("from games.cool24.rules import HAND_SIZE", engines)
    assert engine_reads("import games.cool24.rules", engines)
    assert engine_reads("from games.daifugo.game import Game", engines)
    assert not engine_reads("v = self.session.view(0).score\nname = spec.games", engines)


@pytest.mark.parametrize("path", QT_FILES)
def test_no_game_window_reads_an_engine(path):
    """Qt paints views only (issue 42.4): no game window module reads ``session.game`` or any
    other ``.game``, nor imports its game's engine module (the view's and the events' types come
    from the table module); animations take what they need from the view or the events."""
    reads = engine_reads((ROOT / path).read_text(encoding="utf-8"), _engine_modules())
    assert reads == [], f"{path} reads the engine instead of view(seat): {reads}"


class NoEngine:
    """The session as a painter may use it: everything but `.game` (which fails the test)."""

    def __init__(self, session):
        object.__setattr__(self, "_session", session)

    def __getattr__(self, name):
        if name == "game":
            raise AssertionError("the painter read session.game")
        return getattr(self._session, name)


def test_the_daifugo_table_paints_from_the_view_alone(qapp, tmp_path, monkeypatch):
    """Whole seeded games, every state, the laptop's person at seat 0 (peeking at a seat still
    playing once out), the results at the end, and the leave question: all without `.game`."""
    monkeypatch.setenv("PUYO_EVENT_DATA_DIR", str(tmp_path))
    from PySide6.QtGui import QImage, QPainter

    from eventkit.i18n import Texts
    from games.daifugo.chips import ChipBank
    from games.daifugo.qt.layout import TableLayout
    from games.daifugo.qt.leave import leave_question
    from games.daifugo.qt.painting import Marks, paint_table
    from games.daifugo.table import TableSession
    from games.daifugo.texts import TEXTS

    texts = Texts(TEXTS, "ja")
    session = TableSession(players=4, names=["P0", "P1", "P2", "P3"], seed=3, bank=ChipBank())
    session.seat_people(frozenset())
    blind = NoEngine(session)
    image = QImage(640, 360, QImage.Format.Format_ARGB32)
    peeked = questions = games = 0
    while not peeked and games < 4:  # until seat 0 has gone out with others still playing
        session.start_game()
        games += 1
        while True:
            g = session.game
            out = 0 in g.out
            peek = next((s for s in range(1, 4) if s not in g.out), None) if out else None
            peeked += peek is not None
            marks = Marks(seat=0, trick=tuple(g.trick), peek=peek, waiting=True)
            painter = QPainter(image)
            paint_table(painter, blind, texts, marks, TableLayout(640, 360, 4))
            painter.end()
            if session.in_game:
                questions += bool(leave_question(blind, texts, 0))
            if g.is_over:
                break
            session.step_cpu()
    assert session.settlement is not None and peeked > 0 and questions > 0


def test_the_schwimmen_table_paints_from_the_view_alone(qapp):
    """Whole seeded games: the table, every round's result and the game-over screen, and the
    help, all painted through a session whose `.game` raises."""
    from PySide6.QtWidgets import QWidget

    from games.schwimmen.qt.overlay import HelpOverlay
    from games.schwimmen.qt.result import RoundOverlay
    from games.schwimmen.qt.view import TableView
    from games.schwimmen.rules import Phase
    from games.schwimmen.table import TableSession
    from games.schwimmen.texts import Texts

    session = TableSession(players=4, people=frozenset(), seed=7)
    blind, texts = NoEngine(session), Texts("ja")
    view = TableView(blind, texts, 0)
    view.resize(640, 400)
    overlay = RoundOverlay(view, blind, texts, 0)
    overlay.setGeometry(view.rect())
    holder = QWidget()
    holder.resize(640, 400)
    help_ = HelpOverlay(holder, blind, texts)
    help_.setGeometry(holder.rect())
    help_.grab()  # before the first game: the settings' rules
    view.grab()
    session.start_game()
    help_.grab()
    rounds = 0
    while True:
        view.grab()
        result = session.view(0).result
        if result is not None:
            rounds += 1
            overlay.show_result(result)
            overlay.grab()
            overlay.hide()
            if session.game.phase is Phase.GAME_OVER:
                break
            session.advance()
        else:
            session.step_cpu()
    assert rounds > 1 and session.results() is not None


def _face_up_cards(monkeypatch, module):
    """Record the cards `module` paints face up (its own `paint_card` name)."""
    seen: list[object] = []
    original = module.paint_card

    def record(painter, rect, card, *args, face_up=True, **kwargs):
        if face_up and card is not None:
            seen.append(card)
        return original(painter, rect, card, *args, face_up=face_up, **kwargs)

    monkeypatch.setattr(module, "paint_card", record)
    return seen


def test_the_laptop_seat_sees_on_screen_what_its_view_shows(qapp, tmp_path, monkeypatch):
    """Secrecy on the laptop as on the phones: every face-up card the Daifugō table paints is in
    the seat's own hand or on the field, never in another hand, unless a spectator peeks."""
    monkeypatch.setenv("PUYO_EVENT_DATA_DIR", str(tmp_path))
    from PySide6.QtGui import QImage, QPainter

    import games.daifugo.qt.painting as painting
    from eventkit.i18n import Texts
    from games.daifugo.chips import ChipBank
    from games.daifugo.qt.layout import TableLayout
    from games.daifugo.table import TableSession
    from games.daifugo.texts import TEXTS

    faces = _face_up_cards(monkeypatch, painting)
    session = TableSession(players=4, names=["P0", "P1", "P2", "P3"], seed=5, bank=ChipBank())
    session.seat_people(frozenset())
    session.start_game()
    image = QImage(640, 360, QImage.Format.Format_ARGB32)
    checked = 0
    while not session.game.is_over:
        g = session.game
        faces.clear()
        marks = painting.Marks(seat=0, trick=tuple(g.trick))
        painter = QPainter(image)
        painting.paint_table(painter, session, Texts(TEXTS, "ja"), marks, TableLayout(640, 360, 4))
        painter.end()
        on_field = {card for _, play in g.trick for card in play.cards}
        others = {card for seat in (1, 2, 3) for card in g.hands[seat]}
        assert set(faces) <= set(g.hands[0]) | on_field, g.hands[0]
        assert not set(faces) & others
        checked += bool(others)
        session.step_cpu()
    assert checked > 10


@pytest.mark.slow
def test_the_cool24_window_plays_from_the_view_alone(qtbot):
    """A whole seeded game through the COOL 24+24 widget (keys, the board, the summary, the quit
    question), its session's `.game` raising; the view's points (`tally`) add up to its score
    at every step, as the engine counts them."""
    from PySide6.QtCore import Qt

    from games.cool24.policies import greedy_slot
    from games.cool24.qt.window import Cool24Widget
    from games.cool24.settings import Cool24Settings
    from games.cool24.table import SEAT, tally

    widget = Cool24Widget(Cool24Settings(), seed=5)
    qtbot.addWidget(widget)
    widget.resize(800, 450)
    session = widget.session
    widget.session = NoEngine(session)
    steps = 0
    qtbot.keyClick(widget, Qt.Key.Key_Return)
    assert widget.state == "play"
    while widget.state == "play":
        game = session.game  # the test's own read: the widget has only the view
        view = session.view(SEAT)
        assert tally(view, widget.settings).total == view.score == game.score
        if steps % 7 == 3:
            widget.ask_quit()
            widget.grab()
            widget.answer_quit(False)
        qtbot.keyClick(widget, Qt.Key.Key_1 + greedy_slot(game) - 1)
        steps += 1
        widget.grab()
    widget.over_at = -100.0  # the summary at once
    assert widget.summary_shown()
    widget.grab()
    assert steps > 10
