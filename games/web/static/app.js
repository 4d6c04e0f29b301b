// The games' phone page: a name, the rooms, a seat or 観戦, and the table of the seat.
// Everything goes over one WebSocket (/ws); the server decides, this page only shows what it
// is sent and offers the actions the server lists in `legal`. The name and the seat's token
// are kept in localStorage, so a reload or a dropped Wi-Fi comes back to the same seat.
"use strict";

const LANG = document.documentElement.lang === "en" ? "en" : "ja";
const GT = window.GAME_TEXTS || {};
// Each game's script (static/<game>.js, added to the page by the server for each registered
// game) registers its renderer here: table(m) paints the field, the hand and the buttons;
// seatBits(m, i) the seat line's words; turnText(m) the status on the player's turn; place(n),
// resultHead and resultCell(m, i) the results panel (place(n, m, i) may name how a seat got
// its place); optional outText(m): the status of a seat out of the game (its own words);
// optional timedOut(m): what the timer played for this seat (m.last), in the game's words;
// optional waitText(m): the status while others choose (Daifugō's card passing), "" for none;
// optional resultDetail(m, i): the parts of a seat's figures in the results, a list of texts.
// app.js names no game.
window.GAME_RENDERERS = window.GAME_RENDERERS || {};
const PT = {
  ja: {
    welcome: "ゲームに参加", name_label: "名前（ほかの人に見えます）", join: "参加する",
    rooms: "ルーム", sit: "座る", watch: "観戦", waiting: "待機中", playing: "ゲーム中",
    free: "空席", cpu: "CPU", rules: "ルール", leave: "退出", close: "閉じる", cancel: "やめる",
    stay: "続ける", start: "ゲーム開始", cpu_level: "CPUの強さ", results: "結果",
    level_easy: "弱い", level_normal: "普通", level_strong: "強い", spectators: "観戦 {n}人",
    chips: "チップ {n}", host_starts: "ホスト（{host}）が始めるのを待っています",
    you_host: "あなたがホストです。そろったら「ゲーム開始」", watching: "観戦中：プレイヤーをタップすると手札が見えます",
    out_watch: "このゲームのあなたの番は終わりました。プレイヤーをタップすると手札が見えます",
    deadline: "残り {n} 秒", your_turn_now: "あなたの番です！", hand_of: "{name}の手札",
    stake: "レート {n}", seat: "席{n}", place: "順位", name: "名前", money: "増減", balance: "チップ", coins: "コイン",
    leave_mid: "ゲームの途中です。今抜けると {n} チップのペナルティで、残りはCPUが打ちます。抜けますか？",
    leave_free: "ルームから出ますか？", leave_yes: "抜ける", left_penalty: "ペナルティ {n} チップを払って抜けました",
    bye: "この席は別の端末で開かれました。こちらを使うには読み込み直してください",
    reconnecting: "接続が切れました。つなぎ直しています…", choose_play: "どのように出しますか？",
    you: "あなた",
    left_game: "退出", turn_of: "{name}の番です", no_room: "ルームに入っていません",
    held: "{name}（不在・席の保留 残り {t}）",
    code_label: "コード（別の電話から自分の名前を移すときだけ）",
    code_line: "あなたのコード：{code}　ほかの電話やブラウザでこの名前とチップを使うときに、名前と一緒に入れます。メモしておいてください",
    disk_full: "会場のパソコンのディスクがいっぱいです。空きができるまでゲームは止まっています",
    disk_back: "ディスクに空きができました。ゲームを続けます",
    board: "今夜のハイスコア：{game}", no_scores: "まだ記録はありません",
    timed_out: "時間切れ：{what}", timed_out_any: "時間切れ：CPUが代わりに打ちました",
  },
  en: {
    welcome: "Join the games", name_label: "Your name (others see it)", join: "Join",
    rooms: "Rooms", sit: "Sit", watch: "Watch", waiting: "Waiting", playing: "Playing",
    free: "free", cpu: "CPU", rules: "Rules", leave: "Leave", close: "Close", cancel: "Cancel",
    stay: "Stay", start: "Start game", cpu_level: "CPU level", results: "Results",
    level_easy: "Easy", level_normal: "Normal", level_strong: "Strong", spectators: "{n} watching",
    chips: "Chips {n}", host_starts: "Waiting for the host ({host}) to start",
    you_host: "You are the host: press Start game when everyone sits", watching: "Watching: tap a player to see their hand",
    out_watch: "Your part in this game is over: tap a player to see their hand",
    deadline: "{n} s left", your_turn_now: "Your turn!", hand_of: "{name}'s hand",
    stake: "Stake {n}", seat: "Seat {n}", place: "Place", name: "Name", money: "+/-", balance: "Chips", coins: "Coins",
    leave_mid: "A game is on: leaving now costs {n} chips and a CPU plays your seat out. Leave?",
    leave_free: "Leave the room?", leave_yes: "Leave", left_penalty: "You left and paid a penalty of {n} chips",
    bye: "This seat was opened on another device: reload to use it here",
    reconnecting: "Connection lost: reconnecting…", choose_play: "How do you play them?",
    you: "You",
    left_game: "left", turn_of: "{name}'s turn", no_room: "You are in no room",
    held: "{name} (away: seat held {t})",
    code_label: "Code (only to bring your name from another phone)",
    code_line: "Your code: {code}. To use this name and its chips on another phone or browser, enter it with the name. Write it down",
    disk_full: "The laptop's disk is full: play is paused until there is space again",
    disk_back: "There is space on the laptop's disk again: play goes on",
    board: "Tonight's high scores: {game}", no_scores: "No scores yet",
    timed_out: "Time ran out: {what}", timed_out_any: "Time ran out: a CPU moved for you",
  },
}[LANG];

