"""The [daifugo] section of config.toml, validated with the helpers of eventkit.tomlconf."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from eventkit.tomlconf import (
    check_keys,
    get_int_in,
    get_list,
    get_seed,
    get_value,
    mistake,
    show,
)
from games.daifugo.ai import LEVELS
from games.daifugo.chips import room

SECTION = "daifugo"
# its mistakes in the event's language (eventkit.tomlconf.mistake)
TEXTS: Mapping[str, Mapping[str, str]] = {
    "ja": {
        "no_levels": 'daifugo.cpu_levels が空です。1 つ以上にしてください（例: ["normal"]）',
        "level": "daifugo.cpu_levels に {value} があります。easy、normal、strong のどれかにしてください",
        "room": (
            "daifugo.room = {value} は知らない部屋です。beginner、intermediate、advanced の"
            "どれかにしてください"
        ),
        "rooms": (
            "{section}.daifugo_rooms に {value} があります。部屋は {choices} のどれかにしてください"
            "（初級 100 / 中級 1,000 / 上級 10,000）"
        ),
        "rule_sets": (
            "{section}.daifugo_rule_sets に {value} があります。ルールは 1、2、3、4 のどれかに"
            "してください（例: [1, 3, 4]）"
        ),
        "rule_sets_count": (
            "{section}.daifugo_rule_sets に {given} 個ありますが、部屋は {rooms} つです。"
            "daifugo_rooms の順に部屋ごとに 1 つ（全部の部屋で同じなら 1 つだけ）にしてください"
        ),
        # `games daifugo`'s options (games.daifugo.app; eventkit.tomlconf.refused)
        "cpu_none": "--cpu {value!r} にはレベルがありません。normal,strong のように書いてください",
        "cpu_level": "--cpu {level}: easy、normal、strong のどれかにしてください",
        "delay": "--delay-ms {value} は範囲外です。0〜10000 にしてください",
        "room_option": (
            "--room {value} は知らない部屋です。beginner、intermediate、advanced（初級/中級/上級）"
            "のどれかにしてください"
        ),
        "uecda_empty": (
            "--uecda にはサーバーのアドレスが要ります: HOST か HOST:PORT（例: localhost:42485）"
        ),
        "uecda_port": (
            "--uecda {text}: ポートは 1〜65535 の数にしてください（例: localhost:42485）"
        ),
        "uecda_connect": (
            "{host}:{port} の UECda サーバーにつながりません（{reason}）。先にサーバーを起動するか、"
            "--uecda HOST:PORT を確かめてください"
        ),
        "uecda_stopped": "uecda: クライアントが止まりました（{reason}）",
        "wire_timeout": (
            "{what}を待つ間に {peer} から何も届かなくなりました（{n} バイト中 {got} バイト受信）"
        ),
        "wire_failed": "{what}を待つ間に {peer} との接続が切れました（{reason}）",
        "wire_closed": (
            "{what}を待つ間に {peer} が接続を閉じました（{n} バイト中 {got} バイト受信{start}）"
        ),
        "wire_send": "{peer} に送れませんでした（{reason}）",
        "peer_server": "{host}:{port} のサーバー",
        "what_player": "プレイヤー番号",
        "what_first": "ゲーム {n} の最初の表",
        "what_hand": "手札の表",
        "what_field": "手番のあとの場の表",
        "what_flag": "手番の終わりの印",
        "what_accept": "プレイの受理の印",
        "bad_player": "プレイヤー番号 {player}: 0〜4 のはずです",
        "not_exchange": (
            "ゲーム {n}: カード交換の表（[5][0] = 1）のはずが、[5][0] = {got} でした:\n{table}"
        ),
        "bad_flag": (
            "手番の終わりの印 {flag}: 0（続く）、1（ゲーム終わり）、2（試合終わり）のどれかの"
            "はずです"
        ),
        "bad_exchange": "サーバーが、{rank}のプレイヤーに交換で {count} 枚を求めています",
        "bad_accept": "受理の印 {answer}: {accepted}（受理）か {refused} のはずです",
        "p_table_bytes": "{n} バイトの表のはずが、{got} バイト届きました",
        "p_int_bytes": "4 バイトの整数のはずが、{got} バイト届きました",
        "t_hand": "手札の表",
        "t_exchange": "交換の表",
        "t_play": "プレイの表",
        "p_cell_value": "{what}: マス [{r}][{c}] が {value} です。カードのマスは 0、1、2 のどれかです",
        "p_hand_cell": "{what}: マス [{r}][{c}] の {value} はカードではありません",
        "p_hand_joker": "{what}: 4 行目が {row} です。ジョーカーは [4][1] の 2 です",
        "p_outside": "{what}: [{r}][{c}] にカードがありますが、カードのマスの外です",
        "p_jokers": "{what}: ジョーカーが {count} 回あります",
        "p_joker_none": (
            "{what}: [{r}][{c}] のジョーカーは、このルールのどのカードにも当たりません"
            "（カード: {cards}）"
        ),
        "p_not_play": "{what}: {cards} は出せる組ではありません（{reason}）",
        "p_seats": "状態の 6 行目: 席 {seats} がプレイヤー 0〜4 ではありません",
        "p_ranks": "状態の 6 行目: 順位 {ranks} が 0〜4 ではありません",
        "p_counts": "状態の 6 行目: 枚数 {counts} が 0〜53 ではありません",
        "p_flag": "状態の 5 行目: [5][{i}] = {value}。0 か 1 のはずです",
        "v_actor": "場の表: [5][3] = {actor} はプレイヤー 0〜4 のどれでもありません",
        "uecda_summary": (
            "uecda: プレイヤー {player}（{level}）は {games} ゲームで {wins} 勝（{rate:.1%}）、"
            "平均 {mean:.2f} 位。拒否されたプレイ {refused} 回、差し止め {vetoed} 回。"
            "いちばん長い思考 {longest:.2f} 秒"
        ),
    },
    "en": {
        "no_levels": 'daifugo.cpu_levels is empty: give at least one, e.g. ["normal"]',
        "level": "daifugo.cpu_levels has {value}: use easy, normal or strong",
        "room": "daifugo.room: {reason}",
        "rooms": (
            "{section}.daifugo_rooms has {value}: each room is one of "
            "{choices} (初級 100 / 中級 1,000 / 上級 10,000)"
        ),
        "rule_sets": (
            "{section}.daifugo_rule_sets has {value}: each rule set is 1, 2, 3 or 4, e.g. [1, 3, 4]"
        ),
        "rule_sets_count": (
            "{section}.daifugo_rule_sets lists {given} rule sets for {rooms} rooms: give one per "
            "room in daifugo_rooms' order (or just one for every room)"
        ),
        "cpu_none": "--cpu {value!r} names no level: give e.g. normal,strong",
        "cpu_level": "--cpu {level}: use easy, normal or strong",
        "delay": "--delay-ms {value} is out of range: use 0..10000",
        "room_option": (
            "--room {value} does not exist: choose beginner, intermediate or advanced "
            "(初級/中級/上級)"
        ),
        "uecda_empty": ("--uecda needs a server address: HOST or HOST:PORT, e.g. localhost:42485"),
        "uecda_port": "--uecda {text}: the port must be a number 1-65535, e.g. localhost:42485",
        "uecda_connect": (
            "cannot connect to the UECda server at {host}:{port} ({reason}): start the server "
            "first or check --uecda HOST:PORT"
        ),
        "uecda_stopped": "uecda: the client stopped: {reason}",
        "wire_timeout": (
            "{peer} sent nothing more while waiting for {what} (received {got} of {n} bytes)"
        ),
        "wire_failed": "connection to {peer} failed while waiting for {what}: {reason}",
        "wire_closed": (
            "{peer} closed the connection while waiting for {what} (received {got} of {n} "
            "bytes{start})"
        ),
        "wire_send": "could not send to {peer}: {reason}",
        "peer_server": "the server at {host}:{port}",
        "what_player": "the player number",
        "what_first": "the first table of game {n}",
        "what_hand": "a hand table",
        "what_field": "the field table after a turn",
        "what_flag": "the end-of-turn flag",
        "what_accept": "the accept sign for a play",
        "bad_player": "player number {player}: expected 0-4",
        "not_exchange": (
            "game {n}: expected the card-exchange table ([5][0] = 1), received [5][0] = {got}:"
            "\n{table}"
        ),
        "bad_flag": "end-of-turn flag {flag}: expected 0 (go on), 1 (game over) or 2 (match over)",
        "bad_exchange": (
            "the server asks for {count} card(s) in the exchange from a player ranked {rank}"
        ),
        "bad_accept": "accept sign {answer}: expected {accepted} (accepted) or {refused}",
        "p_table_bytes": "expected a {n}-byte table, received {got} bytes",
        "p_int_bytes": "expected a 4-byte int, received {got} bytes",
        "t_hand": "hand table",
        "t_exchange": "exchange table",
        "t_play": "play table",
        "p_cell_value": "{what}: cell [{r}][{c}] holds {value}, a card cell holds 0, 1 or 2",
        "p_hand_cell": "{what}: cell [{r}][{c}] holds {value}: not a card",
        "p_hand_joker": "{what}: row 4 holds {row}; the joker is 2 at [4][1]",
        "p_outside": "{what}: a card at [{r}][{c}], outside the cards",
        "p_jokers": "{what}: the joker appears {count} times",
        "p_joker_none": (
            "{what}: the joker at [{r}][{c}] stands for no card our rules know (cards: {cards})"
        ),
        "p_not_play": "{what}: {cards} is not a play ({reason})",
        "p_seats": "status row 6: seats {seats} are not the players 0-4",
        "p_ranks": "status row 6: ranks {ranks} are not 0-4",
        "p_counts": "status row 6: card counts {counts} are not 0-53",
        "p_flag": "status row 5: [5][{i}] = {value}, expected 0 or 1",
        "v_actor": "field table: [5][3] = {actor} names no player 0-4",
        "uecda_summary": (
            "uecda: player {player} ({level}) played {games} games: {wins} wins ({rate:.1%}), "
            "mean place {mean:.2f}; {refused} plays refused, {vetoed} vetoed; longest decision "
            "{longest:.2f} s"
        ),
    },
}
KEYS = {
    "players",
    "rule_set",
    "room",
    "cpu_levels",
    "cpu_delay_ms",
    "choose_at_start",
    "starting_chips",
    "player_name",
    "seed",
    "strong_samples",
}


@dataclass(frozen=True)
class DaifugoSettings:
    players: int = 5
    rule_set: int = 1
    room: str = "beginner"
    cpu_levels: tuple[str, ...] = ("normal", "normal", "normal", "normal")
    cpu_delay_ms: int = 800
    choose_at_start: bool = True
    starting_chips: int = 10_000
    player_name: str = ""
    seed: int | None = None
    strong_samples: int = 24

    def level_of(self, cpu_index: int) -> str:
        """Level of the n-th CPU (0-based); a short list repeats its last entry."""
        levels = self.cpu_levels
        return levels[min(cpu_index, len(levels) - 1)]


def parse_settings(table: dict[str, Any]) -> DaifugoSettings:
    d = DaifugoSettings()
    check_keys(SECTION, table, KEYS)
    levels = get_list(SECTION, table, "cpu_levels", str, d.cpu_levels)
    if not levels:
        raise mistake(TEXTS, "no_levels")
    for level in levels:
        if level not in LEVELS:
            raise mistake(TEXTS, "level", value=show(level))
    room_key = get_value(SECTION, table, "room", str, d.room)
    try:
        room_key = room(room_key).key
    except ValueError as exc:
        raise mistake(TEXTS, "room", reason=exc, value=show(room_key)) from exc
    seed = get_seed(SECTION, table)
    return DaifugoSettings(
        players=get_int_in(SECTION, table, "players", d.players, 2, 5),
        rule_set=get_int_in(SECTION, table, "rule_set", d.rule_set, 1, 4),
        room=room_key,
        cpu_levels=tuple(levels),
        cpu_delay_ms=get_int_in(SECTION, table, "cpu_delay_ms", d.cpu_delay_ms, 0, 10_000),
        choose_at_start=get_value(SECTION, table, "choose_at_start", bool, d.choose_at_start),
        starting_chips=get_int_in(
            SECTION, table, "starting_chips", d.starting_chips, 1_000, 100_000_000
        ),
        player_name=get_value(SECTION, table, "player_name", str, d.player_name),
        seed=seed,
        strong_samples=get_int_in(SECTION, table, "strong_samples", d.strong_samples, 2, 500),
    )


def check_section(table: dict[str, Any], base_dir: Path) -> DaifugoSettings:
    """The [daifugo] checker of `bingo check-config` (declared in pyproject.toml)."""
    return parse_settings(table)
