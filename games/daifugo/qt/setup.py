"""The start dialog: player count, each CPU's level, a preset ルール1-4 whose eight rules can then
be switched one by one, and the room. `--no-setup` (or choose_at_start = false) skips it."""

from __future__ import annotations

from dataclasses import dataclass, fields

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from eventkit.i18n import Texts
from games.daifugo.ai import LEVELS
from games.daifugo.chips import ROOMS
from games.daifugo.ruleset import RULE_NAMES, Rules
from games.daifugo.texts import TEXTS, rules_summary

MAX_CPUS = 4
CUSTOM = 0  # the preset box's entry for a set of rules that is no preset


@dataclass(frozen=True)
class SetupChoice:
    """What the dialog hands to the table."""

    players: int
    cpu_levels: tuple[str, ...]
    rules: Rules
    room_key: str


class SetupDialog(QDialog):
    """Choose players, CPU levels, the rules (preset, then one by one) and the room."""

    def __init__(
        self,
        language: str,
        rule_set: int | Rules = 1,
        room_key: str = "beginner",
        parent: QWidget | None = None,
        *,
        players: int = 5,
        cpu_levels: tuple[str, ...] = ("normal",),
    ) -> None:
        super().__init__(parent)
        t = Texts(TEXTS, language)
        self.t = t
        self.language = language
        self.setWindowTitle(t["title"])
        layout = QVBoxLayout(self)
        head = QLabel(t["setup"])
        head.setStyleSheet("font-size: 18px; font-weight: bold; margin-bottom: 8px;")
        layout.addWidget(head)

        form = QFormLayout()
        self.players_box = QComboBox()
        for n in (2, 3, 4, 5):
            self.players_box.addItem(t("players_item", n=n, cpus=n - 1), n)
        self.players_box.setCurrentIndex(min(max(players, 2), 5) - 2)
        form.addRow(t["choose_players"], self.players_box)
        self.level_boxes: list[QComboBox] = []
        for i in range(MAX_CPUS):
            box = QComboBox()
            for level in LEVELS:
                box.addItem(t[f"level_{level}"], level)
            level = cpu_levels[min(i, len(cpu_levels) - 1)] if cpu_levels else "normal"
            box.setCurrentIndex(LEVELS.index(level) if level in LEVELS else 1)
            form.addRow(t("cpu_level_of", name=t("cpu", n=i + 1)), box)
            self.level_boxes.append(box)
        self._form = form
        self.players_box.currentIndexChanged.connect(self._show_levels)

        self.room_box = QComboBox()
        for r in ROOMS.values():
            self.room_box.addItem(f"{r.label(language)}  ({r.stake:,})", r.key)
        self.room_box.setCurrentIndex(list(ROOMS).index(room_key))
        form.addRow(t["choose_room"], self.room_box)
        self.rules_box = QComboBox()
        self.rules_box.addItem(t["custom_rules"], CUSTOM)
        for n in (1, 2, 3, 4):
            label = t("rule_set", n=n) + ": " + rules_summary(Rules.preset(n), language)
            self.rules_box.addItem(label, n)
        form.addRow(t["choose_rules"], self.rules_box)
        layout.addLayout(form)

        group = QGroupBox(t["rules_one_by_one"])
        grid = QGridLayout(group)
        self.rule_checks: dict[str, QCheckBox] = {}
        for k, key in enumerate(RULE_NAMES):
            check = QCheckBox(RULE_NAMES[key][0 if language == "ja" else 1])
            check.toggled.connect(self._rules_edited)
            grid.addWidget(check, k // 2, k % 2)
            self.rule_checks[key] = check
        layout.addWidget(group)

        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText(t["start"])
        buttons.button(QDialogButtonBox.StandardButton.Cancel).setText(t["cancel"])
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.setStyleSheet("font-size: 15px;")

        self._syncing = False
        self.rules_box.currentIndexChanged.connect(self._preset_chosen)
        self.set_rules(Rules.preset(rule_set) if isinstance(rule_set, int) else rule_set)
        self._show_levels()

    # ------------------------------------------------------------------ rules

    def rules(self) -> Rules:
        return Rules(**{key: check.isChecked() for key, check in self.rule_checks.items()})

    def set_rules(self, rules: Rules) -> None:
        """Tick the eight boxes as `rules`; the preset box follows."""
        self._syncing = True
        for f in fields(Rules):
            self.rule_checks[f.name].setChecked(getattr(rules, f.name))
        self._syncing = False
        self._rules_edited()

    def _preset_chosen(self) -> None:
        n = int(self.rules_box.currentData())
        if n != CUSTOM and not self._syncing:
            self.set_rules(Rules.preset(n))

    def _rules_edited(self) -> None:
        if self._syncing:
            return
        n = self.rules().preset_number() or CUSTOM
        self._syncing = True
        self.rules_box.setCurrentIndex(self.rules_box.findData(n))
        self._syncing = False

    # ------------------------------------------------------------------ players

    def _show_levels(self) -> None:
        cpus = int(self.players_box.currentData()) - 1
        for i, box in enumerate(self.level_boxes):
            self._form.setRowVisible(box, i < cpus)
        self.adjustSize()

    def choice(self) -> SetupChoice:
        players = int(self.players_box.currentData())
        levels = tuple(str(box.currentData()) for box in self.level_boxes[: players - 1])
        return SetupChoice(players, levels, self.rules(), str(self.room_box.currentData()))
