"""Names as people read them (issue 31.3): what a name may be, and when two names are one.

Two names are the same name when they read the same: equal after NFKC (full width 'Ａ' is 'A')
and case folding ('Alice' is 'alice'), spaces inside counted as one (`name_key`). A name is
refused, with one line naming the reason, when it is empty or longer than `MAX_NAME`, holds a
control or invisible character, reads as a CPU's ("CPU 1", 'ｃｐｕ1'), mixes the letters of two
alphabets ('Аlice' with a Cyrillic А: Latin, Cyrillic, Greek...; kanji, hiragana and katakana
are one Japanese script and may go with any one alphabet), or is written wholly in another
alphabet's letters that each look like a Latin letter ('Асе' in Cyrillic). The scripts and the
look-alikes are Unicode's, from the confusable-homoglyphs package (its data ships with it).
"""

from __future__ import annotations

import unicodedata

from confusable_homoglyphs import categories, confusables

from games.common.table import Refused
from games.web.texts import TABLES, refusal

MAX_NAME = 16
CPU_PREFIX = "cpu"
JAPANESE = frozenset({"HAN", "HIRAGANA", "KATAKANA"})
NEUTRAL = frozenset({"COMMON", "INHERITED"})  # digits, punctuation, marks: no script of their own


def name_key(name: str) -> str:
    """What a name reads as: NFKC, case folded, spaces collapsed (two names with one key are
    one name)."""
    return " ".join(unicodedata.normalize("NFKC", name).casefold().split())


def clean_name(name: object, language: str) -> str:
    """`name` as it is kept (NFC, outer spaces off), or a refusal naming why not."""
    cleaned = unicodedata.normalize("NFC", str(name)).strip()
    why = _why_not(cleaned, language)
    if why is not None:
        raise why
    return cleaned


def _why_not(name: str, language: str) -> Refused | None:
    if not name or len(name) > MAX_NAME:
        return refusal(language, "name_length", max=MAX_NAME)
    if any(unicodedata.category(ch).startswith("C") for ch in name):
        return refusal(language, "name_control")
    if name_key(name).replace(" ", "").startswith(CPU_PREFIX):
        return refusal(language, "name_cpu")
    scripts = alphabets(name)
    if len(scripts) > 1:
        named = [script_name(s, language) for s in scripts]
        return refusal(
            language, "name_mixed", scripts=("と" if language == "ja" else " and ").join(named)
        )
    if scripts and scripts != ["LATIN"] and _reads_as_latin(name):
        return refusal(language, "name_lookalike", script=script_name(scripts[0], language))
    return None


def script_name(alias: str, language: str) -> str:
    """Unicode's name of a script ("CYRILLIC") in the hub's language."""
    table = TABLES.get(language, TABLES["ja"])
    return str(table.get(f"script_{alias.lower()}", alias.title()))


def alphabets(name: str) -> list[str]:
    """The alphabets a name's letters are written in (Japanese scripts and neutral characters
    left out), in Unicode's words: ["LATIN"], ["CYRILLIC", "LATIN"], ..."""
    found = set()
    for ch in unicodedata.normalize("NFKC", name):
        alias = categories.alias(ch)
        if alias not in NEUTRAL and alias not in JAPANESE:
            found.add(alias)
    return sorted(found)


def _reads_as_latin(name: str) -> bool:
    """Every letter of `name` has a Latin look-alike (a whole-script spoof of a Latin name)."""
    letters = [ch for ch in unicodedata.normalize("NFKC", name) if ch.isalpha()]
    if not letters:
        return False
    alike = (
        confusables.is_confusable("".join(letters), greedy=True, preferred_aliases=["latin"]) or []
    )
    return len({found["character"] for found in alike}) == len(set(letters))
