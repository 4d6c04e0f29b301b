// The phone's Schwimmen table: the field (table cards, round, stock, your points), the round's
// results between rounds (why it ended, every hand, the points, who lost a coin), the hand and
// the action buttons (only the moves `legal` lists are enabled). Loaded after app.js by
// the page (the server adds one script per registered game); it uses app.js's helpers (el, $, t,
// fmt, button, act, obsOf, handOf, iWatch, render, S) and registers its renderer in
// window.GAME_RENDERERS. The words are the Qt
// window's (GAME_TEXTS.schwimmen, from games/schwimmen/texts.py), so phone and window agree.
"use strict";

const SW = (window.GAME_TEXTS || {}).schwimmen || {};
const st = (key, params) => fmt(SW[key] || key, params);

const SW_WORDS = { keep: "keep", "take extra": "take_extra", "swap all": "swap_all", pass: "pass", knock: "knock", "next round": "next_round" };

// A seat's coins as the Qt window says them: 「コイン 0」, 「コイン −1」 (swimming, a true minus
// sign as the help writes it), nothing once out.
const swSigned = (n) => String(n).replace("-", "\u2212");
function swCoins(n, out) {
  return out || n < -1 ? "" : st("coins", { n: swSigned(n) });
}

// The seat line's Schwimmen part (app.js's seat list): coins, then 敗退 / シュビメン, 親, 終了宣言.
function swSeatBits(m, i) {
  const v = obsOf(m.view);
  const bits = [];
  const out = !!(v.out && v.out[i]);
  if (Array.isArray(v.coins)) {
    const coins = swCoins(v.coins[i], out);
    if (coins) bits.push(coins);
  }
  if (out) bits.push(st("out"));
  else if (v.coins && v.coins[i] === -1) bits.push(st("swimming"));
  if (v.dealer === i) bits.push(st("dealer"));
  if (v.knocker === i) bits.push(st("knocked"));
  return bits;
}

// The results panel's last column at a Schwimmen table: the coins left (returns are lives,
// coins + 2: 0 once out), never the lives themselves.
function swResultCoins(m, i) {
  if (!m.returns) return "";
  const coins = Math.round(m.returns[i]) - 2;
  return coins < -1 ? st("out") : st("coins", { n: swSigned(coins) });
}

function swNames(m) { return m.names || (m.view && m.view.names) || []; }

// Between rounds: the reason, then each hand in place order with its points and coins.
function swRoundResult(m, result) {
  const names = swNames(m);
  const box = el("div", "sw-result");
  box.id = "sw_result";
  const title = result.game_over ? st("game_over") : st("round_over");
  box.appendChild(el("div", "sw-result-title", title));
  const reason = fmt(SW["reason_" + result.reason] || "", { name: names[result.trigger] || "" });
  if (reason && reason !== title) box.appendChild(el("div", "sw-reason", reason));
  const seats = result.hands.map((_, i) => i).filter((i) => result.hands[i]);
  seats.sort((a, b) => (result.places[a] || 99) - (result.places[b] || 99) || a - b);
  for (const i of seats) {
    const lost = result.losers.includes(i);
    const row = el("div", "sw-row" + (i === m.seat ? " me" : "") + (lost ? " lost" : ""));
    row.dataset.seat = i;
    row.appendChild(el("span", "sw-place", result.places[i] ? st("place", { n: result.places[i] }) : ""));
    row.appendChild(el("span", "sw-name", names[i] || ""));
    const cards = el("span", "sw-cards");
    for (const c of result.hands[i]) cards.appendChild(Cards.cardElement(c, true));
    row.appendChild(cards);
    row.appendChild(el("span", "sw-points", st("points", { v: result.values[i] })));
    const out = result.eliminated.includes(i);
    let coins = out ? st("out") : swCoins(result.coins[i], false);
    if (!out && result.swimming.includes(i)) coins = st("swimming");
    if (lost) coins += " " + st("lost");
    row.appendChild(el("span", "sw-coins", coins));
    box.appendChild(row);
  }
  return box;
}

