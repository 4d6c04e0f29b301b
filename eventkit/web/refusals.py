"""What `bingo serve` and `games serve` say to the host when they cannot start, in the event's
language (eventkit.i18n tables, Japanese by default): a port another program holds, an address
that is not this computer's, a bad --port / --bind; and the public_url reach check's notes. The commands' own refusals (bingo's journal,
the games' data folder) are in bingo/web/texts.py and games/web/texts.py; `said` makes any of
them a UserError whose `label` (エラー / error) the command prints before it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from eventkit.errors import UserError
from eventkit.i18n import Texts

TABLES: Mapping[str, Mapping[str, Any]] = {
    "ja": {
        "error": "エラー",
        "port_in_use": (
            "ポート {port} はほかのプログラムが使っています。そのプログラムを止めるか、"
            "config.toml の {section}.port（または --port）で別のポートを選んでください"
        ),
        "address_not_here": (
            "アドレス {bind} はこのパソコンのアドレスではありません。{section}.bind を直してください"
        ),
        "link_local": (
            "アドレス {bind} はリンクローカルの IPv6 アドレスです。% のあとにネットワーク名を付けるか"
            "（例: {bind}%wlan0）、{section}.bind（または --bind）にこのパソコンの LAN の"
            "アドレスを書いてください"
        ),
        "cannot_listen": (
            "{bind} のポート {port} で待ち受けできません（{reason}）。{section}.bind と "
            "{section}.port（または --bind と --port）を確かめてください"
        ),
        "port_option": (
            "--port {port} は使えない番号です。1024〜65535 か、空いているポートを使う 0 に"
            "してください"
        ),
        "bind_option": "--bind {bind!r} はこのパソコンの IP アドレスではありません",
        # the public_url reach check (eventkit.web.reach): notes, said at the start
        "reach_unresolved": (
            "{where}: {host} はこのパソコンで名前解決できないため確かめられません（スマホも見つけ"
            'られないかもしれません）。LAN のアドレス（例: "http://192.168.1.20:{port}"）なら'
            "どのスマホでも開けます"
        ),
        "reach_loopback": (
            "{where} はこのパソコン自身（{address}）を指しています。スマホからは届きません。"
            "パソコンの LAN のアドレスを書いてください"
        ),
        "reach_elsewhere": (
            "{where} は {addresses} を指していて、このパソコン（ここ: {here}）ではありません。"
            "{what}がほかのパソコンを開いてしまいます。{section}.public_url を直してください"
            "（またはそのネットワークにつないでください）"
        ),
        "reach_no_lan": "LAN のアドレスなし",
        "reach_any_port": (
            "{where} はポート {url_port} ですが、{section}.port = 0 は空いているポートを使うため、"
            "{what}はどこにも届きません。{section}.port = {url_port} にしてください"
        ),
        "reach_other_port": (
            "{where} はポート {url_port} ですが、サーバーは {port}（{section}.port）で待ち受けます。"
            "転送していなければ{what}は届きません"
        ),
        "what_cards_qr": "カードの QR コード",
        "what_join_qr": "参加用の QR コード",
    },
    "en": {
        "error": "error",
        "port_in_use": (
            "port {port} is already in use by another program: stop it, or choose another port "
            "with {section}.port in config.toml (or --port)"
        ),
        "address_not_here": "address {bind} is not one of this computer's: fix {section}.bind",
        "link_local": (
            "address {bind} is a link-local IPv6 address: it needs its network's name after a % "
            "(e.g. {bind}%wlan0), or use the laptop's LAN address in {section}.bind (or --bind)"
        ),
        "cannot_listen": (
            "cannot listen on {bind} port {port}: {reason}: check {section}.bind and "
            "{section}.port (or --bind and --port)"
        ),
        "port_option": "--port {port} is out of range: use 1024..65535, or 0 for any free port",
        "bind_option": "--bind {bind!r} is not an IP address of this computer",
        "reach_unresolved": (
            "{where}: {host} does not resolve on this laptop, so it cannot be checked (phones "
            'may not find it either): the LAN address, e.g. "http://192.168.1.20:{port}", works '
            "on every phone"
        ),
        "reach_loopback": (
            "{where} names this computer alone ({address}): phones cannot reach it; use the "
            "laptop's LAN address"
        ),
        "reach_elsewhere": (
            "{where} leads to {addresses}, which is not this laptop (here: {here}): {what} would "
            "open another computer; fix {section}.public_url (or join the network it names)"
        ),
        "reach_no_lan": "no LAN address",
        "reach_any_port": (
            "{where} uses port {url_port} but {section}.port = 0 listens on any free port: "
            "{what} reach nothing; set {section}.port = {url_port}"
        ),
        "reach_other_port": (
            "{where} uses port {url_port} but the server listens on {port} ({section}.port): "
            "{what} reach nothing unless something forwards that port"
        ),
        "what_cards_qr": "the cards' QR codes",
        "what_join_qr": "the join QR code",
    },
}


def texts(language: str) -> Texts:
    return Texts(TABLES, language)


def said(
    strings: Texts, key: str, kind: type[UserError] = UserError, **values: object
) -> UserError:
    """A refusal (a `kind`) in `strings`' language, labelled in it too (the commands print
    "エラー: …")."""
    error = kind(strings(key, **values))
    error.label = texts(strings.language)("error")
    return error


def refusal(language: str, key: str, **values: object) -> UserError:
    """One of this table's refusals in `language`."""
    return said(texts(language), key, UserError, **values)


def line(error: UserError) -> str:
    """The terminal's line for a refusal: its label and its message."""
    return f"{error.label}: {error}"
