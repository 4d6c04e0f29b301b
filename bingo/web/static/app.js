// The phone pages: they only draw what the server sends (the rule is applied on the server).
"use strict";

const STRINGS = {
  ja: {
    code_label: "カードのコード（カードに印刷された No.0123-ABCDE）",
    open: "開く",
    bad_code: "そのコードのカードはありません。カードのとおりに入力してください。",
    last: "最新",
    count: (n, t) => `${n} / ${t} 個`,
    none: "まだ 1 つも出ていません",
    connecting: "接続中…",
    reconnecting: "再接続中…",
    paused: "抽選は一時停止中です",
    live: "ライブ",
    reach: "リーチ",
    reach_with: (ns) => `リーチ！ あと ${ns} のどれか`,
    bingo: "ビンゴ!",
    bingo_group: (n) => `ビンゴ! ${n} マスつながりました`,
    claim: "ビンゴ!",
    claim_sent: "申告しました。係が確認中です…",
    claim_limited: (s) => `少し待ってからもう一度（${s} 秒）`,
    claim_error: "送れませんでした。もう一度押してください。",
    claim_bingo: "確認できました：ビンゴです！おめでとう！",
    claim_not: "確認の結果：まだビンゴではありません",
    board_link: "全体の抽選結果",
    card_no: (s) => `カード ${s}`,
    best: (n, t) => `最大 ${n} マス（${t} マスでビンゴ）`,
  },
  en: {
    code_label: "Your card's code (printed on the card, like No.0123-ABCDE)",
    open: "Open",
    bad_code: "No card has that code. Type it exactly as printed.",
    last: "Last",
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
    claim_sent: "Claim sent. The host is checking…",
    claim_limited: (s) => `Please wait a moment (${s} s)`,
    claim_error: "Could not send. Press again.",
    claim_bingo: "Checked: it is a bingo! Congratulations!",
    claim_not: "Checked: not a bingo yet",
    board_link: "All numbers drawn",
    card_no: (s) => `Card ${s}`,
    best: (n, t) => `Largest group ${n} (bingo at ${t})`,
  },
};

const lang = document.documentElement.lang === "en" ? "en" : "ja";
const T = STRINGS[lang];
const $ = (id) => document.getElementById(id);

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

function showBoardState(board) {
  document.title = board.title;
  $("title").textContent = board.title;
  $("last").textContent = board.last === null ? "—" : String(board.last);
  $("count").textContent = board.count ? T.count(board.count, board.total) : T.none;
  if (board.paused) setStatus(T.paused, "paused");
  else setStatus(T.live, "live");
  document.body.dataset.count = String(board.count);
}

// ------------------------------------------------------------------ the public board
function renderBoard(board) {
  showBoardState(board);
  const root = $("board");
  root.replaceChildren();
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
}

function boardPage() {
  translateStatic();
  $("join").addEventListener("submit", async (event) => {
    event.preventDefault();
    const code = $("code").value.trim();
    if (!code) return;
    const url = "/card/" + encodeURIComponent(code);
    const answer = await fetch("/api" + url).catch(() => null);
    if (answer && answer.ok) {
      location.href = url;
    } else {
      $("join_error").textContent = T.bad_code;
      $("join_error").hidden = false;
    }
  });
  follow("/ws", (message) => { if (message.type === "board") renderBoard(message); });
}

// ------------------------------------------------------------------ one card
function renderCard(card) {
  $("serial").textContent = T.card_no(card.serial);
  const root = $("card");
  root.replaceChildren();
  const size = card.rows.length;
  root.style.setProperty("--size", String(size));
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
      node.dataset.row = String(r);
      node.dataset.col = String(c);
      if (cell.n === null) {
        node.classList.add("free");
        node.append(el("span", "free-text", "FREE"));
      } else {
        const image = el("img", "cell-image");
        image.src = `/img/${cell.n}`;
        image.alt = "";
        image.onerror = () => image.remove();
        node.append(image);
        const number = el("span", "cell-number", String(cell.n));
        number.style.setProperty("--fill", card.columns[c].colour);
        node.append(number);
        node.dataset.number = String(cell.n);
      }
      if (cell.marked) node.classList.add("marked");
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
  showClaim(card.claim);
}

let claimNote = "";

function showClaim(claim) {
  const status = $("claim_status");
  status.dataset.verdict = "";
  if (claim && claim.verdict === "bingo") {
    status.textContent = T.claim_bingo;
    status.dataset.verdict = "bingo";
  } else if (claim && claim.verdict) {
    status.textContent = T.claim_not;
    status.dataset.verdict = "not_bingo";
  } else if (claim) {
    status.textContent = T.claim_sent;
    status.dataset.verdict = "pending";
  } else {
    status.textContent = claimNote;
  }
}

function cardPage() {
  translateStatic();
  const code = decodeURIComponent(location.pathname.split("/").pop());
  $("claim").addEventListener("click", async () => {
    const answer = await fetch(`/api/card/${encodeURIComponent(code)}/claim`, { method: "POST" })
      .catch(() => null);
    if (!answer) { claimNote = T.claim_error; showClaim(null); return; }
    const body = await answer.json().catch(() => ({}));
    if (answer.status === 429) {
      $("claim_status").textContent = T.claim_limited(body.retry_after || 30);
    } else if (!answer.ok) {
      $("claim_status").textContent = T.claim_error;
    }
  });
  follow(`/ws/card/${encodeURIComponent(code)}`, (message) => {
    if (message.type !== "state") return;
    showBoardState(message.board);
    renderCard(message.card);
  });
}

if (document.body.dataset.page === "card") cardPage();
else boardPage();
