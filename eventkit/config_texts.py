"""What eventkit says about config.toml, in the event's language (eventkit.i18n tables): the
file that cannot be read, the value helpers' mistakes (eventkit.tomlconf) and the phone servers'
shared keys (eventkit.web.config). Every entry names the key (and the file, the line where
known) and the fix; `tomlconf.mistake` makes a ConfigError of one in the config's language.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

TABLES: Mapping[str, Mapping[str, Any]] = {
    "ja": {
        "label": "設定エラー",
        "refusal_label": "エラー",
        "or": "か",
        "type_int": "整数",
        "type_float": "数",
        "type_str": '文字列（"..."）',
        "type_bool": "true か false",
        "types_int": "整数",
        "types_float": "数",
        "types_str": "文字列",
        "types_bool": "true / false",
        "not_found": (
            "設定ファイル {path} が見つかりません。config.toml のあるフォルダーで実行するか、"
            "--config でファイルを指定してください"
        ),
        "is_folder": "設定ファイル {path} はフォルダーです。.toml ファイルそのものを指定してください",
        "not_utf8": (
            "設定ファイル {path} は UTF-8 のテキストではありません（{start} バイト目: {reason}）。"
            "UTF-8 で保存し直してください"
        ),
        "unreadable": (
            "設定ファイル {path} を読めません（{reason}）。ファイルの場所と読み取りの権限を"
            "確かめてください"
        ),
        "toml_syntax": (
            "{path} の {line} 行 {column} 列目が TOML として正しくありません（{detail}）。"
            '" の閉じ忘れや = の抜けなど、その行の書き方を直してください'
        ),
        "toml_syntax_end": (
            "{path} がファイルの終わりで TOML として正しくありません（{detail}）。"
            '" や ] の閉じ忘れを直してください'
        ),
        "toml_syntax_plain": (
            "{path} が TOML として正しくありません（{detail}）。その書き方を直してください"
        ),
        "too_deep": (
            "{path} はリストや表の入れ子が深すぎて読めません。設定は 2 段までにしてください"
        ),
        "not_section": "'{name}' は [{name}] と書いた節にしてください",
        "not_section_in": "{path} の '{name}' は [{name}] と書いた節にしてください",
        "language": 'event.language = {value} には対応していません。"ja" か "en" にしてください',
        "nul_path": (
            "{section}.{key} = {value}: パスに NUL 文字は使えません。フォルダーかファイルの"
            "名前を書いてください"
        ),
        "unknown_key": (
            "[{section}] に知らないキー '{key}' があります。消すか、次のどれかにしてください: "
            "{choices}"
        ),
        "wrong_type": "{section}.{key} = {value} は{wanted}で書いてください",
        "out_of_range": "{section}.{key} = {value} は範囲外です。{low}〜{high} にしてください",
        "not_list": (
            "{section}.{key} = {value} は{kinds}のリストにしてください"
            "（例: {key} = [{example}, {example}]）"
        ),
        "seed": ('{section}.{key} = {value} は整数にしてください（毎回ちがう抽選にするなら ""）'),
        "colour": '{where} = {value} は色ではありません。"#RRGGBB" の形で書いてください',
        # eventkit.paths.folder_problem: a folder the toolkit would write in
        "folder_is_file": "{path} はファイルで、フォルダーではありません",
        "folder_not_writable": "フォルダー {path} にこのユーザーは書き込めません",
        "folder_parent_file": "{path} を作れません（{parent} はファイルで、フォルダーではありません）",
        "folder_parent_not_writable": (
            "{path} を作れません（フォルダー {parent} にこのユーザーは書き込めません）"
        ),
        # eventkit.web.config: the keys both phone servers share
        "port": (
            "{section}.port = {port} は範囲外です。1024〜65535 か、空いているポートを使う 0 に"
            "してください"
        ),
        "bind": (
            "{section}.bind = {value} は IP アドレスではありません。パソコンの LAN のアドレス"
            '（例: "192.168.1.20"）、どのネットワークでも受けるなら "0.0.0.0"、このパソコン'
            'だけなら "127.0.0.1" にしてください'
        ),
        "public_url": (
            "{section}.public_url = {value} はスマホで開けるアドレスではありません。"
            '"http://<パソコンの LAN のアドレス>:<{section}.port>" の形（例: '
            '"http://192.168.1.20:8080"）にしてください'
        ),
        "public_url_long": (
            "{section}.public_url が {length} 文字あり、QR コードが細かすぎて読み取れません。"
            "{most} 文字までの、パソコンのアドレスとポートだけ（例: "
            '"http://192.168.1.20:8080"）にしてください'
        ),
    },
    "en": {
        "label": "config error",
        "refusal_label": "error",
        "or": " or ",
        "type_int": "a whole number",
        "type_float": "a number",
        "type_str": "text",
        "type_bool": "true or false",
        "types_int": "whole numbers",
        "types_float": "numbers",
        "types_str": "texts",
        "types_bool": "true/false values",
        "not_found": (
            "config file {path} not found: run from the folder holding config.toml "
            "or pass --config PATH"
        ),
        "is_folder": "config file {path} is a folder: pass the .toml file itself",
        "not_utf8": (
            "config file {path} is not UTF-8 text ({reason} at byte {start}): save it as UTF-8"
        ),
        "unreadable": "config file {path} cannot be read: {reason}",
        "toml_syntax": "{path} is not valid TOML: {detail} (at line {line}, column {column})",
        "toml_syntax_end": "{path} is not valid TOML: {detail} (at end of document)",
        "toml_syntax_plain": "{path} is not valid TOML: {detail}",
        "too_deep": (
            "{path} nests lists or tables too deeply to read: settings need at most two levels"
        ),
        "not_section": "'{name}' must be a section written as [{name}]",
        "not_section_in": "'{name}' in {path} must be a section written as [{name}]",
        "language": 'event.language = {value} is not supported: use "ja" or "en"',
        "nul_path": (
            "{section}.{key} = {value}: a path cannot contain a NUL character; "
            "write the folder or file name"
        ),
        "unknown_key": (
            "[{section}] has an unknown key '{key}': remove it or use one of: {choices}"
        ),
        "wrong_type": "{section}.{key} = {value} must be {wanted}",
        "out_of_range": "{section}.{key} = {value} is out of range: use {low}..{high}",
        "not_list": (
            "{section}.{key} = {value} must be a list of {kinds}, "
            "e.g. {key} = [{example}, {example}]"
        ),
        "seed": '{section}.{key} = {value} must be a whole number, or "" for real randomness',
        "colour": '{where} = {value} is not a colour: write it as "#RRGGBB"',
        "folder_is_file": "{path} is a file, not a folder",
        "folder_not_writable": "folder {path} is not writable for this user",
        "folder_parent_file": "{path} cannot be created: {parent} is a file, not a folder",
        "folder_parent_not_writable": (
            "{path} cannot be created: folder {parent} is not writable for this user"
        ),
        "port": (
            "{section}.port = {port} is out of range: use 1024..65535, or 0 for any free port"
        ),
        "bind": (
            "{section}.bind = {value} is not an IP address: use the laptop's LAN address "
            '(e.g. "192.168.1.20"), "0.0.0.0" for every network, or "127.0.0.1" for this '
            "computer only"
        ),
        "public_url": (
            "{section}.public_url = {value} is not a web address phones can open: use "
            '"http://<the laptop\'s LAN address>:<{section}.port>", e.g. '
            '"http://192.168.1.20:8080"'
        ),
        "public_url_long": (
            "{section}.public_url is {length} characters long: its QR codes would be too "
            "dense to scan; use at most {most}, the laptop's address and port, "
            'e.g. "http://192.168.1.20:8080"'
        ),
    },
}
