// The phone pages: they only draw what the server sends (the rule, the verdicts that still hold
// and whether a claim makes sense are decided on the server, bingo/web/follow.py).
"use strict";

const STRINGS = {
  ja: {
    code_label: "カードのコード（カードに印刷された No.0123-ABCDE）",
    open: "開く",
    bad_code: "そのコードのカードはありません。カードのとおりに入力してください。",
    wait_codes: (s) => `入力が多すぎました。${s} 秒待ってから、もう一度入力してください。`,
    no_server: "つながりません。Wi-Fi を確かめて、もう一度押してください。",
    last: "最新",
    recent: "最近",
    count: (n, t) => `${n} / ${t} 個`,
    none: "まだ 1 つも出ていません",
    connecting: "接続中…",
    reconnecting: "再接続中…",
    paused: "抽選は一時停止中です",
    live: "ライブ",
    reach: "リーチ",
    reach_with: (ns) => `リーチ！ あと ${ns} のどれか`,
    bingo: "ビンゴ!",
    bingo_group: (n) => `ビンゴ! ${n}\u00a0マスつながりました`, // never 「ビンゴ! 4 / マス…」
    claim: "ビンゴ!",
    claim_sending: "送信中…",
    claim_sent: "申告しました。係が確認中です…",
    claim_limited: (s) => `少し待ってからもう一度（${s} 秒）`,
    claim_no_game: "まだ抽選が始まっていません",
    claim_error: "送れませんでした。もう一度押してください。",
    claim_bingo: "確認できました：ビンゴです！おめでとう！",
    claim_not: "確認の結果：まだビンゴではありません",
    claim_withdrawn_undo: "当選は取り消されました：ビンゴになった球の抽選が取り消されました",
    claim_withdrawn_host: "当選は取り消されました（係が取り消しました）",
    board_link: "全体の抽選結果",
    card_no: (s) => `カード ${s}`,
    best: (n, t) => `最大 ${n} マス（${t} マスでビンゴ）`,
    marked: "出た",
    drawn: (call, verdict) => `出ました：${call}。${verdict}`,
    my_card: "わたしのカード",
    go_board: "抽選の結果",
    go_tables: "カードゲームの\u200bテーブル", // (a line breaks between the phrases only)
    go_scores: "今夜のハイスコア",
    scores_of: (game) => `ハイスコア：${game}`,
    no_scores: "まだ記録はありません",
    tables_away: "テーブルを準備しています…",
  },
  en: {
    code_label: "Your card's code (printed on the card, like No.0123-ABCDE)",
    open: "Open",
    bad_code: "No card has that code. Type it exactly as printed.",
    wait_codes: (s) => `Too many tries. Wait ${s} s, then type the code again.`,
    no_server: "No connection. Check the Wi-Fi and press again.",
    last: "Last",
    recent: "Calls",
    count: (n, t) => `${n} of ${t}`,
    none: "No number drawn yet",
    connecting: "Connecting…",
    reconnecting: "Reconnecting…",
    paused: "The draw is paused",
    live: "Live",
    reach: "Reach",
    reach_with: (ns) => `Reach! One of ${ns} completes it`,
    bingo: "BINGO!",
    bingo_group: (n) => `BINGO! ${n} cells connected`,
    claim: "BINGO!",
    claim_sending: "Sending…",
    claim_sent: "Claim sent. The host is checking…",
    claim_limited: (s) => `Please wait a moment (${s} s)`,
    claim_no_game: "The draw has not started yet",
    claim_error: "Could not send. Press again.",
    claim_bingo: "Checked: it is a bingo! Congratulations!",
    claim_not: "Checked: not a bingo yet",
    claim_withdrawn_undo: "Your win was withdrawn: the ball of your bingo was taken back",
    claim_withdrawn_host: "Your win was withdrawn by the host",
    board_link: "All numbers drawn",
    card_no: (s) => `Card ${s}`,
    best: (n, t) => `Largest group ${n} (bingo at ${t})`,
    marked: "marked",
    drawn: (call, verdict) => `Drawn: ${call}. ${verdict}`,
    my_card: "My card",
    go_board: "The draw",
    go_tables: "Card tables",
    go_scores: "Tonight's high scores",
    scores_of: (game) => `High scores: ${game}`,
    no_scores: "No scores yet",
    tables_away: "The card tables are getting ready…",
  },
};