function fmt(template, params) {
  return String(template || "").replace(/\{(\w+)(?::([^}]*))?\}/g, (m, key, spec) => {
    let v = params && key in params ? params[key] : m;
    if (typeof v === "number" && spec !== undefined) {
      const sign = spec.includes("+") && v > 0 ? "+" : "";
      v = sign + (spec.includes(",") ? v.toLocaleString("en-US") : String(v));
    } else if (typeof v === "number") {
      v = v.toLocaleString("en-US");
    }
    return v;
  });
}
const t = (key, params) => fmt(PT[key] || key, params);
const $ = (id) => document.getElementById(id);
function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

const S = {
  ws: null, token: localStorage.getItem("games.token"), name: localStorage.getItem("games.name") || "",
  chips: null, lobby: null, room: null, table: null, results: null, selected: [], picks: {},
  turnKey: null, deadlineAt: null, retry: 0, bye: false, joinedBy: null, pendingJoin: null,
};
window.gamesState = S;
window.received = []; // every message this page received (the browser tests read it)

// ------------------------------------------------------------------ the socket
// This browser's own id, shared by its tabs: the server refuses a peek from a second name
// in the same browser while the first still plays.
function deviceId() {
  let id = localStorage.getItem("games.device");
  if (!id || !/^[0-9a-f]{32}$/.test(id)) {
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    id = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
    localStorage.setItem("games.device", id);
  }
  return id;
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const ws = new WebSocket(`${scheme}//${location.host}/ws?device=${deviceId()}`);
  S.ws = ws;
  ws.onopen = () => {
    S.retry = 0;
    $("net").classList.add("on");
    hideNotice("net");
    if (S.token) send({ op: "hello", token: S.token });
    else if (S.pendingJoin) send(S.pendingJoin); // tapped before the socket was open
    else if (S.name && S.joinedBy !== "form") send({ op: "join", name: S.name });
    render();
  };
  ws.onmessage = (event) => {
    let m;
    try { m = JSON.parse(event.data); } catch (e) { return; }
    window.received.push(m);
    if (window.received.length > 4000) window.received.splice(0, 1000);
    onMessage(m);
  };
  ws.onclose = () => {
    $("net").classList.remove("on");
    if (S.ws !== ws || S.bye) return;
    showNotice(t("reconnecting"), "net");
    S.retry = Math.min(S.retry + 1, 6);
    setTimeout(connect, 300 * S.retry);
  };
}
function send(message) {
  if (S.ws && S.ws.readyState === WebSocket.OPEN) S.ws.send(JSON.stringify(message));
}