function swInfo(m, v) {
  const info = el("div", "tags");
  if (typeof v.round_number === "number") info.appendChild(el("span", "tag", st("round", { n: v.round_number })));
  if (typeof v.stock_count === "number") info.appendChild(el("span", "tag", st("stock", { n: v.stock_count })));
  if (m.view && typeof m.view.points === "number") {
    const mine = el("span", "tag mine", st("points", { v: m.view.points }));
    mine.id = "sw_points";
    info.appendChild(mine);
  }
  return info;
}

function renderSchwimmen(m) {
  const v = obsOf(m.view);
  const field = $("field");
  field.textContent = "";
  field.appendChild(swInfo(m, v));
  const result = m.view && m.view.result;
  if (result && (v.phase === "round_over" || v.phase === "game_over")) {
    field.appendChild(swRoundResult(m, result));
  } else if ((v.table || []).length) { // the dealer's phase has no table cards yet
    const row = el("div", "table-cards");
    row.id = "table_cards";
    for (const c of v.table || []) {
      const card = Cards.cardElement(c, false);
      if (S.picks.table === c) card.classList.add("selected");
      card.onclick = () => { S.picks.table = S.picks.table === c ? null : c; render(); };
      row.appendChild(card);
    }
    field.appendChild(row);
    field.appendChild(el("div", "row-label", st("table")));
  }
  const box = $("hand");
  box.textContent = "";
  for (const c of handOf(m)) {
    const card = Cards.cardElement(c, false);
    if (S.picks.hand === c) card.classList.add("selected");
    card.onclick = () => { S.picks.hand = S.picks.hand === c ? null : c; render(); };
    box.appendChild(card);
  }
  swActions(m, v);
}

// The buttons of this phase; a button is enabled only for a move `legal` lists (パス after a
// pass, 終了 on a first turn and 交換 without two picked cards stay disabled).
function swActions(m, v) {
  const actions = $("actions");
  actions.className = "actions many sw-actions";
  actions.textContent = "";
  if (m.seat === null || m.seat === undefined || iWatch(m) || !m.your_turn) return;
  const legal = m.legal || [];
  if (v.phase === "play") {
    const swap = S.picks.hand && S.picks.table ? `swap ${S.picks.hand} ${S.picks.table}` : null;
    actions.appendChild(button(st("swap"), "swap", !!swap && legal.includes(swap), () => act(swap)));
    for (const [word, op] of [["swap all", "swap_all"], ["pass", "pass"], ["knock", "knock"]]) {
      actions.appendChild(button(st(op), op, legal.includes(word), () => act(word)));
    }
    return;
  }
  for (const a of legal) {
    if (SW_WORDS[a]) actions.appendChild(button(st(SW_WORDS[a]), a.replace(" ", "_"), true, () => act(a)));
  }
}

// what the turn timer chose for this seat (m.last, every move public): 「7♥ と場の K♠ を交換
// しました」, 「「終了」を選びました」, in the words of the Qt window's buttons
function swTimedOut(m) {
  const action = String((m.last && m.last.action) || "");
  const show = (code) => { const p = Cards.cardParts(code); return p.rank + p.suit; };
  const words = action.split(" ");
  if (words[0] === "swap" && words.length === 3) return st("timer_swapped", { hand: show(words[1]), table: show(words[2]) });
  return SW_WORDS[action] ? st("timer_chose", { move: st(SW_WORDS[action]) }) : "";
}

function swTurnText(m) {
  const v = obsOf(m.view);
  return (m.view && m.view.prompt) || (v.phase === "dealer" ? st("dealer_prompt") : t("your_turn_now"));
}

window.GAME_RENDERERS = window.GAME_RENDERERS || {};
window.GAME_RENDERERS.schwimmen = {
  table: renderSchwimmen,
  seatBits: swSeatBits,
  turnText: swTurnText,
  timedOut: swTimedOut,
  place: (n) => st("place", { n }),
  outText: () => st("out_watch"), // 敗退, Schwimmen's own word (not Daifugō's あがり)
  resultHead: t("coins"),
  resultCell: swResultCoins,
};
