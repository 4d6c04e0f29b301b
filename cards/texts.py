"""What `bingo cards` says when it refuses, in the event's language (eventkit.i18n tables,
Japanese by default, English with event.language = "en"): its options (cards/command.py), a
layout that cannot print or would print too small (cards/layout.py, cards/pdf.py), the fonts,
the press's CMYK profile (cards/press.py), and the one validation check-config repeats
(cards/validate.py). `eventkit.tomlconf.refused` makes a refusal of an entry (labelled
エラー / error), `phrase` says a part of one. No Qt.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

TABLES: Mapping[str, Mapping[str, Any]] = {
    "ja": {
        # ---- the page and its grid (cards/layout.py)
        "page_size": "用紙サイズ '{page_size}' には対応していません。次のどれかにしてください: {choices}",
        "per_page": "1 ページに {per_page} 枚には対応していません。1、2、4、6 のどれかにしてください",
        "bleed": "塗り足し {bleed_mm} mm は範囲外です。0〜10 にしてください",
        # ---- fonts (cards/pdf.py)
        "font_unusable": (
            'cards.font = "{path}" は使えません（{reason}）。TrueType の .ttf ファイルを指定するか'
            "（PostScript アウトラインの OpenType .otf/.ttc は埋め込めません）、内蔵の日本語フォント"
            'なら "" にしてください'
        ),
        "builtin_font": "内蔵フォント {family}",
        "no_glyph": (
            "{origin} には {where} の「{ch}」（U+{code:04X}）の字形がありません。文字を変えるか、"
            "その字のある TrueType フォントを cards.font に指定してください"
        ),
        "rule_text": "ルールの文",
        "the_numbers": "数字",
        # ---- the sizes a player reads (cards/pdf.py)
        "finish": (
            "--finish {finish} は仕上がりサイズではありません。{sizes} のどれか、または mm で"
            "<幅>x<高さ>（どの辺も {low:g}〜{high:g} mm、例: 120x170）にしてください"
        ),
        "larger_finish": "もっと大きな --finish（{sizes}）にしてください",
        "largest_finish": "いちばん大きな仕上がりサイズでも足りません。小さい盤にしてください",
        "small_numbers_press": (
            "仕上がり {finish} の {size}x{size} のカードでは数字が {points:.1f} pt になり、"
            "ひと目で読むには小さすぎます。{remedy}"
        ),
        "per_page_fits": (
            "--per-page {fits}（{page} 1 ページで数字が {floor:g} pt 以上になるいちばん多い枚数）"
            "にするか、もっと大きな --page にしてください"
        ),
        "larger_page": "もっと大きな --page にしてください",
        "small_numbers": (
            "{size}x{size} のカードを {page} 1 ページに {per_page} 枚にすると、数字が {points:.1f} pt"
            "（数字の高さ {mm:.1f} mm）になり、ひと目で読むには小さすぎます。{advice}"
        ),
        "where_press": "仕上がり {finish} の印刷所用カード",
        "where_page": "{page} 1 ページに {per_page} 枚のカード",
        "small_title": (
            'event.title "{title}" は、{where}で {size:.1f} pt になり、2 行にしても {floor:g} pt '
            '未満です。短くしてください。入るいちばん長い形は "{fits}"（{length} 文字）です'
        ),
        "what_rule": "ルールの文",
        "what_code": "番号とスマホ用コード",
        "small_text": "{what}は、{where}で {points:.1f} pt になり、{floor:g} pt 未満です。{remedy}",
        "fewer_per_page": "--per-page を減らすか、もっと大きな --page にしてください",
        # ---- the press's CMYK profile (cards/press.py)
        "install_hint": (
            "Japan Color のプロファイルを入れてください（Debian: non-free を有効にして apt install "
            "icc-profiles。bash scripts/install.sh が入れます）。または [cards] cmyk_profile に "
            "JapanColor2001Coated.icc などの CMYK の .icc ファイルを指定してください"
        ),
        "no_profile": "--press には CMYK の ICC プロファイルが要りますが、見つかりません。{hint}",
        "not_cmyk": (
            "cards.cmyk_profile {profile} は {space} のプロファイルです。--press には "
            "JapanColor2001Coated.icc などの CMYK のものが要ります"
        ),
        "profile_unreadable": "CMYK プロファイル {profile} を読めません（{reason}）。{hint}",
        "profile_unreadable_plain": "CMYK プロファイル {profile} を読めません（{reason}）",
        # ---- the validation check-config shares (cards/validate.py)
        "no_image_folder": (
            "絵のフォルダー {folder} がありません。作るか、board.image_dir をそこに向けるか、"
            "絵なしのマスにするなら --no-images を付けてください"
        ),
        "press_would_refuse": "bingo cards --press なら断られます: {problem}",
        # ---- the command's options (cards/command.py)
        "page_option": "--page {value} は知らない用紙サイズです。次のどれかにしてください: {choices}",
        "per_page_option": "--per-page {per_page} は使えません。1、2、4、6 のどれかにしてください",
        "bleed_option": (
            "--bleed {bleed:g} は使えません。0〜10 mm にしてください（印刷所用のファイルは "
            "--press で、塗り足しは 3 mm）"
        ),
        "and": " と ",
        "press_with_page": (
            "--press は 1 ページに仕上がりカード 1 枚なので、{given} は使えません。サイズは "
            "--finish で指定するか（今は {finish}）、家で印刷するなら --press を外してください"
        ),
        "finish_without_press": (
            "--finish {finish} は印刷所用ファイルの仕上がりサイズです。--press を付けるか"
            "（または cards.press = true）、家で印刷するなら --page と --per-page を使ってください"
        ),
        "out_folder": (
            "--out {out} はフォルダーです。カードのファイル名を指定してください（例: --out "
            "cards.pdf。.csv の台帳とチェック表はその隣に書かれます）"
        ),
        "out_not_pdf": "--out {out}: .pdf の名前にしてください。.csv の台帳はその隣に書かれます",
        "out_no_folder": (
            "{out} を書けません。フォルダー {folder} がありません。作るか、別の --out にしてください"
        ),
        "out_empty": (
            '--out "": カードのファイル名を指定してください（例: --out cards.pdf。.csv の台帳と'
            "チェック表はその隣に書かれます）"
        ),
        "png_unwritable": (
            "{folder} に PNG を書けません（{reason}）。何も書かず、前のファイルはそのままです。"
            "空きを作るか、別の --png フォルダーにしてください"
        ),
        "out_unwritable": (
            "{out} を書けません（{reason}）。何も書かず、前のファイルはそのままです。空きを作るか、"
            "別の --out にしてください"
        ),
        "append_nothing": (
            "--append: 追加する台帳 {registry} がありません。最初の分は --append なしで作るか、"
            "最初の分の --out を指定してください"
        ),
        "append_batches_damaged": (
            "--append: {batches} が壊れているため、前の分を確かめられません。ページ下のシード"
            "（シード / seed）から作り直すか（`bingo cards --seed S --count N --force`、そのあと"
            "各分を `--seed S --count N --append --force`。鍵がコードを保ちます）、そのファイルを"
            "よけて台帳をそのまま追加してください（前のシードはわからなくなります）"
        ),
        "append_other_board": (
            "--append: {registry} は別の盤の設定で作られました（設定の指紋 {old}、今は {now}: "
            "盤のサイズ、数、中央の FREE、ビンゴの数、列の名前のどれかがちがいます）。最初の分の"
            "設定を使ってください"
        ),
        "append_count_changed": (
            "--append: {registry} には {count} 枚ありますが、{batches} の記録は {recorded} 枚"
            "です。台帳は作ったあとに変えられています: {hint}"
        ),
        "append_no_key": (
            "--append: {registry} のカードの鍵がありません（カードに印刷したコードはこの鍵で"
            "作られています）。{key} に置いてください"
        ),
        "append_first_serial": (
            "--append は台帳の最後の番号の次から続けます。--first-serial を外してください"
        ),
        "first_serial": "--first-serial {first}: 番号は 0 以上にしてください",
        "count_none": "--count {count}: 1 枚以上にしてください",
        "count_many": (
            "--count {count}: 1 回に {most:,} 枚までです。どうしても要るなら --append で何回かに"
            "分けて作ってください"
        ),
        "count_registry_full": (
            "--count {count}: 台帳にはもう {existing:,} 枚あり、{most:,} 枚までしか入りません。"
            "{left:,} 枚以下にしてください"
        ),
        "count_left": (
            "--count {count}: 台帳の {existing} 枚のほかに、ちがうカードは {left} 枚しか残って"
            "いません。{left} 枚以下にしてください"
        ),
        "count_distinct": (
            "--count {count}: 1 列 {per_column} 個の数では、ちがう {size}x{size} のカードは "
            "{total} 枚しかありません。{total} 枚以下にするか、board.numbers_per_column を"
            "増やしてください"
        ),
        "serials_long": (
            "番号が {last} までになります。抽選画面のカード確認は {digits} 桁までです。"
            "--first-serial か --count を小さくしてください"
        ),
        "taken_registry": "{registry} は作ったカードの台帳です",
        "taken_file": "{path} がすでにあります",
        "taken_append_hint": "カードを足すなら --append、",
        "taken": (
            "{what}。{hint}置き換えるなら --force（前のファイルはバックアップに残ります）、"
            "または別の --out にしてください"
        ),
        # ---- the files a run writes (cards/output.py)
        "target_unchecked": "確かめられません（{reason}）",
        "target_link": "シンボリックリンク（{to} へ）です。本当のパスを指定してください",
        "target_folder": "フォルダーです。ファイル名を指定してください",
        "target_device": "デバイスで、ふつうのファイルではありません。bingo cards は置き換えません",
        "target_not_file": "ふつうのファイルではありません。bingo cards は置き換えません",
        "target": "{path} を書けません: {reason}",
        "png_target": "--png: {path} を置き換えられません: {reason}",
        "backups_full": "{path} のバックアップを残せません。その名前のバックアップが多すぎます",
        "folder_busy": (
            "ほかの bingo cards が今 {folder} に書いています。終わるのを待ってから、もう一度"
            "実行してください"
        ),
        "png_not_folder": "--png {folder} はフォルダーではありません。PNG 用のフォルダーを指定してください",
        "png_no_parent": (
            "--png {folder}: フォルダー {parent} がありません。作るか、別の --png フォルダーに"
            "してください"
        ),
        "png_cannot_create": "PNG のフォルダー {folder} を作れません（{reason}）",
        "png_taken": (
            "--png {folder} にはもうカードの PNG があります（{first} …）。空のフォルダーにするか、"
            "置き換えるなら --force を付けてください"
        ),
        "png_unwritable_folder": (
            "PNG のフォルダー {folder} に書けません（{reason}）。別の --png フォルダーにしてください"
        ),
        "file_unwritable": "{path} を書けません（{reason}）。別の --out にしてください",
        "code_for_no_card": (
            "--code-for {serial}: {registry} にカード {serial} はありません（カードは "
            "{first}〜{last}）"
        ),
        "code_for_no_key": (
            "--code-for {serial}: {registry} の隣にカードの鍵（{key}）がありません。スマホ用"
            "コードなしで印刷したカードか、鍵が別の場所にあります"
        ),
        # ---- what a run tells the host (cards/command.py, cards/style.py)
        "note": "お知らせ: {text}",
        "warning": "注意: {text}",
        "stale_temps": "前に止められた実行が残した一時ファイルを {count} 個消しました（{first} …）",
        "stopped_before": (
            "bingo cards: {signal} で止めました。何も書いておらず、前のファイルはそのままです"
        ),
        "stopped_after": "bingo cards: ファイルを書き終えてから止めました",
        "layout_press": "仕上がり {finish} で {pages} ページ、1 ページに 1 枚",
        "layout_page": "{page} で {pages} ページ、1 ページに {per_page} 枚",
        "wrote": (
            "{pdf} を書きました（{count} 枚、番号 {first}〜{last}、{layout}）。登録ファイル "
            "{registry}（{registry_cards} 枚）と確認用シート {check_sheet} も書きました。シード {seed}"
        ),
        "wrote_png": "{count} 個の PNG ファイルを {folder} に書きました",
        "key_made": (
            "どのカードにもスマホ用コード（No.<番号>-<5 文字>）があります。コードの鍵は {key} です。"
            "{registry} と一緒に保管し（ショーはそこから読みます。ショーを別のパソコンで動かすなら"
            "両方コピーしてください）、だれにも渡さないでください"
        ),
        "key_kept": (
            "どのカードにもスマホ用コード（No.<番号>-<5 文字>）があります。コードの鍵は {key} です"
            "（前からある鍵です。これで作ったカードのコードのまま）。{registry} と一緒に保管し"
            "（ショーはそこから読みます。ショーを別のパソコンで動かすなら両方コピーしてください）、"
            "だれにも渡さないでください"
        ),
        "backups": "前のファイルを {paths} として残しました",
        "press_note": "PDF/X-1a:2003、CMYK への変換: {how}",
        "odds_stopped": "確率: 表は作っていません（止めました）。ショーが始まるときに作ります",
        "no_images": (
            "{folder} に絵のファイル {examples}{more} がありません。そのマスは絵なしで印刷します"
            "（`bingo check-config` がひとつずつ名前を挙げます）"
        ),
        "and_more": " ほか {count} 個",
        # ---- a card set's batches and key (cards/cardset.py)
        "set_batch": "{number} 回目の印刷",
        "set_batch_made": "{number} 回目の印刷（{made} 作成）",
        "remake_seed": (
            "ページの下の欄にあるシードからカードを作り直してください（`bingo cards --seed S "
            "--count N --force`。登録ファイルの隣の鍵でコードは同じになります）"
        ),
        "remake_step": "`bingo cards --seed {seed} --count {count}{start} {mode} --out {pdf}`",
        "remake_then": "、次に ",
        "remake_steps": (
            "記録されたシードから作り直してください: {steps}（隣の鍵でコードは同じになります。"
            "--force は変えられたファイルを控えとして残します）"
        ),
        "set_card_missing": (
            "{registry}: {batch}のカード {missing} がありません。登録ファイルは作った後で"
            "変えられています。{hint}"
        ),
        "set_unchecksummed": (
            "{registry}: {batch}は行のチェックサムを記録する前に作られたので、そのカードは"
            "確かめられません"
        ),
        "set_row_differs": (
            "{registry} の {line} 行目（カード {serial}）が、{batch}の記録した行と違います。"
            "登録ファイルは作った後で変えられています（表計算ソフトで開いて保存しましたか？）。"
            "{hint}"
        ),
        "set_batch_damaged": "{batches}: {batch}の記録が壊れています",
        "set_no_batch": (
            "{registry} の {line} 行目（カード {serial}）は、記録されたどの印刷にも入っていません。"
            "登録ファイルは作った後で変えられています。{hint}"
        ),
        "set_key_missing": (
            "{registry} のカードの鍵がありません。それで作った cards.key（鍵 ID {key_id}）を "
            "{path} に置いてください"
        ),
        "set_key_wrong": (
            "{path}（鍵 ID {key_id}）は {registry} のカード（鍵 ID {wanted}）を作った鍵では"
            "ありません。そのカードの cards.key を {path} に置いてください"
        ),
        "set_key_shared": (
            "{path} はほかのユーザーも読めます（モード {mode:o}）。これがあればどのカードも"
            "開けます。次を実行してください: chmod 600 {path}"
        ),
        "set_key_not_copied": (
            "カードの鍵は前の場所 {old} にあります。登録ファイルの隣にコピーできませんでした"
            "（{reason}）。自分で {new} にコピーしてください"
        ),
        "set_key_copied": (
            "カードの鍵を {old} から {new} にコピーしました（鍵はカードと一緒に動きます。"
            "前のファイルは残してあります）"
        ),
        "set_batches_damaged": (
            "{batches} が壊れているので、{registry} のカードを確かめられません。ページの下の欄の"
            "シード（シード / seed）から作り直してください: `bingo cards --seed S --count N "
            "--force`、そのあとの印刷ごとに `--seed S --count N --append --force`（登録ファイルの"
            "隣の鍵でコードは同じになります。--force が残した *.backup-….batches.json は、"
            "置き換えられた前のカードのもので、これらのカードのものではありません）"
        ),
        "set_no_record": (
            "{registry} には印刷の記録（{batches}）がありません。行を確かめられません"
        ),
        "set_no_key": (
            "{registry} の隣にカードの鍵（{key}）がありません。印刷したスマホ用コードを"
            "確かめられません"
        ),
        # ---- the preflight report printed after every run (cards/preflight.py)
        "pf_none": "なし",
        "pf_head": "{name} のプリフライト: PDF {version}、{pages} ページ{read}、{size:.2f} MB{pdfx}",
        "pf_read": "（{read} ページを全部読みました）",
        "pf_pdfx": "、{pdfx}（出力インテント {intent}）",
        "pf_spaces": "  色空間: {spaces}",
        "pf_no_text": "  いちばん小さな文字: 文字なし",
        "pf_smallest": "  いちばん小さな文字: {size}",
        "pf_points": "{points:.1f} pt",
        "pf_none_on_cards": "カードの上にはなし",
        "pf_footer": "（カードの外のページ下の欄: {points:.1f} pt）",
        "pf_no_pictures": "  絵: なし",
        "pf_lowest_ppi": "  いちばん低い絵の解像度: 印刷の大きさで {ppi:.0f} ppi",
        "pf_source_ppi": "（埋め込んだもの）。元のファイルでは {ppi:.0f} ppi",
        "pf_low_pictures": (
            "  警告: {count} 枚の絵が印刷の大きさで {floor} ppi 未満で、拡大されて印刷はぼやけます: "
            "{named}{more}。もっと大きな画像ファイルにしてください"
        ),
        "pf_picture": "{name}（{ppi:.0f} ppi）",
        "pf_no_small_text": "  {floor:g} pt 未満の文字: なし",
        "pf_small_text": "  {floor:g} pt 未満の文字のインク: {inks}",
        "pf_ink": "{ink}（{size:.1f} pt から）",
        "pf_ink_only": "{ink} のみ（{size:.1f} pt から）",
        "pf_fonts": "  フォント: {fonts}",
        "pf_embedded": "{name}（埋め込み済み）",
        "pf_not_embedded": "{name}（埋め込まれていません）",
        "pf_trim": (
            "  どのページにも TrimBox {width:.1f} x {height:.1f} mm、その外に BleedBox {bleed:.1f} mm"
        ),
        "pf_no_trim": "  TrimBox/BleedBox なし（家庭やコンビニで印刷するもの）",
        "pf_trim_missing": "  {pages} ページに TrimBox がありません",
        "pf_not_pdfx": "  文書情報: PDF/X ではありません（要りません）",
        "pf_info_missing": "足りない: {keys}",
        "pf_info_xmp": "XMP と違う: {keys}",
        "pf_info_bad": "  文書情報: {parts}",
        "pf_info_ok": "  文書情報: {keys}、XMP と同じ",
        "pf_transparency": "  透明: {found}",
        # ---- a card registry that does not read or does not fit (cards/registry.py)
        "reg_not_found": (
            "カードの登録ファイル {path} が見つかりません。カードの PDF の隣に書かれた .csv を"
            "指定してください"
        ),
        "reg_not_file": (
            "カードの登録ファイル {path} はファイルではありません。カードの PDF の隣に書かれた "
            ".csv を指定してください"
        ),
        "reg_field_long": "{limit:,} 文字より長い欄があります",
        "reg_not_csv": "CSV として読めません（{detail}）",
        "reg_bad_csv": "{path} の {line} 行目: {reason}。bingo cards が書いた登録ファイルではありません",
        "reg_unreadable": "カードの登録ファイル {path} を読めません（{reason}）",
        "reg_where": "{path} の {line} 行目",
        "reg_where_card": "{where}（カード {serial}）",
        "reg_serial_negative": "{where}: 番号 {text} が負の数です。番号は 0 以上です",
        "reg_serial_not_number": "{where}: 番号 {text} は整数ではありません",
        "reg_serial_long": (
            "{where}: 番号 {text}… は {digits} 桁を超えていて、カードの確認で入力できません"
        ),
        "reg_cell": "{where}: マス {text} は数か {free} にしてください",
        "reg_free_not_centre": (
            "{where}: {row} 行 {column} 列が {free} です。フリーにできるのは、大きさが奇数の"
            "カードの真ん中のマスだけです"
        ),
        "reg_column": "{column} 列",
        "reg_columns": "{first} 列と {second} 列",
        "reg_twice": "{where}: {number} がカードに 2 回あります（{columns}）",
        "reg_no_serial_column": (
            "{path} はカードの登録ファイルではありません。最初の列は 'serial' のはずです"
        ),
        "reg_header": "{path}: 見出しは正方形のカードの serial, r1c1, r1c2, … のはずです",
        "reg_size": (
            "{path}: {size}x{size} マスのカードです。ビンゴカードは {low}〜{high} 行・列です"
        ),
        "reg_fields": "{where}: 欄が {count} 個あります。{expected} 個のはずです",
        "reg_serial_twice": "{where}: 番号 {serial} が 2 回あります（{line} 行目にも）",
        "reg_same_card": "{where}: カード {other} と同じ数です。カードはどれも違うはずです",
        "reg_empty": (
            "{path} には見出しだけで、カードがありません。登録ファイルをまるごと指定してください"
        ),
        "reg_board_size": (
            "カードの登録ファイル {path} のカードは {size}x{size} ですが、config.toml は "
            "board.size = {board} です。この盤で印刷した登録ファイルを指定してください"
        ),
        "reg_board_free": (
            "{path} のカード {serial} は {row} 行 {column} 列が FREE ですが、この盤にはフリーの"
            "マスがありません（board.free_center）"
        ),
        "reg_board_column": (
            "{path} のカード {serial}: {number} はこの盤の {column} 列には入りません。"
            "別の設定で作った登録ファイルです"
        ),
        "reg_board_centre": (
            "{path} のカード {serial} は真ん中が {number} ですが、この盤では真ん中はフリーです"
            "（board.free_center）。別の設定で作った登録ファイルです"
        ),
    },
    "en": {
        "page_size": "page size '{page_size}' is not supported: use one of {choices}",
        "per_page": "{per_page} cards per page is not supported: use 1, 2, 4 or 6",
        "bleed": "bleed {bleed_mm} mm is out of range: use 0..10",
        "font_unusable": (
            'cards.font = "{path}" cannot be used ({reason}): name a TrueType .ttf file '
            "(OpenType .otf/.ttc with PostScript outlines cannot be embedded), "
            'or use "" for the built-in Japanese font'
        ),
        "builtin_font": "the built-in font {family}",
        "no_glyph": (
            '{origin} has no glyph for "{ch}" (U+{code:04X}) in {where}: change the text '
            "or set cards.font to a TrueType font that has it"
        ),
        "rule_text": "the rule text",
        "the_numbers": "the numbers",
        "finish": (
            "--finish {finish}: not a finished size; use one of {sizes} or <width>x<height> in "
            "mm, each side {low:g}-{high:g} mm (e.g. 120x170)"
        ),
        "larger_finish": "choose a larger --finish ({sizes})",
        "largest_finish": "the largest finished size is not enough: use a smaller board",
        "small_numbers_press": (
            "{size}x{size} cards of finished size {finish} would print their numbers at "
            "{points:.1f} pt, too small to read at a glance: {remedy}"
        ),
        "per_page_fits": (
            "use --per-page {fits} (the most per {page} page that prints them at {floor:g} pt "
            "or more), or a larger --page"
        ),
        "larger_page": "use a larger --page",
        "small_numbers": (
            "{size}x{size} cards {per_page} per {page} page would print their numbers at "
            "{points:.1f} pt ({mm:.1f} mm digits), too small to read at a glance: {advice}"
        ),
        "where_press": "a {finish} press card",
        "where_page": "cards {per_page} per {page} page",
        "small_title": (
            'event.title "{title}" would print at {size:.1f} pt on {where}, under {floor:g} pt '
            'even on two lines: shorten it; the longest that fits is "{fits}" ({length} '
            "characters)"
        ),
        "what_rule": "the rule text",
        "what_code": "the serial and phone code",
        "small_text": "{what} would print at {points:.1f} pt on {where}, under {floor:g} pt: {remedy}",
        "fewer_per_page": "choose fewer --per-page or a larger --page",
        "install_hint": (
            "install a Japan Color profile (Debian: enable the non-free component and apt "
            "install icc-profiles; bash scripts/install.sh does), or set [cards] cmyk_profile "
            "to a CMYK .icc file such as JapanColor2001Coated.icc"
        ),
        "no_profile": "--press needs a CMYK ICC profile and none was found: {hint}",
        "not_cmyk": (
            "cards.cmyk_profile {profile} is a {space} profile: --press needs a CMYK one such as "
            "JapanColor2001Coated.icc"
        ),
        "profile_unreadable": "the CMYK profile {profile} cannot be read ({reason}): {hint}",
        "profile_unreadable_plain": "the CMYK profile {profile} cannot be read ({reason})",
        "no_image_folder": (
            "the image folder {folder} does not exist: create it, point board.image_dir at it, "
            "or pass --no-images for plain cells"
        ),
        "press_would_refuse": "bingo cards --press would refuse: {problem}",
        "page_option": "--page {value}: unknown page size; use one of {choices}",
        "per_page_option": "--per-page {per_page}: use 1, 2, 4 or 6",
        "bleed_option": (
            "--bleed {bleed:g}: use 0..10 mm (a print shop's file is --press, with 3 mm bleed)"
        ),
        "and": " and ",
        "press_with_page": (
            "--press prints one finished card a page, so {given} cannot apply: give its size "
            "with --finish (now {finish}), or leave out --press for a home print"
        ),
        "finish_without_press": (
            "--finish {finish} is the finished size of a print-shop file: add --press "
            "(or set cards.press = true), or use --page and --per-page for a home print"
        ),
        "out_folder": (
            "--out {out} is a folder: give a file name for the cards, e.g. --out cards.pdf "
            "(the .csv registry and the checking sheet are written beside it)"
        ),
        "out_not_pdf": "--out {out}: give a .pdf name; the .csv registry is written next to it",
        "out_no_folder": (
            "cannot write {out}: folder {folder} does not exist; create it or choose another --out"
        ),
        "out_empty": (
            '--out "": give a file name for the cards, e.g. --out cards.pdf (the .csv registry '
            "and the checking sheet are written beside it)"
        ),
        "png_unwritable": (
            "cannot write the PNGs in {folder}: {reason}; nothing was written and the old files "
            "are kept; free some space or choose another --png folder"
        ),
        "out_unwritable": (
            "cannot write {out}: {reason}; nothing was written and the old files are kept; free "
            "some space or choose another --out"
        ),
        "append_nothing": (
            "--append: there is no registry {registry} to add to; make the first batch without "
            "--append (or give the --out of the first batch)"
        ),
        "append_batches_damaged": (
            "--append: {batches} is damaged, so the earlier batches cannot be verified: remake "
            "the batches from the seeds on their pages' footers (シード / seed; `bingo cards "
            "--seed S --count N --force`, then `--seed S --count N --append --force` for each "
            "later one; the key keeps the codes), or move it aside to append to the registry as "
            "it is (the earlier seeds are then lost)"
        ),
        "append_other_board": (
            "--append: {registry} was made with other board settings (config fingerprint {old}, "
            "now {now}: board size, numbers, free centre, threshold or column names differ); "
            "use the config of the first batch"
        ),
        "append_count_changed": (
            "--append: {registry} holds {count} cards but {batches} records {recorded}: the "
            "registry was changed after it was made: {hint}"
        ),
        "append_no_key": (
            "--append: the card key of {registry} is missing (the codes printed on its cards "
            "were made with it): put it at {key}"
        ),
        "append_first_serial": (
            "--append continues after the registry's last serial: leave out --first-serial"
        ),
        "first_serial": "--first-serial {first}: serials start at 0 or more",
        "count_none": "--count {count}: give at least 1 card",
        "count_many": (
            "--count {count}: at most {most:,} cards per run; make them in several runs with "
            "--append if you really need more"
        ),
        "count_registry_full": (
            "--count {count}: the registry already holds {existing:,} cards and may hold at most "
            "{most:,}; ask for at most {left:,}"
        ),
        "count_left": (
            "--count {count}: only {left} different cards are left after the {existing} in the "
            "registry; ask for at most {left}"
        ),
        "count_distinct": (
            "--count {count}: only {total} different {size}x{size} cards exist with {per_column} "
            "numbers per column; ask for at most {total} or raise board.numbers_per_column"
        ),
        "serials_long": (
            "serials up to {last}: the draw display's card check takes at most {digits} digits; "
            "choose a smaller --first-serial or --count"
        ),
        "taken_registry": "{registry} is the registry of cards already made",
        "taken_file": "{path} already exists",
        "taken_append_hint": "--append to add cards to it, ",
        "taken": (
            "{what}: use {hint}--force to replace it (the old files are kept as backups), or "
            "another --out"
        ),
        "target_unchecked": "cannot be checked ({reason})",
        "target_link": "is a symbolic link (to {to}); give the real path instead",
        "target_folder": "is a folder; give a file name",
        "target_device": "is a device, not a regular file; bingo cards never replaces it",
        "target_not_file": "is not a file, not a regular file; bingo cards never replaces it",
        "target": "cannot write {path}: it {reason}",
        "png_target": "--png: cannot replace {path}: it {reason}",
        "backups_full": "cannot keep a backup of {path}: too many backups of that name",
        "folder_busy": (
            "another bingo cards is writing into {folder} right now; wait until it has "
            "finished, then run this again"
        ),
        "png_not_folder": "--png {folder}: it is not a folder; give a folder for the PNGs",
        "png_no_parent": (
            "--png {folder}: folder {parent} does not exist; create it or choose another --png "
            "folder"
        ),
        "png_cannot_create": "cannot create the PNG folder {folder}: {reason}",
        "png_taken": (
            "--png {folder} already holds card PNGs ({first} …): give an empty folder, or "
            "--force to replace them"
        ),
        "png_unwritable_folder": (
            "cannot write into the PNG folder {folder}: {reason}; choose another --png folder"
        ),
        "file_unwritable": "cannot write {path}: {reason}; choose another --out",
        "code_for_no_card": (
            "--code-for {serial}: {registry} has no card {serial} (its cards are {first}-{last})"
        ),
        "code_for_no_key": (
            "--code-for {serial}: {registry} has no card key beside it ({key}): its cards were "
            "printed without phone codes, or the key is elsewhere"
        ),
        # ---- what a run tells the host (cards/command.py, cards/style.py)
        "note": "note: {text}",
        "warning": "warning: {text}",
        "stale_temps": "removed {count} temporary files a killed run left ({first} …)",
        "stopped_before": (
            "bingo cards: stopped by {signal}; nothing was written and the old files are kept"
        ),
        "stopped_after": "bingo cards: stopped after the files were written",
        "layout_press": "{pages} pages of finished size {finish}, one card a page",
        "layout_page": "{pages} pages {page}, {per_page} per page",
        "wrote": (
            "wrote {pdf} ({count} cards, serials {first}-{last}, {layout}), the registry "
            "{registry} ({registry_cards} cards) and the checking sheet {check_sheet}; seed {seed}"
        ),
        "wrote_png": "wrote {count} PNG files to {folder}",
        "key_made": (
            "each card carries its phone code (No.<serial>-<5 characters>); the codes' key is "
            "{key}: keep it with {registry} (the show reads it there; copy both if the show runs "
            "on another computer) and share it with nobody"
        ),
        "key_kept": (
            "each card carries its phone code (No.<serial>-<5 characters>); the codes' key is "
            "{key} (the key already there: the codes of the cards made with it): keep it with "
            "{registry} (the show reads it there; copy both if the show runs on another computer) "
            "and share it with nobody"
        ),
        "backups": "kept the old files as {paths}",
        "press_note": "PDF/X-1a:2003, CMYK by {how}",
        "odds_stopped": "odds: tables not built (stopped); the show builds them when it starts",
        "no_images": (
            "no image file {examples}{more} in {folder}: those cells are drawn plain "
            "(`bingo check-config` names each)"
        ),
        "and_more": " and {count} more",
        # ---- a card set's batches and key (cards/cardset.py)
        "set_batch": "batch {number}",
        "set_batch_made": "batch {number} (made {made})",
        "remake_seed": (
            "remake the cards from the seed on their pages' footers (`bingo cards --seed S "
            "--count N --force`; the key beside the registry keeps their codes)"
        ),
        "remake_step": "`bingo cards --seed {seed} --count {count}{start} {mode} --out {pdf}`",
        "remake_then": ", then ",
        "remake_steps": (
            "remake it from the recorded seeds: {steps} (the key beside it keeps the codes; "
            "--force keeps the changed files as backups)"
        ),
        "set_card_missing": (
            "{registry}: card {missing} of {batch} is missing; the registry was changed after "
            "it was made: {hint}"
        ),
        "set_unchecksummed": (
            "{registry}: {batch} was made before rows were checksummed; its cards cannot be "
            "verified"
        ),
        "set_row_differs": (
            "{registry} line {line} (card {serial}) differs from the row {batch} recorded: the "
            "registry was changed after it was made (opened and saved in a spreadsheet?): {hint}"
        ),
        "set_batch_damaged": "{batches}: {batch} is damaged",
        "set_no_batch": (
            "{registry} line {line} (card {serial}) belongs to no recorded batch: the registry "
            "was changed after it was made: {hint}"
        ),
        "set_key_missing": (
            "the card key of {registry} is missing: put the cards.key made with it (key id "
            "{key_id}) at {path}"
        ),
        "set_key_wrong": (
            "{path} (key id {key_id}) did not sign the cards of {registry} (key id {wanted}): "
            "put that set's own cards.key at {path}"
        ),
        "set_key_shared": (
            "{path} can be read by other users (mode {mode:o}): anyone with it can open every "
            "card; run: chmod 600 {path}"
        ),
        "set_key_not_copied": (
            "the card key is in the old place {old}; it could not be copied beside the registry "
            "({reason}): copy it to {new} yourself"
        ),
        "set_key_copied": (
            "copied the card key from {old} to {new} (the key now travels with the cards; the "
            "old file is kept)"
        ),
        "set_batches_damaged": (
            "{batches} is damaged, so the cards of {registry} cannot be verified: remake them "
            "from the seeds on their pages' footers (シード / seed): `bingo cards --seed S "
            "--count N --force`, then `--seed S --count N --append --force` for each later batch "
            "(the key beside the registry keeps their codes; a *.backup-….batches.json that "
            "--force kept belongs to the set it replaced, not to these cards)"
        ),
        "set_no_record": (
            "{registry} has no batches record ({batches}): its rows cannot be verified"
        ),
        "set_no_key": (
            "no card key beside {registry} ({key}): printed phone codes cannot be checked"
        ),
        # ---- the preflight report printed after every run (cards/preflight.py)
        "pf_none": "none",
        "pf_head": "preflight of {name}: PDF {version}, {pages} pages{read}, {size:.2f} MB{pdfx}",
        "pf_read": " ({read} read in full)",
        "pf_pdfx": ", {pdfx} (output intent {intent})",
        "pf_spaces": "  colour spaces: {spaces}",
        "pf_no_text": "  smallest text: no text",
        "pf_smallest": "  smallest text: {size}",
        "pf_points": "{points:.1f} pt",
        "pf_none_on_cards": "none on the cards",
        "pf_footer": " (the page footer, outside the cards: {points:.1f} pt)",
        "pf_no_pictures": "  pictures: none",
        "pf_lowest_ppi": "  lowest picture resolution: {ppi:.0f} ppi at printed size",
        "pf_source_ppi": " as embedded; from their sources {ppi:.0f} ppi",
        "pf_low_pictures": (
            "  WARNING: {count} pictures under {floor} ppi at printed size, scaled up and soft "
            "in print: {named}{more}; give larger image files"
        ),
        "pf_picture": "{name} ({ppi:.0f} ppi)",
        "pf_no_small_text": "  text under {floor:g} pt: none",
        "pf_small_text": "  text under {floor:g} pt in: {inks}",
        "pf_ink": "{ink} (from {size:.1f} pt)",
        "pf_ink_only": "{ink} only (from {size:.1f} pt)",
        "pf_fonts": "  fonts: {fonts}",
        "pf_embedded": "{name} (embedded)",
        "pf_not_embedded": "{name} (NOT embedded)",
        "pf_trim": (
            "  TrimBox {width:.1f} x {height:.1f} mm on every page, BleedBox {bleed:.1f} mm "
            "beyond it"
        ),
        "pf_no_trim": "  no TrimBox/BleedBox (a home or convenience-store print)",
        "pf_trim_missing": "  TrimBox missing on {pages} pages",
        "pf_not_pdfx": "  document info: not a PDF/X file (none required)",
        "pf_info_missing": "MISSING {keys}",
        "pf_info_xmp": "not as in the XMP: {keys}",
        "pf_info_bad": "  document info: {parts}",
        "pf_info_ok": "  document info: {keys}, as in the XMP",
        "pf_transparency": "  transparency: {found}",
        # ---- a card registry that does not read or does not fit (cards/registry.py)
        "reg_not_found": (
            "card registry {path} not found: give the .csv written next to the cards PDF"
        ),
        "reg_not_file": (
            "card registry {path} is not a file: give the .csv written next to the cards PDF"
        ),
        "reg_field_long": "a field is longer than {limit:,} characters",
        "reg_not_csv": "not readable as CSV ({detail})",
        "reg_bad_csv": (
            "{path} line {line}: {reason}; this is not a card registry written by bingo cards"
        ),
        "reg_unreadable": "card registry {path} cannot be read: {reason}",
        "reg_where": "{path} line {line}",
        "reg_where_card": "{where} (card {serial})",
        "reg_serial_negative": "{where}: serial {text} is negative; serials are 0 or more",
        "reg_serial_not_number": "{where}: serial {text} is not a whole number",
        "reg_serial_long": (
            "{where}: serial {text}… has more than {digits} digits, more than the card check "
            "accepts"
        ),
        "reg_cell": "{where}: cell {text} must be a number or {free}",
        "reg_free_not_centre": (
            "{where}: {free} at row {row}, column {column}; only the centre cell of an "
            "odd-sized card can be free"
        ),
        "reg_column": "column {column}",
        "reg_columns": "columns {first} and {second}",
        "reg_twice": "{where}: {number} appears twice on the card ({columns})",
        "reg_no_serial_column": (
            "{path} is not a card registry: its first column must be 'serial'"
        ),
        "reg_header": "{path}: header must be serial, r1c1, r1c2, … for a square card",
        "reg_size": (
            "{path}: cards of {size}x{size} cells; bingo cards have {low} to {high} rows and "
            "columns"
        ),
        "reg_fields": "{where}: {count} fields, expected {expected}",
        "reg_serial_twice": "{where}: serial {serial} appears twice (also on line {line})",
        "reg_same_card": "{where}: the same numbers as card {other}; every card must be different",
        "reg_empty": "{path} holds no cards, only the header: give the full registry",
        "reg_board_size": (
            "card registry {path} holds {size}x{size} cards but config.toml sets "
            "board.size = {board}: load the registry printed for this board"
        ),
        "reg_board_free": (
            "card {serial} in {path} has FREE at row {row}, column {column}, which this board "
            "does not have (board.free_center)"
        ),
        "reg_board_column": (
            "card {serial} in {path}: {number} cannot stand in column {column} of this board: "
            "the registry was made for another config"
        ),
        "reg_board_centre": (
            "card {serial} in {path} has {number} in the centre, which is free on this board "
            "(board.free_center): the registry was made for another config"
        ),
    },
}