function onMessage(m) {
  switch (m.type) {
    case "joined":
      S.pendingJoin = null;
      S.token = m.token; S.name = m.name; S.code = m.code || null;
      $("code").value = "";
      // the code is the lobby's line (#code_line), not a banner over the page: a banner of it
      // covered a quarter of a 320 px screen, a spectator's table too
      localStorage.setItem("games.token", m.token);
      localStorage.setItem("games.name", m.name);
      break;
    case "hello":
      S.name = m.name; S.chips = m.chips; S.code = m.code || null;
      localStorage.setItem("games.name", m.name);
      break;
    case "lobby": S.lobby = m; S.lobbyAt = Date.now(); break;
    case "room":
      if (S.room && m.room !== S.room.room) { S.table = null; S.selected = []; }
      S.room = m.room ? m : null;
      if (typeof m.chips === "number") S.chips = m.chips;
      if (!m.room) S.table = null;
      break;
    case "table": onTable(m); break;
    case "results": S.results = m; showResults(m); break;
    case "chips":
      if (m.name === S.name) S.chips = m.balance;
      if (m.name === S.name && m.topped_up && m.text) showNotice(m.text, "info"); // how much, why
      break;
    case "left": if (m.penalty) showNotice(t("left_penalty", { n: m.penalty }), "info"); break;
    case "bye": S.bye = true; showNotice(t("bye")); S.ws.close(); break;
    case "refused": onRefused(m); break;
    case "disk": // the laptop's disk is full: play is paused until there is space again
      if (m.full) showNotice(t("disk_full"), "disk");
      else { hideNotice("disk"); showNotice(t("disk_back"), "info"); }
      break;
    default: break;
  }
  render();
}

function onRefused(m) {
  if (m.code === "unknown_token" && (m.op === "hello" || m.op === null)) {
    S.token = null;
    localStorage.removeItem("games.token");
    if (S.name) { send({ op: "join", name: S.name }); return; }
  }
  if (m.op === "join") { S.joinedBy = "form"; S.token = null; S.pendingJoin = null; }
  if (m.code === "disk_full") { showNotice(t("disk_full"), "disk"); return; } // stays while paused
  showNotice(m.text || m.code);
  if (navigator.vibrate) navigator.vibrate([60, 60, 60]);
}

function onTable(m) {
  const old = S.table;
  if (!old || old.game_no !== m.game_no || old.room !== m.room) { S.selected = []; S.picks = {}; }
  S.table = m;
  const hand = handOf(m);
  S.selected = S.selected.filter((c) => hand.includes(c));
  S.deadlineAt = typeof m.deadline === "number" ? Date.now() + m.deadline * 1000 : null;
  const key = m.your_turn ? `${m.room}/${m.game_no}/${m.step}` : null;
  if (key && S.turnKey === null) { // the player's turn has come: felt, and said to a reader
    if (navigator.vibrate) navigator.vibrate(200);
    const turnText = rendererOf(gameOf(m)).turnText;
    announce((turnText && turnText(m)) || t("your_turn_now"));
  }
  S.turnKey = key;
  const last = m.last;
  const lastKey = `${m.room}/${m.game_no}/${m.step}`;
  if (last && last.seat === m.seat && m.seat !== null && S.lastSaid !== lastKey) {
    S.lastSaid = lastKey;
    if (last.by === "timer") { // the turn ran out: what was played in the player's name
      const said = rendererOf(gameOf(m)).timedOut;
      const what = said && said(m);
      showNotice(what ? t("timed_out", { what }) : t("timed_out_any"), "timer");
    } else {
      hideNotice("error"); // the player's own play went through: an old refusal is done
    }
  }
}

// The live region (#live, role=status): your turn and a game's result, said to a screen
// reader when they happen; a refusal is the notice's (#notice, role=alert).
function announce(text) {
  const live = $("live");
  // the same words again (the next turn): a changed text, said again
  live.textContent = text === live.textContent ? text + "\u00a0" : text;
}

let noticeTimer = null;
function showNotice(text, kind) {
  const n = $("notice");
  n.textContent = text;
  n.className = "notice" + (kind === "info" || kind === "timer" ? " info" : "");
  n.dataset.kind = kind || "error";
  n.hidden = false;
  clearTimeout(noticeTimer);
  if (kind !== "net" && kind !== "disk") noticeTimer = setTimeout(() => { n.hidden = true; }, 6000);
}
function hideNotice(kind) {
  const n = $("notice");
  if (!kind || n.dataset.kind === kind) n.hidden = true;
}

