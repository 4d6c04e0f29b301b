"""What the server itself says to phones (refusals, failures), in the event's language. No aiohttp.

The pages' own words are in static/app.js; these are the answers a phone gets from the server
when something is refused or fails, so that a person reads a sentence, never an errno.
"""

from __future__ import annotations

from eventkit.i18n import Texts

TABLES = {
    "ja": {
        "too_many_yours": (
            "間違ったコードが続いたため、この端末からのコード確認を {seconds} 秒止めています。"
            "カードに印刷されたとおりに、しばらくしてから入力してください。"
        ),
        "too_many_all": (
            "会場全体で間違ったコードが多すぎるため、コードの確認を制限しています"
            "（カードの推測を防ぐため）。{seconds} 秒ほどしてからもう一度どうぞ。"
        ),
        "too_many_tokens": (
            "カードの QR コードと合わないアドレスが続いたため、この端末からの確認を {seconds} 秒"
            "止めています。そのあとでカードの QR コードを読み直すか、印刷されたコードを入力してください。"
        ),
        "claim_disk_full": (
            "申告を記録できませんでした（この会場のパソコンの保存領域がいっぱいです）。"
            "係に知らせてください。申告は使われていないので、あとでもう一度押せます。"
        ),
        "claim_failed": (
            "申告を記録できませんでした（会場のパソコンで書き込みに失敗しました）。"
            "係に知らせてください。申告は使われていないので、もう一度押せます。"
        ),
        "board_problem": "会場の抽選記録を読めません。係が確認中です。",
        # `bingo serve`'s own refusals on the host's terminal (eventkit.web.refusals: the rest)
        "journal_is_folder": (
            "--journal {journal} はフォルダーで、抽選記録のファイルではありません。"
            "bingo draw が表示する記録ファイルを指定するか、--journal を省いてこの大会の記録を使ってください"
        ),
        "serve_busy": (
            "抽選記録 {journal} は、ほかの bingo serve（pid {pid}、ポート {port}）がスマホに配信中です。"
            "そちらを使うか、先にそれを止めてください"
        ),
        "serve_file": (
            "抽選記録の横に {journal}.serve を置けません（{reason}）。"
            "--journal には bingo draw の記録ファイルを指定してください"
        ),
        "not_a_name": "記録ファイルの名前ではありません",
        "note": "お知らせ",
        "no_registry": "--registry なし: ボードは見られますが、カードのページは出ません（404）",
        "paused_disk_full": (
            "抽選は一時停止中です：会場のパソコンの保存領域がいっぱいで、抽選を記録できません。"
            "係が対応中です。"
        ),
        "paused_write_failed": (
            "抽選は一時停止中です：会場のパソコンで抽選を記録できません。係が対応中です。"
        ),
        # the card tables behind this server (bingo.web.tables)
        "tables_away": "テーブルを準備しています。このページは自動で読み込み直します。",
        "link_my_card": "わたしのカード",
        "link_board": "抽選の結果",
        "link_tables": "カードゲームのテーブル",
        "link_scores": "今夜のハイスコア",
        # the host's terminal: the card tables behind this server did not answer
        "tables_no_answer": "カードテーブルのサーバーが応答しません（{reason}）。ショーが起動し直します",
        "tables_no_socket": "カードテーブルへの接続が開きません（{reason}）。ショーが起動し直します",
        "tables_scores_unread": "カードテーブルのハイスコアが読めません（{reason}）",
    },
    "en": {
        "too_many_yours": (
            "Too many wrong codes from this device: codes from it are not checked for "
            "{seconds} s. Then type the code exactly as printed on your card."
        ),
        "too_many_all": (
            "Too many wrong codes from everyone at this event: code checks are limited "
            "(so nobody can guess a card). Please try again in about {seconds} s."
        ),
        "too_many_tokens": (
            "Too many card addresses from this device did not match a card's QR code: they are "
            "not checked for {seconds} s. Then scan your card's QR code again, or type the code "
            "printed on it."
        ),
        "claim_disk_full": (
            "Your claim could not be recorded (the host's computer is out of disk space). "
            "Please tell the host; your claim was not used up, you can press again later."
        ),
        "claim_failed": (
            "Your claim could not be recorded (the host's computer could not write it). "
            "Please tell the host; your claim was not used up, you can press again."
        ),
        "board_problem": "The show's record cannot be read; the host is looking into it.",
        "journal_is_folder": (
            "--journal {journal} is a folder, not a journal: give the show's journal file (the "
            "path `bingo draw` prints), or leave --journal out for the event's own"
        ),
        "serve_busy": (
            "the journal {journal} is already served to phones by another `bingo serve` "
            "(pid {pid}) on port {port}: use that one, or stop it first"
        ),
        "serve_file": (
            "cannot keep {journal}.serve beside the journal ({reason}): give --journal the "
            "show's journal file"
        ),
        "not_a_name": "not a journal file name",
        "note": "note",
        "no_registry": "no --registry: the board works, card pages answer 404",
        "paused_disk_full": (
            "The draw is paused: the host's computer is out of disk space, so no draw can be "
            "recorded. The host is on it."
        ),
        "paused_write_failed": (
            "The draw is paused: the host's computer cannot record the draw. The host is on it."
        ),
        "tables_away": "The card tables are getting ready: this page loads again by itself.",
        "link_my_card": "My card",
        "link_board": "The draw",
        "link_tables": "Card tables",
        "link_scores": "Tonight's high scores",
        "tables_no_answer": "the card tables did not answer ({reason}): the show starts them again",
        "tables_no_socket": "the card tables' socket did not open ({reason}): the show starts them again",
        "tables_scores_unread": "the tables' high scores could not be read ({reason})",
    },
}


# the answers the phone's page shows as they are (app.js puts a claim's failure in the status
# line with textContent); the refusals of codes are shown in the page's own words
SHOWN_ON_THE_PAGE = frozenset(
    {"claim_disk_full", "claim_failed", "paused_disk_full", "paused_write_failed"}
)


class PhrasedTexts(Texts):
    """Japanese answers the page shows with a zero-width space between phrases (BudouX,
    bingo/ui/phrases.py): set as textContent, a phone's line breaks between phrases only."""

    def __call__(self, key: str, **values: object) -> str:
        from bingo.ui.phrases import breakable

        text = super().__call__(key, **values)
        return breakable(text) if key in SHOWN_ON_THE_PAGE else text


def texts(language: str) -> Texts:
    if Texts(TABLES, language).language == "ja":
        return PhrasedTexts(TABLES, language)
    return Texts(TABLES, language)
