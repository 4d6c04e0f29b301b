"""What bingo says about config.toml, in the event's language (eventkit.i18n tables, Japanese by
default): the mistakes in [event], [board], [columns], [display] and [cards] (bingo.config), the
`bingo check-config` report (its summary, missing pictures, warnings and verdict: bingo.cli,
bingo.checkconfig) and a mistake's line as the show reports a save mid-evening
(bingo.config_changes). No Qt.

`JOURNAL_TABLES`: what the draw's journal says (bingo.journal: its errors, its warnings on
resuming, `bingo draw --verify-journal`'s report), in the same language.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from eventkit.i18n import Texts
from eventkit.tomlconf import config_language

TABLES: Mapping[str, Mapping[str, Any]] = {
    "ja": {
        # ---- mistakes (bingo.config)
        "unknown_section": "知らない節かキー '{name}' があります。次のどれかにしてください: {sections}",
        "tie_prizes": (
            'event.tie_prizes = {value} は同点のときの決め方ではありません。"janken"（同じ球で'
            'ビンゴのカードがその順位の賞品をじゃんけんで分ける）か "each"（どのカードもその順位の'
            "賞品をもらう）にしてください"
        ),
        "prizes_many": (
            "event.prizes に賞品が {count} 個あります。順位ごとに 1 つ、{most} 個までにしてください"
        ),
        "prize_text": (
            "event.prizes: {place} 位が {value} です。賞品は当選者ボードに出るので、1〜{most} 文字の"
            '文字列にしてください（例: prizes = ["1等 お米 5kg", "2等 図書カード"]）'
        ),
        "per_column_small": (
            "board.numbers_per_column = {per_column} では {size}x{size} のカードが作れません。"
            "1 列に {size} 個以上の数にしてください"
        ),
        "free_center_even": (
            "board.free_center = true には奇数の board.size が必要です（今は {size}）。"
            "free_center = false にするか、奇数のサイズにしてください"
        ),
        "image_dir_missing": (
            "board.image_dir = {value}: フォルダー {folder} がありません。作るか、image_dir を"
            "絵のあるフォルダーにしてください"
        ),
        "names_count": (
            "columns.names に {count} 個の名前がありますが、盤は {n} 列です（board.size = {n}）。"
            "ちょうど {n} 個にしてください"
        ),
        "names_unique": "columns.names = {names} は {n} 個の、空でないちがう名前にしてください",
        "colours_count": (
            "columns.{what} に {count} 色ありますが、盤は {n} 列です。ちょうど {n} 色にしてください"
        ),
        "number_colors_count": (
            "columns.number_colors に {count} 個あります。列ごと（{n} 個）、数ごと（{total} 個）、"
            "または列の色のままなら [] にしてください"
        ),
        "number_color_index": (
            "columns.number_colors[{j}] = {index} は列の番号ではありません。0〜{last} にしてください"
        ),
        "spin": (
            "display.spin_seconds = {value} は範囲外です。0.2〜10 にしてください（2〜4 がおすすめ）"
        ),
        "voice_rate": (
            "display.voice_rate = {value} は範囲外です。0.5〜2 にしてください（1.0 がふつうの"
            "速さ、0.8 でゆっくり、1.3 で速く）"
        ),
        "draw": (
            'display.draw = {value} は抽選のしかたではありません。"random"（パソコンが引く）か'
            ' "manual"（ガラガラの数を司会が打ち込む）にしてください'
        ),
        "per_page": "cards.per_page = {value} には対応していません。1、2、4、6 のどれかにしてください",
        "page_size": (
            "cards.page_size = {value} には対応していません。次のどれかにしてください: {choices}"
        ),
        "font_missing": (
            "cards.font = {value}: ファイル {file} がありません。.ttf ファイルを指定するか、"
            '内蔵の日本語フォントなら "" にしてください'
        ),
        "bleed": "cards.bleed_mm = {value} は範囲外です。0〜10 にしてください",
        "finish": (
            "cards.finish = {value} は仕上がりサイズではありません。{choices} のどれか、または"
            '"<幅>x<高さ>"（mm、各辺 {low}〜{high} mm、例: "120x170"）にしてください'
        ),
        "profile_missing": (
            "cards.cmyk_profile = {value}: ファイル {file} がありません。CMYK の .icc ファイル"
            '（例: JapanColor2011Coated.icc）を指定するか、入っているものを使うなら "" に'
            "してください"
        ),
        # two pictures for one number (eventkit.images.duplicate_problem's words)
        "twins": "board.image_dir: {line}",
        "twins_line": "{label} の絵が 2 つあります: {named}。{fix}",
        "twins_fix_sample": "{sample} を消して（見本の絵）、{keep} を残してください",
        "twins_fix_any": "{stem} の絵が 1 つになるよう、いらない方を消してください",
        "twins_more": "（ほかに {count} 個も絵が 2 つあります: {more}。それぞれ同じように）",
        "and": " と ",
        "number": "数 {shown}",
        "numbers": "数 {shown}",
        # ---- bingo check-config (bingo.cli, bingo.checkconfig, bingo.config.summary)
        "prize_wide": (
            "event.prizes: {place} 位（{prize}、{count} 文字）は {w}x{h} の当選者ボードに"
            "収まりません（… で切れます）。{keep} 文字くらいまで短くしてください"
        ),
        "warning": "注意",
        "problems": "{path} に {count} 件の問題があります",
        "ok": "設定 OK",
        "config": "設定ファイル: {path}",
        "config_builtin": "設定ファイル: {path}（内蔵の設定。`bingo init` で編集できるコピーを作れます）",
        "event": "イベント: {title}（言語 {language}、使うカード {cards} 枚、{seed}）",
        "seed_none": "乱数はシステムの乱数",
        "seed_set": "シード {seed}",
        "prizes": "賞品: {count} 位まで（{prizes}）。同点: {ties}",
        "prizes_none": "賞品: 名前なし（当選者ボードには順位だけ出ます）",
        "board": (
            "盤: {size}x{size}、1 列 {per_column} 個の数（1〜{total}）、ビンゴ = {threshold} 個"
            "つながり、中央フリー {free}"
        ),
        "on": "あり",
        "off": "なし",
        "columns": "列: {columns}",
        "images": "絵: {found}/{total} 個が {folder} にあります",
        "images_samples": (
            "（見本の絵です。{folder} にはまだ自分の絵がありません。{names} … の名前で置くと、"
            "見本は使われなくなります）"
        ),
        "missing": "見つからない絵: {label}: {folder} に {names} がありません",
        "missing_case": (
            "。{name} はありますが大文字・小文字がちがいます（名前は区別されます）。"
            "{fix} に名前を変えてください"
        ),
        "missing_more": "見つからない絵: ほかに {count} 個",
        "missing_instead": (
            "見つからない絵: 絵のない数は、その列の色で数だけを出します（プロジェクター、"
            "スマホ、印刷するカードとも）"
        ),
        "display": "表示: 回転 {spin} 秒、音 {sound}、{screen}、読み上げ {voice}、{draw}",
        "fullscreen": "全画面",
        "window": "ウィンドウ",
        "voice_on": "あり（速さ {rate}）",
        "draw_manual": "ガラガラの数を打ち込む",
        "draw_random": "パソコンが引く",
        "cards": "カード: {count} 枚、{layout}、絵 {images}、QR {qr}",
        "cards_press": "入稿用（PDF/X-1a、CMYK）: 仕上がり {finish}、1 ページに 1 枚",
        "cards_pages": "{size} に 1 ページ {per_page} 枚",
        "odds_exact": "確率: この盤は正確に計算できます（{size}x{size} ではビンゴ {limit} 個まで）",
        "odds_none": (
            "確率: 出せません。board.threshold = {threshold} は {size}x{size} の盤での上限 "
            "{limit} を超えています。抽選画面は確率なしで動きます（--registry なら、登録した"
            "カードの確率はどの threshold でも出せます）"
        ),
        "odds_kept": "確率: この盤の表はできています（前に作ったもの）",
        "odds_built": "確率: この盤の表を作りました（{took:.1f} 秒、抽選で使います）",
        "journal_folder": "{where}: {problem}。抽選の記録をそこに残せません",
        "journal_folder_default": "記録のフォルダー",
        "journal_name": (
            "記録のファイル名 {name} が長すぎます（{size} / {most} バイト）。"
            "display.journal_dir を設定するか、`bingo draw --journal FILE` で指定してください"
        ),
        "no_sound": (
            "display.sound = true ですが QtMultimedia（PySide6-Addons）が入っていないので、"
            "抽選は音なしです。bash scripts/install.sh --sound で入ります"
        ),
        "no_voice": (
            "display.voice = true ですが {reason}。読み上げはしません"
            "（読み上げなしで動かすなら display.voice = false）"
        ),
        "seed_warning": (
            "event.seed = {seed} が設定されています。リハーサルと同じ数が出るので、本番の抽選には"
            '向きません。本番では seed = "" にしてください'
        ),
        # ---- a mistake saved mid-evening (bingo.config_changes)
        "at_line": "{file} の {line} 行目: {message}",  # ---- bingo init (bingo.builtin, bingo.cli)
        "init_exists": (
            "{config} はもうあります。bingo init は上書きしません。空のフォルダーを選ぶか"
            "（bingo init DIR）、そこにあるファイルを編集してください"
        ),
        "init_not_folder": (
            "{folder} はファイルで、フォルダーではありません。bingo init にはフォルダーを"
            "指定してください"
        ),
        "init_images_not_folder": (
            "{images} はありますが、フォルダーではありません。よそに移してから、もう一度 "
            "bingo init を実行してください"
        ),
        "init_unwritable": "{folder} に書けません（{reason}）。別のフォルダーを選んでください",
        "init_wrote": "{path} を書きました",
        "init_kept_images": "{images}: そのままにしました（あなたの絵です。見本は加えていません）",
        "init_next": "次に: config.toml を編集して、そのフォルダーで `bingo check-config` を実行してください",
        # ---- bingo itself (bingo.cli), in the language of the config it would read
        "stopped_loading": "bingo: 始める前に Ctrl+C で止めました。何もしていません",
        "not_available": "bingo {name}: この版ではまだ使えません",
        # ---- a card key file (bingo.cardcode)
        "key_unreadable": "カードの鍵 {path} を読めません（{reason}）。元に戻してください",
        "key_damaged": (
            "カードの鍵 {path} が壊れています（16 進の秘密ではありません）。カードを印刷した"
            "パソコンから元に戻してください。新しい鍵では印刷したコードと合いません"
        ),
        "key_not_made": (
            "カードの鍵 {path} を作れません（{reason}）。データのフォルダーを確かめてください"
        ),
    },
    "en": {
        "unknown_section": "unknown section or key '{name}': use one of {sections}",
        "tie_prizes": (
            'event.tie_prizes = {value} is not a tie rule: use "janken" (tied cards '
            'play じゃんけん for the prizes of the places they fill) or "each" (each tied card '
            "takes the prize of the place they share)"
        ),
        "prizes_many": "event.prizes lists {count} prizes: at most {most} (one per place)",
        "prize_text": (
            "event.prizes: place {place} is {value}: each prize must be a text of "
            "1 to {most} characters (it is shown on the winners' board), "
            'e.g. prizes = ["1等 お米 5kg", "2等 図書カード"]'
        ),
        "per_column_small": (
            "board.numbers_per_column = {per_column} is too small for a {size}x{size} card: "
            "each column needs at least {size} numbers"
        ),
        "free_center_even": (
            "board.free_center = true needs an odd board.size (it is {size}): "
            "set free_center = false or use an odd size"
        ),
        "image_dir_missing": (
            "board.image_dir = {value}: folder {folder} does not exist; "
            "create it or point image_dir at the folder holding the images"
        ),
        "names_count": (
            "columns.names has {count} names for a {n}-wide board (board.size = {n}): "
            "give exactly {n}"
        ),
        "names_unique": "columns.names = {names} must be {n} different, non-empty names",
        "colours_count": (
            "columns.{what} has {count} colours for a {n}-wide board: give exactly {n}"
        ),
        "number_colors_count": (
            "columns.number_colors has {count} entries: give one per column ({n}), "
            "one per number ({total}), or [] for each column's own colour"
        ),
        "number_color_index": (
            "columns.number_colors[{j}] = {index} is not a column index: use 0..{last}"
        ),
        "spin": "display.spin_seconds = {value} is out of range: use 0.2..10 (2-4 is best)",
        "voice_rate": (
            "display.voice_rate = {value} is out of range: use 0.5..2 "
            "(1.0 = the voice's normal speed, 0.8 slower, 1.3 faster)"
        ),
        "draw": (
            'display.draw = {value} is not a draw mode: use "random" (the computer draws) '
            'or "manual" (the host types the number from a ball cage)'
        ),
        "per_page": "cards.per_page = {value} is not supported: use 1, 2, 4 or 6",
        "page_size": "cards.page_size = {value} is not supported: use one of {choices}",
        "font_missing": (
            "cards.font = {value}: file {file} does not exist; "
            'name a .ttf file or use "" for the built-in Japanese font'
        ),
        "bleed": "cards.bleed_mm = {value} is out of range: use 0..10",
        "finish": (
            "cards.finish = {value} is not a finished size: use one of "
            '{choices} or "<width>x<height>" in mm, each side '
            '{low}-{high} mm (e.g. "120x170")'
        ),
        "profile_missing": (
            "cards.cmyk_profile = {value}: file {file} does not exist; name a "
            'CMYK .icc file (e.g. JapanColor2011Coated.icc) or use "" for the installed one'
        ),
        "twins": "board.image_dir: {line}",
        "twins_line": "two pictures for {label}: {named}; {fix}",
        "twins_fix_sample": "remove {sample} (a sample picture), keep {keep}",
        "twins_fix_any": "remove the one you do not want, so one picture is left for {stem}",
        "twins_more": " ({count} more have two pictures: {more}; the same for each)",
        "and": " and ",
        "number": "number {shown}",
        "numbers": "numbers {shown}",
        "prize_wide": (
            "event.prizes: place {place} ({prize}, {count} characters) does not show whole "
            "on the winners' board at {w}x{h} (it would end in …): shorten it to about {keep} "
            "characters"
        ),
        "warning": "warning",
        "problems": "{count} problem(s) in {path}",
        "ok": "config OK",
        "config": "config: {path}",
        "config_builtin": (
            "config: {path} (the built-in settings: `bingo init` writes an editable copy)"
        ),
        "event": "event: {title} (language {language}, {cards} cards in play, {seed})",
        "seed_none": "seed system randomness",
        "seed_set": "seed {seed}",
        "prizes": "prizes: {count} places ({prizes}); ties: {ties}",
        "prizes_none": "prizes: none named (the winners' board lists places only)",
        "board": (
            "board: {size}x{size}, {per_column} numbers per column (1..{total}), "
            "bingo = {threshold} connected cells, free centre {free}"
        ),
        "on": "on",
        "off": "off",
        "columns": "columns: {columns}",
        "images": "images: {found}/{total} found in {folder}",
        "images_samples": (
            " (the samples: {folder} holds no pictures of its own; put yours there, "
            "named {names} …, and the samples are left out)"
        ),
        "missing": "missing: {label}: no {names} in {folder}",
        "missing_case": (
            "; {name} is there, but the case differs (names are case-sensitive): rename it {fix}"
        ),
        "missing_more": "missing: and {count} more",
        "missing_instead": (
            "missing: without its picture a number is shown as the number alone, in its "
            "column's colour (on the projector, the phones and the printed cards)"
        ),
        "display": "display: spin {spin} s, sound {sound}, {screen}, spoken calls {voice}, {draw}",
        "fullscreen": "full screen",
        "window": "window",
        "voice_on": "on (speed {rate})",
        "draw_manual": "numbers typed from a ball cage",
        "draw_random": "random draw",
        "cards": "cards: {count} cards, {layout}, images {images}, QR {qr}",
        "cards_press": "press (PDF/X-1a, CMYK): finished size {finish}, one card a page",
        "cards_pages": "{per_page} per page on {size}",
        "odds_exact": "odds: exact for this board (threshold up to {limit} on {size}x{size})",
        "odds_none": (
            "odds: not available: board.threshold = {threshold} is above the engine's limit of "
            "{limit} on a {size}x{size} board; the draw display runs without odds, except "
            "with --registry (the registered cards' odds work for any threshold)"
        ),
        "odds_kept": "odds: this board's tables are ready (kept from before)",
        "odds_built": "odds: this board's tables are ready (built in {took:.1f} s, kept for the show)",
        "journal_folder": "{where}: {problem}; the draw could not keep its journal there",
        "journal_folder_default": "the journal folder",
        "journal_name": (
            "the journal's file name {name} is too long ({size} of {most} "
            "bytes): set display.journal_dir, or give `bingo draw --journal FILE`"
        ),
        "no_sound": (
            "display.sound = true, but QtMultimedia (PySide6-Addons) is not installed: the draw "
            "will be silent; bash scripts/install.sh --sound adds it"
        ),
        "no_voice": (
            "display.voice = true, but {reason}: the calls will not be spoken "
            "(set display.voice = false to run without a voice)"
        ),
        "seed_warning": (
            "event.seed = {seed} is set: the draw repeats that rehearsal's numbers "
            'and is not a secure draw; set seed = "" for the event'
        ),
        "at_line": "{file} line {line}: {message}",  # ---- bingo init (bingo.builtin, bingo.cli)
        "init_exists": (
            "{config} already there: bingo init never overwrites; pick an empty folder "
            "(bingo init DIR) or edit the files there"
        ),
        "init_not_folder": "{folder} is a file, not a folder: pick a folder for bingo init",
        "init_images_not_folder": (
            "{images} is there but is not a folder: move it away, then run bingo init again"
        ),
        "init_unwritable": "cannot write into {folder}: {reason}; pick another folder",
        "init_wrote": "wrote {path}",
        "init_kept_images": "{images}: kept as it is (your pictures; no samples added)",
        "init_next": "next: edit config.toml, then `bingo check-config` in that folder",
        # ---- bingo itself (bingo.cli), in the language of the config it would read
        "stopped_loading": "bingo: stopped by Ctrl+C before anything was done",
        "not_available": "bingo {name}: not yet available in this version",
        # ---- a card key file (bingo.cardcode)
        "key_unreadable": "the card key {path} cannot be read ({reason}): restore it",
        "key_damaged": (
            "the card key {path} is damaged (not a hex secret): restore it from the laptop "
            "that printed the cards; a new key would not match the printed codes"
        ),
        "key_not_made": "the card key {path} cannot be made ({reason}): check the data folder",
    },
}


def say(entry: str, /, **params: object) -> str:
    """One of this table's entries in the config's language (eventkit.tomlconf)."""
    return str(Texts(TABLES, config_language())[entry]).format(**params)


# ---- the draw's journal (bingo.journal): its errors (a journal that cannot be used, continued,
# written or kept where it is), its warnings on resuming (a cut-off last line, a side file missing
# or damaged, the old format) and `bingo draw --verify-journal`'s report (bingo.journal's
# verify_journal, bingo.ui.command's verify), said with eventkit.tomlconf's `phrase`.
JOURNAL_TABLES: Mapping[str, Mapping[str, Any]] = {
    "ja": {
        # ---- a record that could not be written
        "disk_full": (
            "記録ファイル {path} のディスクがいっぱいです：何も記録していません。空きを作ってから"
            "もう一度してください"
        ),
        "write_failed": "記録ファイル {path} に書き込めません（{reason}）：何も記録していません",
        "closed": "記録ファイル {path} は閉じています：何も記録していません",
        "closed_reason": "記録ファイルが閉じています",
        # ---- where the journal cannot be kept
        "location": (
            "記録ファイルをそこに置けません：{problem}。config.toml の display.journal_dir に"
            "書き込めるフォルダーを指定するか、--journal FILE を付けてください"
        ),
        "blocking_file": "{file} はファイルで、フォルダーではありません",
        "is_folder": "{path} はフォルダーで、記録ファイルではありません",
        "permission": "{where} を使う許可がありません（ファイルかそのフォルダーが読み取り専用です）",
        "read_only_disk": "{where} は読み取り専用のディスクにあります",
        "name_too_long": "名前 {name}… はファイルシステムには長すぎます",
        "os_problem": "{where}：{reason}",
        "not_journal_file": "{path} は{what}で、記録ファイルではありません",
        "left_as_it_is": "{problem}。そのままにしてあります。--journal にはファイルの名前を指定してください",
        "kind_file": "ふつうのファイル",
        "kind_folder": "フォルダー",
        "kind_link": "シンボリックリンク",
        "kind_device": "デバイス",
        "kind_pipe": "パイプ",
        "kind_socket": "ソケット",
        "kind_other": "特殊なファイル",
        "too_many_damaged": (
            "{path} の壊れた部分の写しが多すぎます。古い .damaged-* ファイルをほかへ移してください"
        ),
        # ---- a journal that cannot be used as it is
        "no_valid_key": "記録ファイル {path}：開始記録に正しい鍵の名前がありません",
        "no_key": (
            "記録ファイル {path} を確かめられません：その鍵 {key_id} が {key_dir} にありません"
            "（鍵はショーを動かしたパソコンにだけあります）"
        ),
        "no_complete_record": (
            "記録ファイル {path} には完全な記録が1件もありません（ただ1行が途中で切れています）"
        ),
        "not_a_record": (
            "記録ファイル {path} の {line} 行目は正しい記録ではありません（行は最後まであるので、"
            "書かれた後に変更されています）"
        ),
        "chain_broken": (
            "記録ファイル {path} の {line} 行目がチェーンと合いません（編集されたか、行が消された"
            "か差し込まれています）"
        ),
        "shortened": (
            "記録ファイル {path} が短くなっています：記録は {have} 件ですが、{head} には {had} 件"
            "書いたとあります（最後の方の記録が消えています）"
        ),
        "head_mismatch": (
            "記録ファイル {path} の {line} 件目の記録が {head} と合いません（記録ファイルが"
            "置き換えられたか編集されています）"
        ),
        "no_start": "記録ファイル {path} の 1 行目：記録ファイルは開始記録で始まるはずです",
        "no_board": "記録ファイル {path} の 1 行目：開始記録にボードがありません",
        "newer": (
            "記録ファイル {path} は新しいバージョン（形式 {version}）で書かれています。"
            "続けるにはツールキットを新しくしてください"
        ),
        "impossible": (
            "記録ファイル {path} の {line} 行目はありえない {kind} 記録です（同じ数字の2度目の"
            "抽選、最後でない数字の取り消し、または形の崩れた記録）"
        ),
        "changed_while_continuing": "記録ファイル {path} が、続ける準備をしているあいだに変わりました",
        "exists": "記録ファイル {path} はもうあります。上書きはしません",
        "not_a_winner": "カード {serial} は当選として記録されていません",
        # ---- warnings on resuming (JournalWarning's text; the show says them by code)
        "warn_old_format": "記録ファイル {path} は古い形式（バージョン1、鍵なし）です",
        "warn_torn_line": (
            "記録ファイル {path}：最後の1行が途中で切れていました（書き込み中の異常終了）。"
            "その行を除き、それまでの {n} 球は残しています"
        ),
        "warn_head_missing": (
            "記録ファイル {path}：確認用ファイル {name} がないので、記録が短くされていても"
            "検出できません"
        ),
        "warn_head_damaged": "記録ファイル {path}：確認用ファイル {name} が壊れています",
        "warn_head_other_game": "記録ファイル {path}：{name} は別のゲームのものです",
        "warn_journal_continued": (
            "記録ファイルの壊れた部分を {name} に保存し、最後の正しい記録（{n}球）から続けています"
        ),
        # ---- bingo draw --verify-journal
        "verify_needs_file": "--verify-journal には確かめる記録ファイルを指定してください",
        "not_found": "記録ファイル {path} がありません",
        "unreadable": "記録ファイル {path} を読めません：{reason}",
        "empty": "記録ファイル {path} は空です：この中でゲームは始まっていません",
        "problems_sep": "。",
        "intact": (
            "記録ファイル {path} は無傷です：記録 {records} 件、{board}で {draws} 球（{chain}）。"
            "監査コード {code}{winners}"
        ),
        "board": "{size}×{size}（1列 {per_column} 個）のボード",
        "board_free": "{size}×{size}（1列 {per_column} 個、中央フリー）のボード",
        "chain": "{kind}、{keyed}",
        "secure": "本番の抽選",
        "rehearsal": "シード {seed} のリハーサル",
        "keyed": "鍵付きのチェーン",
        "unkeyed": "鍵なしのチェーン（古い形式、バージョン1）",
        "typed": "、うち {n} 個はガラガラから入力",
        "winners": "。当選：{winners}",
        "orphaned": "。ビンゴが取り消され、ショーが開くときに当選を取り消すもの：{serials}",
        "withdrawn": "。取り消した当選：{items}",
        "withdrawn_undo": "No.{serial}（第{ball}球でビンゴを取り消し）",
        "withdrawn_host": "No.{serial}（第{ball}球で司会が取り消し）",
        "card": "No.{serial}",
        "list_sep": "、",
        "winner_old": "No.{serial}（第{ball}球で確認）",
        "winner": "No.{serial}（第{bingo}球でビンゴ、{claimed}第{confirmed}球で確認）",
        "claimed": "第{ball}球で申告、",
    },
    "en": {
        # ---- a record that could not be written
        "disk_full": (
            "the disk holding the journal {path} is full: nothing was recorded; free some space "
            "and try again"
        ),
        "write_failed": "the journal {path} could not be written ({reason}): nothing was recorded",
        "closed": "journal {path} is closed: nothing was recorded",
        "closed_reason": "the journal is closed",
        # ---- where the journal cannot be kept
        "location": (
            "the journal cannot be kept there: {problem}. Choose a folder you can write with "
            "display.journal_dir in config.toml, or give --journal FILE"
        ),
        "blocking_file": "{file} is a file, not a folder",
        "is_folder": "{path} is a folder, not a journal file",
        "permission": "permission denied for {where} (the file or its folder is read-only)",
        "read_only_disk": "{where} is on a read-only disk",
        "name_too_long": "the name {name}… is too long for the file system",
        "os_problem": "{where}: {reason}",
        "not_journal_file": "{path} is {what}, not a journal file",
        "left_as_it_is": "{problem}: it is left as it is. Give --journal a file name",
        "kind_file": "a regular file",
        "kind_folder": "a folder",
        "kind_link": "a symbolic link",
        "kind_device": "a device",
        "kind_pipe": "a pipe",
        "kind_socket": "a socket",
        "kind_other": "not a regular file",
        "too_many_damaged": "too many damaged copies of {path}: move the old .damaged-* files away",
        # ---- a journal that cannot be used as it is
        "no_valid_key": "journal {path}: the start record names no valid key",
        "no_key": (
            "journal {path} cannot be checked: its key {key_id} is not in {key_dir} (the key "
            "stays on the computer that ran the show)"
        ),
        "no_complete_record": "journal {path} holds no complete record (its only line was cut off)",
        "not_a_record": (
            "journal {path} line {line} is not a valid record (the line is complete, so it was "
            "changed after it was written)"
        ),
        "chain_broken": (
            "journal {path} line {line} does not match its chain (edited, or lines removed or "
            "inserted)"
        ),
        "shortened": (
            "journal {path} is shorter than it was: it has {have} records but {head} says {had} "
            "were written (records at the end are missing)"
        ),
        "head_mismatch": (
            "journal {path} record {line} does not match {head} (the journal was replaced or "
            "edited)"
        ),
        "no_start": "journal {path} line 1: a journal must begin with a start record",
        "no_board": "journal {path} line 1: the start record has no board",
        "newer": (
            "journal {path} was written by a newer version (format {version}); update the "
            "toolkit to continue it"
        ),
        "impossible": (
            "journal {path} line {line}: impossible {kind} record (a number drawn twice, an undo "
            "of a number that was not the last, or a malformed record)"
        ),
        "changed_while_continuing": "journal {path} changed while it was being continued",
        "exists": "journal {path} already exists; it is never overwritten",
        "not_a_winner": "card {serial} is not a recorded winner",
        # ---- warnings on resuming (JournalWarning's text; the show says them by code)
        "warn_old_format": "journal {path} is in the old unkeyed format (version 1)",
        "warn_torn_line": (
            "journal {path}: the last line was cut off (a crash while writing); it was dropped "
            "and the {n} draws before it are kept"
        ),
        "warn_head_missing": (
            "journal {path}: its side file {name} is missing, so a shortened journal could not "
            "be detected"
        ),
        "warn_head_damaged": "journal {path}: its side file {name} is damaged",
        "warn_head_other_game": "journal {path}: {name} is from another game",
        "warn_journal_continued": (
            "the damaged end of the journal is kept in {name}; the show goes on from the last "
            "valid record ({n} draws)"
        ),
        # ---- bingo draw --verify-journal
        "verify_needs_file": "--verify-journal needs the journal file to check",
        "not_found": "journal {path} not found",
        "unreadable": "journal {path} cannot be read: {reason}",
        "empty": "journal {path} is empty: no game was started in it",
        "problems_sep": "; ",
        "intact": (
            "journal {path} is intact: {records} records, {draws} numbers drawn on a {board} "
            "({chain}); audit code {code}{winners}"
        ),
        "board": "{size}x{size} board with {per_column} numbers per column",
        "board_free": "{size}x{size} board with {per_column} numbers per column, free centre",
        "chain": "{kind}, {keyed}",
        "secure": "secure draw",
        "rehearsal": "rehearsal with seed {seed}",
        "keyed": "keyed chain",
        "unkeyed": "unkeyed chain (old format, version 1)",
        "typed": "; {n} of the numbers typed from a ball cage",
        "winners": "; winners: {winners}",
        "orphaned": "; bingo undone, to be withdrawn when the show opens it: {serials}",
        "withdrawn": "; withdrawn: {items}",
        "withdrawn_undo": "No.{serial} (its bingo undone at ball {ball})",
        "withdrawn_host": "No.{serial} (by the host at ball {ball})",
        "card": "No.{serial}",
        "list_sep": ", ",
        "winner_old": "No.{serial} at ball {ball}",
        "winner": "No.{serial} bingo at ball {bingo} ({claimed}confirmed at {confirmed})",
        "claimed": "claimed at {ball}, ",
    },
}