// ------------------------------------------------------------------ what to show
function lobbyRoom(id) {
  return S.lobby && S.lobby.rooms ? S.lobby.rooms.find((r) => r.id === id) : null;
}
// a table's view: the table's own fields, the engine's observation of the seat inside it
function obsOf(view) { return (view && (view.observation || view)) || {}; }
function handOf(m) {
  const obs = obsOf(m && m.view);
  return m && Array.isArray(obs.hand) && m.seat !== null && m.seat !== undefined ? obs.hand.map(String) : [];
}
// the renderer of the message's game (a game without a script: nothing but the seats)
function rendererOf(game) { return window.GAME_RENDERERS[game] || {}; }
function gameOf(m) { const r = m && lobbyRoom(m.room); return m && m.game ? m.game : r ? r.game : ""; }

function render() {
  $("who").textContent = S.name || "";
  // chips show only at a game with money (the lobby's room says; Schwimmen's coins are per seat)
  const here = S.room && S.room.room ? lobbyRoom(S.room.room) : null;
  const money = typeof S.chips === "number" && !(here && here.money === false);
  $("chips").textContent = money ? t("chips", { n: S.chips }) : "";
  document.querySelectorAll("[data-t]").forEach((e) => { e.textContent = t(e.dataset.t); });
  $("level").querySelectorAll("option").forEach((o) => { o.textContent = t("level_" + o.value); });
  const joined = !!S.token;
  $("join").hidden = joined;
  if (!joined && document.activeElement !== $("name") && !$("name").value) $("name").value = S.name;
  const inRoom = joined && S.room && S.room.room;
  $("lobby").hidden = !joined || !!inRoom;
  $("code_line").hidden = !S.code;
  if (S.code && $("code_line").dataset.code !== S.code) { // the code itself stands out
    const [before, after] = t("code_line", { code: "\u0000" }).split("\u0000");
    $("code_line").replaceChildren(before, el("strong", "code", S.code), after);
    $("code_line").dataset.code = S.code;
  }
  $("room").hidden = !inRoom;
  if (joined && !inRoom) renderLobby();
  if (inRoom) renderRoom();
}

// a seat whose person has no phone connected is theirs for `held` seconds (from the lobby
// message); the page counts down, the server frees the seat when the time is over
function seatName(s, fallback) {
  if (!s.name) return fallback;
  if (typeof s.held !== "number") return s.name;
  const left = Math.max(0, Math.ceil(s.held - (Date.now() - (S.lobbyAt || Date.now())) / 1000));
  const clock = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
  return t("held", { name: s.name, t: clock });
}
function anyHeld() {
  return ((S.lobby && S.lobby.rooms) || []).some((r) => r.seats.some((s) => typeof s.held === "number"));
}

function renderLobby() {
  const list = $("room_list");
  list.textContent = "";
  for (const r of (S.lobby && S.lobby.rooms) || []) {
    const card = el("div", "room-card");
    card.dataset.room = r.id;
    const head = el("div", "head");
    head.appendChild(el("span", "", r.label || r.id));
    head.appendChild(el("span", "state", (r.state === "playing" ? t("playing") : t("waiting")) +
      (r.stake ? " · " + t("stake", { n: r.stake }) : "")));
    card.appendChild(head);
    // the rule set it plays and its rules (Daifugō's ルール1..4: the lobby's rule_set)
    if (r.rule_set) card.appendChild(el("div", "rules", ruleSetLine(r.rule_set)));
    const seats = el("div", "seats");
    for (const s of r.seats) {
      const chip = el("span", "seat-chip" + (s.name ? "" : " free") + (s.name === S.name ? " me" : "") +
        (typeof s.held === "number" ? " held" : ""), seatName(s, r.state === "playing" ? t("cpu") : t("free")));
      seats.appendChild(chip);
    }
    if (r.spectators) seats.appendChild(el("span", "seat-chip free", t("spectators", { n: r.spectators })));
    card.appendChild(seats);
    const buttons = el("div", "buttons");
    const free = r.seats.some((s) => !s.name);
    if (r.state !== "playing" && free) {
      const sit = el("button", "primary", t("sit"));
      sit.dataset.op = "sit";
      sit.onclick = () => send({ op: "sit", room: r.id });
      buttons.appendChild(sit);
    }
    const watch = el("button", "", t("watch"));
    watch.dataset.op = "watch";
    watch.onclick = () => send({ op: "watch", room: r.id });
    buttons.appendChild(watch);
    card.appendChild(buttons);
    list.appendChild(card);
  }
  renderBoards();
}

