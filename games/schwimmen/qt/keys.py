"""The keyboard: which key does what at the table (the help overlay lists the same keys)."""

from __future__ import annotations

from PySide6.QtCore import Qt

K = Qt.Key

TABLE_KEYS = {K.Key_Q: 0, K.Key_W: 1, K.Key_E: 2}  # select table card 1-3
HAND_KEYS = {K.Key_A: 0, K.Key_S: 1, K.Key_D: 2}  # select your card 1-3
BUTTON_KEYS = {
    K.Key_Return: "swap",
    K.Key_Enter: "swap",
    K.Key_Space: "swap",
    K.Key_X: "swap_all",
    K.Key_P: "pass",
    K.Key_K: "knock",
}
HELP_KEYS = (K.Key_F1, K.Key_H, K.Key_Question)
NEXT_ROUND_KEYS = (K.Key_N, K.Key_Return, K.Key_Enter, K.Key_Space)


def command(key: int, ctrl: bool, round_over_shown: bool) -> tuple[str, object] | None:
    """What `key` asks for: ("new_game"|"full_screen"|"help"|"escape"|"next_round"|"table"|
    "hand"|"button", argument), or None when the key means nothing here."""
    if key == K.Key_N and ctrl:
        return ("new_game", None)
    if key == K.Key_F11:
        return ("full_screen", None)
    if key in HELP_KEYS:
        return ("help", None)
    if key == K.Key_Escape:
        return ("escape", None)
    if round_over_shown:
        return ("next_round", None) if key in NEXT_ROUND_KEYS else ("ignore", None)
    if key in TABLE_KEYS:
        return ("table", TABLE_KEYS[key])
    if key in HAND_KEYS:
        return ("hand", HAND_KEYS[key])
    if key in BUTTON_KEYS:
        return ("button", BUTTON_KEYS[key])
    return None