const lang = document.documentElement.lang === "en" ? "en" : "ja";
const T = STRINGS[lang];
const $ = (id) => document.getElementById(id);
const MIN_FONT_PX = 9; // text is shrunk to fit down to this, then wrapped (never cut)

function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = text;
  return node;
}

function translateStatic() {
  for (const node of document.querySelectorAll("[data-t]")) {
    const value = T[node.dataset.t];
    if (typeof value === "string") node.textContent = value;
  }
}

function setStatus(text, kind) {
  const status = $("status");
  status.textContent = text;
  status.className = "status " + (kind || "");
  document.body.dataset.status = kind || "";
}

// Shrinks each node's font until its text fits its box (the box is sized by the layout, never
// by the text); a name still too wide at MIN_FONT_PX wraps instead of being cut.
function fitText(nodes) {
  for (const node of nodes) {
    node.style.fontSize = "";
    node.classList.remove("fit-wrap");
  }
  for (let round = 0; round < 4; round++) {
    const wide = [...nodes].filter((n) => n.scrollWidth > n.clientWidth + 0.5);
    if (!wide.length) return;
    const sizes = wide.map((n) => [n, parseFloat(getComputedStyle(n).fontSize), n.clientWidth / n.scrollWidth]);
    for (const [node, size, ratio] of sizes) {
      const next = Math.floor(size * ratio * 0.97 * 10) / 10;
      if (next < MIN_FONT_PX) {
        node.style.fontSize = MIN_FONT_PX + "px";
        node.classList.add("fit-wrap");
      } else {
        node.style.fontSize = next + "px";
      }
    }
  }
}

// Only a new width re-fits the text: a phone's address bar showing or hiding while the page is
// scrolled changes the height alone and must not redraw the card under the finger.
function onWidthChange(callback) {
  let width = innerWidth;
  addEventListener("resize", () => {
    if (innerWidth === width) return;
    width = innerWidth;
    callback();
  });
}

// ------------------------------------------------------------------ the live feed
// Connects, and reconnects by itself after the server or the network went away.
function follow(path, onMessage) {
  let delay = 500;
  let opened = false;
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  function connect() {
    setStatus(opened ? T.reconnecting : T.connecting, "connecting");
    const ws = new WebSocket(`${scheme}//${location.host}${path}`);
    ws.onopen = () => { opened = true; delay = 500; };
    ws.onmessage = (event) => {
      let message;
      try { message = JSON.parse(event.data); } catch (e) { return; }
      onMessage(message);
    };
    ws.onclose = () => {
      setTimeout(connect, delay);
      delay = Math.min(delay * 2, 5000);
      setStatus(T.reconnecting, "connecting");
    };
    ws.onerror = () => ws.close();
  }
  connect();
}

// The last calls, newest first ("L 22"); calls that do not fit the row are left out.
function showRecent(board) {
  const root = $("recent");
  if (!root) return;
  root.replaceChildren();
  (board.recent || []).forEach((call, i) => {
    const chip = el("span", i === 0 ? "call latest" : "call");
    const column = el("span", "call-col", call.column);
    column.style.setProperty("--fill", call.colour);
    column.style.setProperty("--outline", call.outline);
    chip.append(column, el("span", "call-n", String(call.n)));
    chip.dataset.number = String(call.n);
    root.append(chip);
  });
  const right = root.getBoundingClientRect().right;
  for (const chip of [...root.children].reverse()) {
    if (chip.getBoundingClientRect().right <= right + 0.5 || root.children.length === 1) break;
    chip.remove();
  }
}

function showBoardState(board) {
  document.title = board.title;
  $("title").textContent = board.title;
  if ($("last")) $("last").textContent = board.last === null ? "—" : String(board.last);
  if ($("last_col")) {
    const latest = (board.recent || [])[0];
    $("last_col").textContent = latest ? latest.column : "";
    if (latest) {
      $("last_col").style.setProperty("--fill", latest.colour);
      $("last_col").style.setProperty("--outline", latest.outline);
    }
  }
  $("count").textContent = board.count ? T.count(board.count, board.total) : T.none;
  // paused: the show's reason when it gives one (e.g. its disk is full), in the event's language
  if (board.paused) setStatus(board.problem || T.paused, "paused");
  else setStatus(T.live, "live");
  document.body.dataset.count = String(board.count);
  showRecent(board);
}

