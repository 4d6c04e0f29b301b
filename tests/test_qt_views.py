"""The Qt tables paint from `table.view(seat)`, as the phones do (issue 33.2): no painter reads
the session's engine (`session.game`), so what the laptop's seat is shown is the view the wire
tests check for the phones, and a spectator's peek is the peeked seat's own view.

Two checks: the painter modules' source names no `.game` attribute and imports no engine, and a
session whose `.game` raises is painted through whole games (pixel-equality with the engine-read
painter was checked by grabs before/after, see /work/notes/33-qtviews.md)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAINTERS = (
    "games/daifugo/qt/painting.py",
    "games/daifugo/qt/leave.py",
    "games/schwimmen/qt/painting.py",
    "games/schwimmen/qt/view.py",
    "games/schwimmen/qt/result.py",
    "games/schwimmen/qt/overlay.py",
)
ENGINES = ("games.daifugo.game", "games.schwimmen.rules")
# names a painter may take from an engine module: plain value types, not the engine
VALUE_TYPES = {"Phase", "Observation", "RoundResult", "Event"}


@pytest.mark.parametrize("path", PAINTERS)
def test_a_painter_reads_no_engine(path):
    tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
    reads = [
        f"line {node.lineno}: {ast.unparse(node)}"
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute) and node.attr == "game"
    ]
    assert reads == [], f"{path} reads the engine instead of view(seat): {reads}"
    engine_names = {
        alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.module in ENGINES
        for alias in node.names
    } | {
        alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.Import)
        for alias in node.names
        if alias.name in ENGINES
    }
    allowed = VALUE_TYPES | ({"Game"} if path.endswith("schwimmen/qt/view.py") else set())
    # (schwimmen's view.py: `flights_for` is still handed the engine by the window, see notes)
    assert engine_names <= allowed, f"{path} imports {engine_names - allowed} from an engine"


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
