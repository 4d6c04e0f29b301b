"""Every event the Daifugō engine can announce has a banner text in both languages (the Qt
window's EVENT_TEXTS), 都落ち included (issue 31.5): the engine announces it on the play that
sends the 大富豪 down, the web hub puts its text in the table message's last action, and the
laptop's room screen shows it among the table's banners."""

from __future__ import annotations

import pytest
from daifugo_support import play
from test_games_web_hub import make_hub

from games.common import registry
from games.daifugo import events
from games.daifugo.game import Game
from games.daifugo.ruleset import Rules, Title
from games.daifugo.texts import EVENT_TEXTS
from games.web.screen_text import public_table

HANDS = [["5S", "KS", "QS"], ["9D"], ["3C", "5C", "6C"], ["7H", "10H", "JH"], ["3D", "AD", "8D"]]
RANKS = (Title.DAIFUGO, Title.FUGO, Title.HEIMIN, Title.HINMIN, Title.DAIHINMIN)


@pytest.mark.parametrize("language", ["ja", "en"])
def test_every_event_the_engine_names_has_a_text(language):
    words = EVENT_TEXTS[language]
    assert set(words) == set(events.EVENTS)
    assert all(isinstance(words[e], str) and words[e].strip() for e in events.EVENTS)
    assert len(set(words.values())) == len(words)  # no two events read the same


def test_the_play_that_sends_the_grand_millionaire_down_announces_miyako_ochi():
    g = Game.new(hands=HANDS, rules=Rules.preset(1), first=4, ranks=RANKS)
    play(g, ["3D"])
    play(g, ["5S"])
    applied = g.apply(g.parse_action("9D"))
    assert "miyako_ochi" in applied.announcements and g.bottom == [0]
    off = Game.new(hands=HANDS, rules=Rules.preset(3), first=4, ranks=RANKS)  # no 都落ち
    play(off, ["3D"])
    play(off, ["5S"])
    assert "miyako_ochi" not in off.apply(off.parse_action("9D")).announcements
    texts = registry.entry("daifugo").event_texts(applied, "ja")
    assert texts == [EVENT_TEXTS["ja"][e] for e in applied.announcements]
    assert registry.entry("daifugo").event_texts(object(), "en") == []


def test_an_announced_play_reaches_the_phones_last_action_and_the_room_screen(tmp_path):
    hub = make_hub(tmp_path)
    from games.web.phones import Phone

    phone = Phone(hub, "Aoi")
    hub.sit(phone.token, "d")
    hub.start(phone.token, "d")
    room = hub.rooms["d"]
    seen = []
    while room.in_game and len(seen) < 1:
        hub.run_cpus()
        if phone.my_turn():
            legal = phone.table["legal"]
            eights = [a for a in legal if a.split()[0].startswith("8")]
            hub.act(phone.token, eights[0] if eights else legal[0])
        seen = [m for m in phone.received if m.get("type") == "table"
                and (m.get("last") or {}).get("events")]  # fmt: skip
    assert seen, "no announced play in the game"
    message = seen[0]
    assert message["last"]["events"][0] in EVENT_TEXTS["ja"].values()
    shown = public_table({**message, "view": message["view"]}, "", "ja")
    assert message["last"]["events"][0] in shown.tags
    hub.shutdown()