// ------------------------------------------------------------------ the public board
function renderBoard(board) {
  showBoardState(board);
  const root = $("board");
  root.replaceChildren();
  root.style.setProperty("--columns", String(board.columns.length));
  for (const column of board.columns) {
    const col = el("div", "column");
    const head = el("div", "column-name", column.name);
    head.style.setProperty("--fill", column.colour);
    head.style.setProperty("--outline", column.outline);
    col.append(head);
    const called = new Set(column.called);
    for (let n = column.first; n <= column.last; n++) {
      const ball = el("div", called.has(n) ? "ball called" : "ball", String(n));
      if (called.has(n)) ball.style.setProperty("--fill", column.colour);
      if (n === board.last) ball.classList.add("latest");
      col.append(ball);
    }
    root.append(col);
  }
  fitBoard(root);
}

// What of the board depends on the width: its text's sizes (and the last calls that fit their
// row, showRecent). A new width fits them again on the balls already there.
function fitBoard(root) {
  fitText(root.querySelectorAll(".column-name"));
  fitText(root.querySelectorAll(".ball"));
  root.dataset.fitted = String(innerWidth);
}

async function openCard(event) {
  event.preventDefault();
  const code = $("code").value.trim();
  if (!code) return;
  const url = "/card/" + encodeURIComponent(code);
  const answer = await fetch("/api" + url).catch(() => null);
  const error = $("join_error");
  error.classList.remove("wait");
  if (answer && answer.ok) {
    location.href = url;
    return;
  }
  if (answer && answer.status === 429) {
    // too many wrong codes from here: the server says how long to wait (this code is unread)
    const body = await answer.json().catch(() => ({}));
    const seconds = body.retry_after || parseInt(answer.headers.get("Retry-After") || "60", 10);
    error.textContent = T.wait_codes(seconds);
    error.classList.add("wait");
  } else if (answer && answer.status === 404) {
    error.textContent = T.bad_code;
  } else {
    error.textContent = T.no_server;
  }
  error.hidden = false;
}

// ------------------------------------------------------------------ the evening's links
// With the card tables (the server marks the page data-tables="on"): links to the tables and
// tonight's high scores, and back to the card this phone opened last (kept in localStorage,
// which the tables' page at /tables/ shares: the same origin).
const CARD_KEY = "bingo.card";
const tablesOn = () => document.body.dataset.tables === "on";

function rememberedCard() {
  try {
    const url = localStorage.getItem(CARD_KEY) || "";
    return url.startsWith("/card/") ? url : null;
  } catch (e) {
    return null;
  }
}

function showEveningLinks() {
  if (!tablesOn()) return;
  $("evening").hidden = false;
  const card = rememberedCard();
  if (card && $("my_card")) {
    $("my_card").href = card;
    $("my_card").hidden = false;
  }
}

function renderScores(answer) {
  const root = $("score_list");
  root.replaceChildren();
  const boards = (answer && answer.boards) || [];
  if (!boards.length) root.append(el("p", "note", answer && answer.tables === false ? T.tables_away : T.no_scores));
  for (const board of boards) {
    const box = el("div", "score-board");
    box.dataset.game = board.game || "";
    box.append(el("h3", "", T.scores_of(board.label || board.game || "")));
    const top = board.top || [];
    if (!top.length) box.append(el("p", "note", T.no_scores));
    const list = el("ol", "");
    for (const entry of top) {
      const item = el("li", "");
      item.append(el("span", "name", String(entry.name)), el("span", "num", Number(entry.score).toLocaleString("en-US")));
      list.append(item);
    }
    if (top.length) box.append(list);
    root.append(box);
  }
}

// tonight's high scores, asked again every 15 s (every 3 s while the tables are not there yet)
function followScores() {
  $("scores").hidden = false;
  const load = async () => {
    const answer = await fetch("/api/scores").catch(() => null);
    const body = answer && answer.ok ? await answer.json().catch(() => null) : null;
    if (body) renderScores(body);
    setTimeout(load, body && body.tables ? 15000 : 3000);
  };
  load();
}

function boardPage() {
  translateStatic();
  showEveningLinks();
  if (tablesOn()) followScores();
  $("join").addEventListener("submit", openCard);
  let last = null;
  follow("/ws", (message) => { if (message.type === "board") renderBoard((last = message)); });
  onWidthChange(() => { if (last) { showRecent(last); fitBoard($("board")); } });
}

