"""The games show players rules, not notes meant for developers (issue 24 item 9)."""

from __future__ import annotations

import pytest

pytest.importorskip("pytestqt")

from games.daifugo.chips import ROOMS
from games.daifugo.qt.help import HelpOverlay
from games.daifugo.qt.setup import SetupDialog
from games.daifugo.ruleset import Rules
from games.daifugo.texts import TEXTS

DEVELOPER_WORDS = (
    "元のページ",
    "読みました",
    "読んでいます",
    "the page's",
    "original page",
    "is read",
)


@pytest.mark.parametrize("language", ["ja", "en"])
def test_daifugo_dialog_and_help_have_no_developer_notes(qtbot, language):
    from PySide6.QtWidgets import QLabel

    dialog = SetupDialog(language, Rules.preset(1), "beginner", players=5, cpu_levels=("normal",))
    qtbot.addWidget(dialog)
    shown = [label.text() for label in dialog.findChildren(QLabel)]
    table = QLabel()
    qtbot.addWidget(table)
    help_ = HelpOverlay(table, Rules.preset(1), ROOMS["beginner"], language)
    shown.append(help_.text())
    for text in shown:
        assert not any(word in text for word in DEVELOPER_WORDS), text
    assert "preset_reading" not in TEXTS[language]


@pytest.mark.parametrize("language", ["ja", "en"])
def test_schwimmen_help_says_the_passing_rules(language):
    from games.schwimmen.rules import Rules as SchwimmenRules
    from games.schwimmen.texts import Texts

    t = Texts(language)
    text = "\n".join(body for _, body in t.help_sections(SchwimmenRules(), "standard"))
    if language == "ja":
        assert "2回続けてのパスはできません" in text and "場札が新しい3枚に替わります" in text
    else:
        assert "never twice in a row" in text and "three new table cards come" in text


def test_a_damaged_chips_file_is_told_in_the_players_language(tmp_path):
    from games.daifugo.app import chips_notice
    from games.daifugo.chips import ChipBank

    path = tmp_path / "chips.json"
    ChipBank(path).save()  # its good copy
    path.write_text("{ not json", encoding="utf-8")
    bank = ChipBank(path)
    assert bank.set_aside and (tmp_path / bank.set_aside).exists()
    ja = chips_notice(bank, "ja")
    assert "壊れていた" in ja and bank.set_aside in ja and "were damaged" not in ja
    assert chips_notice(bank, "en").startswith("The chips file was damaged")