// the evening's high-score boards (the lobby message's "boards": a game's best scores, names)
function renderBoards() {
  const box = $("boards");
  box.textContent = "";
  for (const b of (S.lobby && S.lobby.boards) || []) {
    const board = el("div", "board");
    board.dataset.game = b.game;
    board.appendChild(el("div", "head", t("board", { game: b.label })));
    const list = el("ol", "");
    for (const e of b.top || []) {
      const li = el("li", e.name === S.name ? "me" : "");
      li.appendChild(el("span", "name", e.name));
      li.appendChild(el("span", "num", fmt("{n:,}", { n: e.score })));
      list.appendChild(li);
    }
    if (!(b.top || []).length) board.appendChild(el("div", "note", t("no_scores")));
    else board.appendChild(list);
    box.appendChild(board);
  }
}

// "ルール2：革命・禁止あがり・…" / "Rule set 2: Revolution, …"
function ruleSetLine(set) { return set.name + (LANG === "ja" ? "：" : ": ") + set.summary; }

function renderRoom() {
  const r = lobbyRoom(S.room.room);
  $("room_title").textContent = r ? (r.label || r.id) : S.room.room;
  const m = S.table && S.table.room === S.room.room ? S.table : null;
  const playing = r ? r.state === "playing" : !!m;
  // between games the last game's final table stays shown above the waiting panel (its last
  // cards, a round's results, the score), until the next game deals
  const last = !playing && m && r && m.game_no === r.game_no && m.game_no > 0;
  $("waiting").hidden = playing;
  $("table").hidden = !(playing || last) || !m;
  if (!playing) renderWaiting(r);
  if (m && (playing || last)) renderTable(m);
}

function renderWaiting(r) {
  const seats = $("waiting_seats");
  seats.textContent = "";
  for (const s of (r && r.seats) || []) {
    const row = el("div", "row");
    row.appendChild(el("span", "", t("seat", { n: s.seat + 1 })));
    row.appendChild(el("span", typeof s.held === "number" ? "held" : "", seatName(s, t("cpu"))));
    seats.appendChild(row);
  }
  // the rule set the room plays and its rules (the rules panel's title names it in a game)
  $("room_rules").textContent = r && r.rule_set ? ruleSetLine(r.rule_set) : "";
  $("room_rules").hidden = !(r && r.rule_set);
  const host = !!S.room.host;
  $("host_tools").hidden = !host;
  if (host && r && document.activeElement !== $("level")) $("level").value = r.cpu_level || "normal";
  // a one-seat room has no empty seat for a CPU: no level to choose
  const alone = !!r && r.seats.length === 1;
  $("level").hidden = alone;
  $("level_label").hidden = alone;
  $("waiting_note").textContent = host ? t("you_host") : t("host_starts", { host: (r && r.host) || "?" });
  // a spectator takes a free seat for the next game
  $("sit_button").hidden = !(S.room.role === "spectator" && r && r.seats.some((s) => !s.name));
}

// ------------------------------------------------------------------ the table
function iWatch(m) {
  const v = obsOf(m.view);
  if (S.room.role === "spectator" || m.seat === null || m.seat === undefined) return true;
  return (m.out || []).includes(m.seat) || (v.finished || []).includes(m.seat);
}

function renderTable(m) {
  const game = gameOf(m);
  $("table").className = game;
  renderPlayers(m, game);
  const paint = rendererOf(game).table;
  if (paint) paint(m);
  renderPeek(m, game);
  renderStatus(m, game);
}

function playerMeta(m, game, i) {
  const seatBits = rendererOf(game).seatBits;
  const bits = seatBits ? [...seatBits(m, i)] : [];
  if (leftSeats(m).includes(i)) bits.push(t("left_game"));
  return bits.join(" · ");
}

// the seats whose person left during this game (a CPU plays them out): people at the game's
// first table message who are people no more
const gamePeople = {};
function leftSeats(m) {
  const key = `${m.room}/${m.game_no}`;
  if (!(key in gamePeople)) gamePeople[key] = [...(m.people || [])];
  return gamePeople[key].filter((s) => !(m.people || []).includes(s));
}