// ------------------------------------------------------------------ one card
// A cell's pale tint: its column's colour 18 % over white, as a plain rgb() (what
// color-mix(in srgb, fill 18%, white) paints; a plain colour is what every reader of the page,
// axe-core's contrast check too, can read). null: not a hex colour, the CSS's color-mix stays.
function tint(colour) {
  let hex = String(colour || "").trim().replace(/^#/, "");
  if (/^[0-9a-f]{3}$/i.test(hex)) hex = hex.replace(/./g, "$&$&");
  if (!/^[0-9a-f]{6}$/i.test(hex)) return null;
  const mix = (i) => Math.round(0.18 * parseInt(hex.slice(i, i + 2), 16) + 0.82 * 255);
  return `rgb(${mix(0)}, ${mix(2)}, ${mix(4)})`;
}

function renderCard(card) {
  $("serial").textContent = T.card_no(card.serial);
  const root = $("card");
  root.replaceChildren();
  const size = card.rows.length;
  root.style.setProperty("--size", String(size));
  const digits = Math.max(1, ...card.rows.flat().map((x) => (x.n === null ? 1 : String(x.n).length)));
  root.style.setProperty("--digits", String(digits));
  for (const column of card.columns) {
    const head = el("div", "card-letter", column.name);
    head.style.setProperty("--fill", column.colour);
    head.style.setProperty("--outline", column.outline);
    root.append(head);
  }
  card.rows.forEach((row, r) => {
    row.forEach((cell, c) => {
      const node = el("div", "cell");
      node.style.setProperty("--fill", card.columns[c].colour);
      node.style.setProperty("--outline", card.columns[c].outline);
      const pale = tint(card.columns[c].colour);
      if (pale) node.style.setProperty("--tint", pale);
      node.dataset.row = String(r);
      node.dataset.col = String(c);
      if (cell.n === null) {
        node.classList.add("free");
        node.append(el("span", "free-text", "FREE"));
      } else {
        const image = el("img", "cell-image");
        image.src = cell.image || `/img/${cell.n}`; // its content's version: a new picture, a new address
        image.alt = "";
        image.onerror = () => image.remove();
        node.append(image);
        const number = el("span", "cell-number", String(cell.n));
        number.style.setProperty("--fill", card.columns[c].colour);
        node.append(number);
        node.dataset.number = String(cell.n);
      }
      if (cell.marked) {
        // told by more than colour: a check mark drawn on the cell, named in words to a reader
        // (an image with a name: no clipped text for a reader only inside the cell)
        node.classList.add("marked");
        const sign = el("span", "mark-sign", "✓");
        sign.setAttribute("role", "img");
        sign.setAttribute("aria-label", T.marked);
        node.append(sign);
      }
      if (cell.win) node.classList.add("win");
      if (cell.best) {
        node.classList.add("best");
        // outline only the group's outer edges: the drawing, not the rule
        const inBest = (rr, cc) => rr >= 0 && cc >= 0 && rr < size && cc < size && card.rows[rr][cc].best;
        if (!inBest(r - 1, c)) node.classList.add("edge-top");
        if (!inBest(r + 1, c)) node.classList.add("edge-bottom");
        if (!inBest(r, c - 1)) node.classList.add("edge-left");
        if (!inBest(r, c + 1)) node.classList.add("edge-right");
      }
      if (card.reach_numbers.includes(cell.n)) node.classList.add("completes");
      root.append(node);
    });
  });
  fitCard(root);
  const verdict = $("verdict");
  verdict.hidden = false;
  verdict.dataset.verdict = card.verdict;
  if (card.bingo) {
    verdict.textContent = T.bingo_group(card.rows.flat().filter((x) => x.win).length);
  } else if (card.verdict === "reach") {
    verdict.textContent = T.reach_with(card.reach_numbers.join(", "));
  } else {
    verdict.textContent = T.best(card.best_size, card.threshold);
  }
  showClaim(card.claim, card.claim_button);
}

// What of the card depends on the width: its text's sizes (fitText resets each node's size first,
// so a fit on the cells already there is the fit of a card drawn afresh at that width).
function fitCard(root) {
  fitText(root.querySelectorAll(".card-letter"));
  fitText(root.querySelectorAll(".cell-number, .free-text"));
  root.dataset.fitted = String(innerWidth);
}

// A note of this phone's own (sending, wait, error) until the server's next word on the claim.
let claimNote = null;
let lastClaim = null;
let lastButton = "off";

function showClaim(claim, button) {
  lastClaim = claim;
  lastButton = button || "off";
  const status = $("claim_status");
  const press = $("claim");
  if (claim && claimNote && claimNote.kind === "sending") claimNote = null; // the echo came
  status.dataset.verdict = "";
  if (claimNote && Date.now() < claimNote.until) {
    status.textContent = claimNote.text;
    status.dataset.verdict = claimNote.kind;
  } else if (claim && claim.verdict === "bingo") {
    status.textContent = T.claim_bingo;
    status.dataset.verdict = "bingo";
  } else if (claim && claim.verdict === "withdrawn") {
    status.textContent = claim.reason === "undo" ? T.claim_withdrawn_undo : T.claim_withdrawn_host;
    status.dataset.verdict = "withdrawn";
  } else if (claim && claim.verdict) {
    status.textContent = T.claim_not;
    status.dataset.verdict = "not_bingo";
  } else if (claim) {
    status.textContent = T.claim_sent;
    status.dataset.verdict = "pending";
  } else {
    status.textContent = "";
  }
  const sending = claimNote && claimNote.kind === "sending" && Date.now() < claimNote.until;
  press.dataset.state = sending ? "off" : lastButton;
  press.disabled = sending || lastButton === "off";
}

// The number just drawn and the card's verdict, said by the live region (#live) when they
// change: "出ました：L 22。リーチ！ あと 5 のどれか".
function drawnNews(message) {
  const latest = (message.board.recent || [])[0];
  const verdict = $("verdict").textContent;
  return latest ? T.drawn(`${latest.column} ${latest.n}`, verdict) : verdict;
}

function announce(text) {
  const live = $("live");
  // the same words again (an undo, then the same number): a new text node, said again
  live.textContent = text === live.textContent ? text + "\u00a0" : text;
}

function note(kind, text, seconds) {
  claimNote = { kind, text, until: Date.now() + seconds * 1000 };
  showClaim(lastClaim, lastButton);
  setTimeout(() => showClaim(lastClaim, lastButton), seconds * 1000 + 50);
}

function cardPage() {
  translateStatic();
  showEveningLinks();
  const code = decodeURIComponent(location.pathname.split("/").pop());
  // A scanned QR code's address carries the card's token (?t=...): it goes with every request
  // of this card, which then opens even while the server holds typed codes back.
  const token = new URLSearchParams(location.search).get("t");
  const query = token ? `?t=${encodeURIComponent(token)}` : "";
  $("claim").addEventListener("click", async () => {
    note("sending", T.claim_sending, 10);
    const answer = await fetch(`/api/card/${encodeURIComponent(code)}/claim${query}`, { method: "POST" })
      .catch(() => null);
    if (!answer) { note("error", T.claim_error, 8); return; }
    const body = await answer.json().catch(() => ({}));
    if (answer.ok) {
      // the feed echoes the claim; until then say it is sent
      note("pending", T.claim_sent, 1);
    } else if (answer.status === 429) {
      const seconds = body.retry_after || parseInt(answer.headers.get("Retry-After") || "30", 10);
      note("error", T.claim_limited(seconds), Math.min(seconds, 60));
    } else if (answer.status === 409) {
      note("error", T.claim_no_game, 8);
    } else {
      // the server's own sentence (e.g. a full disk: the claim is not used up), else ours
      note("error", typeof body.message === "string" && body.message ? body.message : T.claim_error, 8);
    }
  });
  let last = null;
  let said = null; // what the live region last said of the draw (the number and the verdict)
  const draw = () => { showBoardState(last.board); renderCard(last.card); };
  follow(`/ws/card/${encodeURIComponent(code)}${query}`, (message) => {
    if (message.type !== "state") return;
    const first = last === null;
    last = message;
    // the page appears whole with its first state (drawn in this same frame, measured as it is
    // laid out): nothing below the card moves down as it fills
    document.body.classList.remove("loading");
    if (first) {
      try { localStorage.setItem(CARD_KEY, location.pathname + location.search); } catch (e) { /* private mode */ }
    }
    draw();
    const now = drawnNews(message);
    if (!first && now !== said) announce(now);
    said = now;
  });
  // turned sideways: what the width sets fits again (the last calls, the text's sizes) on the
  // cells there are: building every cell and its picture again is the card's slowest work
  onWidthChange(() => { if (last) { showRecent(last.board); fitCard($("card")); } });
}

if (document.body.dataset.page === "card") cardPage();
else boardPage();
