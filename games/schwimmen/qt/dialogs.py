"""Dialogs of the Schwimmen table: the start dialog, and the question before a game is dropped."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QMessageBox,
    QWidget,
)

from games.schwimmen.ai import LEVELS
from games.schwimmen.settings import RULE_SETS
from games.schwimmen.table import MAX_PLAYERS, MIN_PLAYERS
from games.schwimmen.texts import Texts


@dataclass(frozen=True)
class StartChoice:
    """What the start dialog hands to the table."""

    rules: str
    players: int
    cpu_levels: tuple[str, ...]  # CPU1 first, one per CPU


class StartDialog(QDialog):
    """Choose the rule set, the number of players and each CPU's level before a game."""

    def __init__(
        self,
        texts: Texts,
        rules: str,
        level: str | Sequence[str],
        parent: QWidget | None = None,
        *,
        players: int = 4,
    ) -> None:
        super().__init__(parent)
        t = texts
        levels = [level] if isinstance(level, str) else list(level) or ["normal"]
        self.setWindowTitle(t("start_title"))
        form = QFormLayout(self)
        self._form = form
        self.rules_box = QComboBox()
        for key in RULE_SETS:
            self.rules_box.addItem(t(f"rules_{key}"), key)
        self.rules_box.setCurrentIndex(RULE_SETS.index(rules) if rules in RULE_SETS else 0)
        form.addRow(t("rules_label"), self.rules_box)
        self.players_box = QComboBox()
        for n in range(MIN_PLAYERS, MAX_PLAYERS + 1):
            self.players_box.addItem(t("players_item", n=n, cpus=n - 1), n)
        self.players_box.setCurrentIndex(min(max(players, MIN_PLAYERS), MAX_PLAYERS) - MIN_PLAYERS)
        form.addRow(t("players_label"), self.players_box)
        self.level_boxes: list[QComboBox] = []
        for i in range(MAX_PLAYERS - 1):
            box = QComboBox()
            for key in LEVELS:
                box.addItem(t(f"level_{key}"), key)
            chosen = levels[min(i, len(levels) - 1)]
            box.setCurrentIndex(LEVELS.index(chosen) if chosen in LEVELS else 1)
            form.addRow(t("cpu_level_of", name=t.name(i + 1)), box)
            self.level_boxes.append(box)
        self.players_box.currentIndexChanged.connect(self._show_levels)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText(t("start"))
        buttons.accepted.connect(self.accept)
        form.addRow(buttons)
        self.setStyleSheet("font-size: 16px;")
        self._show_levels()

    def _show_levels(self) -> None:
        cpus = int(self.players_box.currentData()) - 1
        for i, box in enumerate(self.level_boxes):
            self._form.setRowVisible(box, i < cpus)
        self.adjustSize()

    def visible_levels(self) -> int:
        """How many CPU level boxes the dialog shows now."""
        return sum(1 for box in self.level_boxes if not box.isHidden())

    def choice(self) -> StartChoice:
        players = int(self.players_box.currentData())
        levels = tuple(str(box.currentData()) for box in self.level_boxes[: players - 1])
        return StartChoice(str(self.rules_box.currentData()), players, levels)


def confirm_new_game(texts: Texts, parent: QWidget) -> QMessageBox:
    """The question before Ctrl+N throws a running game away (not yet shown: call open())."""
    t = texts
    box = QMessageBox(QMessageBox.Icon.Question, t("title"), t("confirm_new"), parent=parent)
    box.setInformativeText(t("confirm_new_detail"))
    box.addButton(t("confirm_new_yes"), QMessageBox.ButtonRole.AcceptRole)
    keep = box.addButton(t("confirm_new_no"), QMessageBox.ButtonRole.RejectRole)
    box.setDefaultButton(keep)
    box.setEscapeButton(keep)
    return box