function renderPlayers(m, game) {
  const box = $("players");
  box.textContent = "";
  const watching = iWatch(m);
  (m.names || []).forEach((name, i) => {
    const p = el("div", "player");
    p.dataset.seat = i;
    // several seats may choose at the same time (m.choosing), each marked
    if (i === m.to_move || (m.choosing || []).includes(i)) p.classList.add("turn");
    if (i === m.seat) p.classList.add("me");
    if ((m.out || []).includes(i)) p.classList.add("done");
    if (m.peek && m.peek.seat === i) p.classList.add("peeked");
    const me = LANG === "ja" ? `${name}（${t("you")}）` : `${name} (${t("you")})`;
    p.appendChild(el("div", "name", i === m.seat ? me : name));
    p.appendChild(el("div", "meta", playerMeta(m, game, i)));
    if (watching && i !== m.seat) {
      // a tile a spectator taps to see that hand: a button to every reader (role, focus, keys)
      p.classList.add("tappable");
      p.setAttribute("role", "button");
      p.tabIndex = 0;
      p.setAttribute("aria-pressed", String(!!(m.peek && m.peek.seat === i)));
      p.onclick = () => send({ op: "peek", seat: m.peek && m.peek.seat === i ? null : i });
      p.onkeydown = (e) => {
        if (e.key !== "Enter" && e.key !== " ") return;
        e.preventDefault();
        p.onclick();
      };
    }
    box.appendChild(p);
  });
}

function renderPeek(m, game) {
  const box = $("peek");
  const peek = m.peek;
  box.hidden = !peek;
  box.textContent = "";
  if (!peek) return;
  box.appendChild(el("div", "title", t("hand_of", { name: peek.name })));
  const cards = el("div", "cards");
  for (const c of obsOf(peek.view).hand || []) cards.appendChild(Cards.cardElement(c, true));
  box.appendChild(cards);
}

function deadlineText() {
  if (S.deadlineAt === null) return "";
  return t("deadline", { n: Math.max(0, Math.ceil((S.deadlineAt - Date.now()) / 1000)) });
}

function renderStatus(m, game) {
  const status = $("status");
  status.className = "status" + (m.your_turn ? " mine" : "");
  let text = "";
  const waitText = rendererOf(game).waitText;
  const waiting = !m.your_turn && waitText ? waitText(m) : "";
  if (m.your_turn) {
    const turnText = rendererOf(game).turnText;
    text = (turnText && turnText(m)) || t("your_turn_now");
  } else if (waiting) {
    text = waiting;
  } else if (m.to_move !== null && m.to_move !== undefined) {
    text = t("turn_of", { name: (m.names || [])[m.to_move] || "" });
  } else if (iWatch(m)) {
    text = S.room.role === "spectator" ? t("watching") : outText(m, game);
  }
  const left = deadlineText();
  // English has no full-width brackets: "Your turn! (30 s left)"
  status.textContent = left ? (LANG === "ja" ? `${text}（${left}）` : `${text} (${left})`) : text;
  if (S.room.role !== "spectator" && iWatch(m) && m.to_move !== null && m.to_move !== undefined) {
    status.textContent += " — " + outText(m, game);
  }
}

// a seat out of the game: its game's words (Daifugō's place or 反則あがり, Schwimmen's 敗退)
function outText(m, game) {
  const own = rendererOf(game).outText;
  return (own && own(m)) || t("out_watch");
}

function button(label, op, enabled, onclick) {
  const b = el("button", op === "pass" ? "" : "primary", label);
  b.dataset.op = op;
  b.disabled = !enabled;
  b.onclick = onclick;
  return b;
}

function act(action) {
  S.selected = [];
  S.picks = {};
  send({ op: "act", action });
  render();
}

function choose(title, options, label, then) {
  $("choice_title").textContent = title;
  const list = $("choice_list");
  list.textContent = "";
  for (const o of options) {
    const b = el("button", "", label(o));
    b.dataset.action = o;
    b.onclick = () => { $("choice_panel").hidden = true; then(o); };
    list.appendChild(b);
  }
  $("choice_panel").hidden = false;
}

