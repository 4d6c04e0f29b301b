"""Dialogs of the Schwimmen table: the start dialog (rules, CPU level)."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QDialog, QDialogButtonBox, QFormLayout, QWidget

from games.schwimmen.texts import Texts


class StartDialog(QDialog):
    """Choose the rule set and the CPU level before a game."""

    def __init__(self, texts: Texts, rules: str, level: str, parent: QWidget | None = None):
        super().__init__(parent)
        t = texts
        self.setWindowTitle(t("start_title"))
        form = QFormLayout(self)
        self.rules_box = QComboBox()
        for key in ("standard", "house"):
            self.rules_box.addItem(t(f"rules_{key}"), key)
        self.rules_box.setCurrentIndex(0 if rules == "standard" else 1)
        self.level_box = QComboBox()
        for key in ("easy", "normal", "strong"):
            self.level_box.addItem(t(f"level_{key}"), key)
        self.level_box.setCurrentIndex(("easy", "normal", "strong").index(level))
        form.addRow(t("rules_label"), self.rules_box)
        form.addRow(t("level_label"), self.level_box)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText(t("start"))
        buttons.accepted.connect(self.accept)
        form.addRow(buttons)
        self.setStyleSheet("font-size: 16px;")

    def choice(self) -> tuple[str, str]:
        return self.rules_box.currentData(), self.level_box.currentData()