// ------------------------------------------------------------------ panels
function showResults(m) {
  const table = $("results_table");
  table.textContent = "";
  const head = el("tr");
  const R = rendererOf(m.game);
  const heads = m.money ? [t("place"), t("name"), t("money"), t("balance")] : [t("place"), t("name"), "", R.resultHead || ""];
  for (const k of heads) head.appendChild(el("th", "", k));
  table.appendChild(head);
  const order = (m.names || []).map((_, i) => i).sort((a, b) => (m.places[a] || 99) - (m.places[b] || 99));
  const mySeat = S.table && S.table.room === m.room ? S.table.seat : null;
  for (const i of order) {
    const tr = el("tr", i === mySeat ? "me" : "");
    tr.dataset.seat = i;
    tr.appendChild(el("td", "", m.places[i] ? (R.place ? R.place(m.places[i], m, i) : String(m.places[i])) : "—"));
    const who = el("td", "", m.names[i] + ((m.left || []).includes(i) ? ` (${t("left_game")})` : ""));
    // the game's own parts of the figures (Daifugō: the title won, fee, prize, play fee),
    // each kept whole on a line where it fits
    const parts = R.resultDetail ? R.resultDetail(m, i) : [];
    if (parts.length) {
      const detail = el("div", "detail");
      parts.forEach((part, k) => {
        if (k) detail.appendChild(document.createTextNode(" · "));
        detail.appendChild(el("span", "part", part));
      });
      who.appendChild(detail);
    }
    tr.appendChild(who);
    const money = m.money ? m.money[i] : null;
    tr.appendChild(el("td", "num " + (money > 0 ? "plus" : money < 0 ? "minus" : ""), money === null ? "" : fmt("{d:+,}", { d: money })));
    const held = m.balances ? m.balances[i] : R.resultCell ? R.resultCell(m, i) : "";
    tr.appendChild(el("td", "num", typeof held === "number" ? held.toLocaleString("en-US") : held));
    table.appendChild(tr);
  }
  $("results_panel").hidden = false;
  // the result said: the panel's title, then each row's place, name and figures
  announce([t("results"), ...[...table.querySelectorAll("tr[data-seat]")]
    .map((tr) => [...tr.children].map((td) => td.textContent).filter(Boolean).join(" "))].join(LANG === "ja" ? "。" : ". "));
}

// a question before a step that costs something: `text`, the step's button `yes` (then
// `onYes`) and 続ける / Stay, the primary button, focused: the default is not to do it
function confirm(text, yes, onYes) {
  $("confirm_text").textContent = text;
  $("confirm_yes").textContent = yes;
  $("confirm_yes").onclick = () => { $("confirm_panel").hidden = true; onYes(); };
  $("confirm_panel").hidden = false;
  $("confirm_stay").focus();
}

function confirmLeave() {
  const r = S.room && lobbyRoom(S.room.room);
  const m = S.table;
  const midGame = r && r.state === "playing" && S.room.role === "seated" && m && !iWatch(m);
  const penalty = r && r.stake ? r.stake : 0;
  const text = midGame && penalty ? t("leave_mid", { n: penalty }) : t("leave_free");
  confirm(text, t("leave_yes"), () => send({ op: "leave" }));
}

function setup() {
  $("join").onsubmit = (e) => {
    e.preventDefault();
    const name = $("name").value.trim();
    if (!name) return;
    S.name = name;
    S.joinedBy = "form";
    const code = $("code").value.trim();  // the owner brings the name from another phone
    // kept until answered: a tap before the socket opens is sent when it does
    S.pendingJoin = code ? { op: "join", name, code } : { op: "join", name };
    send(S.pendingJoin);
  };
  $("rules_button").onclick = () => {
    const rules = (S.room && S.room.rules) || { name: "", lines: [] };
    $("rules_title").textContent = rules.name || t("rules");
    const ul = $("rules_lines");
    ul.textContent = "";
    for (const line of rules.lines || []) ul.appendChild(el("li", "", line));
    $("rules_panel").hidden = false;
  };
  $("leave_button").onclick = confirmLeave;
  $("start_button").onclick = () => send({ op: "start", room: S.room.room });
  $("sit_button").onclick = () => send({ op: "sit", room: S.room.room });
  $("level").onchange = () => send({ op: "level", room: S.room.room, level: $("level").value });
  document.querySelectorAll(".overlay .close").forEach((b) => {
    b.addEventListener("click", () => { b.closest(".overlay").hidden = true; });
  });
  setInterval(() => { if (S.table && S.deadlineAt !== null && !$("table").hidden) renderStatus(S.table, gameOf(S.table)); }, 1000);
  setInterval(() => { if (anyHeld() && $("table").hidden) render(); }, 1000);
  window.addEventListener("resize", render);
  render();
  connect();
}

document.addEventListener("DOMContentLoaded", setup);
