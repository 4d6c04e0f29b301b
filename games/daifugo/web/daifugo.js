// The phone's Daifugō table: the field (the top play, 革命 and the locks, what the last play set
// off), the hand (cards no legal action uses are dimmed) and the buttons. Loaded after app.js
// (the server adds one script per registered game); it uses app.js's helpers (el, $, t, fmt,
// button, act, choose, obsOf, handOf, iWatch, render, S) and registers its renderer in
// window.GAME_RENDERERS. The words are the Qt window's (GAME_TEXTS.daifugo).
"use strict";

const DF = (window.GAME_TEXTS || {}).daifugo || {};
const dt = (key, params) => fmt(DF[key] || key, params);

function dfSeatBits(m, i) {
  const v = obsOf(m.view);
  const bits = [];
  const titles = (m.view && m.view.titles) || v.ranks || [];
  const names = DF.titles || [];
  if (names[titles[i]] && m.game_no > 1) bits.push(names[titles[i]]);
  const done = (v.finished || []).indexOf(i);
  if (done >= 0) bits.push(dt("out", { n: done + 1 }));
  else if (dfFouls(m).includes(i)) bits.push(dt("fouled")); // 反則あがり, not 都落ち
  else if ((v.bottom || []).includes(i)) bits.push(dt("fell"));
  else if (Array.isArray(v.hand_sizes)) bits.push(dfCardCount(v.hand_sizes[i]));
  if ((v.passed || []).includes(i)) bits.push(dt("passed"));
  return bits;
}

// 「3枚」, "1 card", "2 cards": English says one card without the plural
function dfCardCount(n) { return n === 1 && DF.cards_one ? dt("cards_one", { n }) : dt("cards", { n }); }

// the seats that went out on a forbidden play (反則あがり), from the table's view
function dfFouls(m) { return (m.view && m.view.fouls) || []; }

// a seat out of this game: its place, or the rule that put it last (反則あがり / 都落ち)
function dfOutText(m) {
  const v = obsOf(m.view);
  if (dfFouls(m).includes(m.seat)) return dt("foul_out");
  if ((v.bottom || []).includes(m.seat)) return dt("fell_out");
  return "";
}

// the results' place, naming the rule that put a seat last
function dfPlace(n, m, i) {
  const extra = (m && m.extra) || {};
  if ((extra.fouls || []).includes(i)) return dt("place_foul", { n });
  if ((extra.fell || []).includes(i)) return dt("place_fell", { n });
  return dt("place", { n });
}

// the parts of a seat's net in the results, a list (extra: the title its place gives for the next
// game, its fee, the winner's prize and the 2 % play fee, a penalty for leaving): "次は大富豪 ·
// 参加費 -200 · 賞金 +1,000 · プレイ代2% -20"; the prize of a winner who left is the next place's
function dfResultDetail(m, i) {
  const x = (m && m.extra) || {};
  if (!Array.isArray(x.fees)) return [];
  const parts = [];
  const title = (DF.titles || [])[(x.titles || [])[i]];
  if (title) parts.push(dt("res_title", { title }));
  parts.push(dt("res_fee", { n: -x.fees[i] }));
  if (x.winner === i) {
    const passed = !!m.places && m.places[i] !== 1;
    parts.push(dt(passed ? "res_prize_passed" : "res_prize", { n: x.pot }));
    parts.push(dt("res_play_fee", { n: -x.play_fee, pct: DF.play_fee_percent }));
  }
  const paid = (m.penalties || {})[String(i)];
  if (paid) parts.push(dt("res_penalty", { n: -paid }));
  return parts;
}

// the trick so far (view.history): who played what, who passed and what it set off (8切り,
// 革命, 11バック, しばり, 都落ち, 反則あがり), in order, newest last; a short list that scrolls
function dfHistory(m) {
  const lines = (m.view && m.view.history) || [];
  if (!lines.length) return null;
  const list = el("ol", "trick-log");
  list.id = "trick_log";
  list.tabIndex = 0; // a list that scrolls can be scrolled from the keyboard too
  list.setAttribute("aria-label", dt("trick_log"));
  const words = DF.events || {};
  for (const line of lines) {
    const cards = line.cards || [];
    const li = el("li", cards.length ? "play" : "pass");
    li.dataset.seat = line.seat;
    li.appendChild(el("span", "by", (m.names || [])[line.seat] || ""));
    li.appendChild(el("span", "what", cards.length ? dfCards(cards.join(" ")) : dt("passed")));
    for (const e of line.events || []) li.appendChild(el("span", "ev", words[e] || e));
    list.appendChild(li);
  }
  if (m.view.trick_cleared) list.appendChild(el("li", "cleared", dt("trick_cleared")));
  return list;
}

// card passing (view.gifts: this seat's own, secret to the others): what it got and gave,
// 「カード交換：CPU 4から 2♠ をもらいました／CPU 4に 3♥4♦ を渡しました」
function dfExchangeNote(m) {
  const gifts = (m.view && m.view.gifts) || [];
  const names = m.names || [];
  const cards = (g) => dfCards(g.cards.join(" "));
  const parts = [
    ...gifts.filter((g) => g.receiver === m.seat).map((g) => dt("exchange_got", { name: names[g.giver] || "", cards: cards(g) })),
    ...gifts.filter((g) => g.giver === m.seat).map((g) => dt("exchange_gave", { name: names[g.receiver] || "", cards: cards(g) })),
  ];
  return parts.length ? dt("exchange_note", { what: parts.join(LANG === "ja" ? "／" : "; ") }) : "";
}

// a play that would go out on a forbidden play (反則あがり) is asked about first
function dfPlay(m, action) {
  if (((m.view && m.view.foul_plays) || []).includes(action)) confirm(dt("foul_confirm"), dt("foul_play"), () => act(action));
  else act(action);
}

function dfTurnText(m) {
  const v = obsOf(m.view);
  // this seat's own gift while it chooses (the 大富豪 and the 富豪 choose at the same time)
  const step = (m.view && m.view.giving) || v.exchange_step;
  if (v.phase === "exchange" && step) {
    const to = (m.names || [])[step.receiver] || "";
    return step.strongest_only ? dt("give_strongest", { to }) : dt("give_any", { to, n: step.count });
  }
  return !v.top ? dt("your_lead") : t("your_turn_now");
}

function renderDaifugo(m) {
  const v = obsOf(m.view);
  const field = $("field");
  field.textContent = "";
  const tags = el("div", "tags");
  if (v.revolution) tags.appendChild(el("span", "tag rev", dt("revolution")));
  if (v.eleven_back) tags.appendChild(el("span", "tag", dt("eleven_back")));
  if (v.suit_lock && v.suit_lock.length) tags.appendChild(el("span", "tag", dt("suit_lock", { s: v.suit_lock.map((s) => Cards.cardParts("2" + s).suit || s).join("") })));
  if (v.number_lock) tags.appendChild(el("span", "tag", dt("number_lock")));
  // what the last action set off (8切り！ 都落ち！), in the Qt window's banner words
  for (const e of (m.last && m.last.events) || []) tags.appendChild(el("span", "tag event", e));
  if (tags.childNodes.length) field.appendChild(tags);
  if (v.top && v.top.length) {
    const cards = el("div", "cards");
    for (const c of v.top) cards.appendChild(Cards.cardElement(c, false));
    field.appendChild(cards);
    if (v.top_player !== null && v.top_player !== undefined) field.appendChild(el("div", "who-played", (m.names || [])[v.top_player] || ""));
  } else {
    field.appendChild(el("div", "who-played", dt("empty_field")));
  }
  const note = dfExchangeNote(m);
  if (note && !(obsOf(m.view).pile || []).length) { // until the first play of the game
    field.appendChild(el("div", "exchange-note", note)).id = "exchange_note";
  }
  const said = `${m.room}/${m.game_no}/${note}`;
  if (note && S.exchangeSaid !== said) { // each new gift told once, as it happens
    S.exchangeSaid = said;
    showNotice(note, "info");
  }
  const log = dfHistory(m);
  if (log) {
    field.appendChild(log);
    log.scrollTop = log.scrollHeight; // the newest line in sight
  }
  renderDaifugoHand(m);
  renderDaifugoActions(m);
}

function renderDaifugoHand(m) {
  const box = $("hand");
  box.textContent = "";
  const hand = handOf(m);
  const n = hand.length;
  const width = box.clientWidth || Math.min(window.innerWidth, 430) - 16;
  const rows = n <= 8 ? 1 : n <= 16 ? 2 : 3;
  const perRow = Math.ceil(n / rows) || 1;
  const w = Math.max(36, Math.min(62, Math.floor((width - (perRow - 1) * 4) / perRow)));
  // on the player's turn, a card no legal action uses is dimmed (still tappable: the server
  // says why it cannot be played)
  const usable = new Set((m.your_turn ? m.legal || [] : []).flatMap((a) => Cards.actionCards(a)));
  hand.forEach((code) => {
    const c = Cards.cardElement(code, false);
    c.style.width = w + "px";
    c.style.height = Math.round(w * 1.4) + "px";
    if (S.selected.includes(code)) c.classList.add("selected");
    if (m.your_turn && !usable.has(code)) c.classList.add("dim");
    c.onclick = () => {
      const i = S.selected.indexOf(code);
      if (i >= 0) S.selected.splice(i, 1); else S.selected.push(code);
      render();
    };
    box.appendChild(c);
  });
}

function renderDaifugoActions(m) {
  const box = $("actions");
  box.className = "actions";
  box.textContent = "";
  if (m.seat === null || m.seat === undefined || iWatch(m)) return;
  const v = obsOf(m.view);
  // a seat out of this game (gone out, fouled, fallen) or a game over has no buttons left
  const out = (v.finished || []).includes(m.seat) || dfFouls(m).includes(m.seat) || (v.bottom || []).includes(m.seat);
  if (out || v.phase === "over") return;
  const legal = m.your_turn ? m.legal || [] : [];
  if (v.phase === "exchange") {
    const gives = Cards.matchingActions(legal, S.selected, true);
    const give = button(dt("give"), "give", gives.length === 1 && m.your_turn, () => act(gives[0]));
    box.appendChild(give);
    return;
  }
  const plays = Cards.matchingActions(legal, S.selected, false);
  box.appendChild(button(dt("play"), "play", m.your_turn && S.selected.length > 0, () => {
    if (plays.length === 1) dfPlay(m, plays[0]);
    else if (plays.length > 1) choose(t("choose_play"), plays, playLabel, (a) => dfPlay(m, a));
    else send({ op: "act", action: S.selected.join(" ") }); // the server says why not
  }));
  box.appendChild(button(dt("pass"), "pass", legal.includes("pass"), () => act("pass")));
}

// the status while others choose their card passing (view.choosers: at the same time, each on
// their own timer): who is choosing, and to a seat that has given, that it waits for them
function dfWaitText(m) {
  const v = obsOf(m.view);
  const choosers = (m.view && m.view.choosers) || [];
  if (v.phase !== "exchange" || !choosers.length || m.your_turn) return "";
  const names = choosers.map((s) => (m.names || [])[s] || "").join(dt("names_and"));
  const gave = ((m.view && m.view.gifts) || []).some((g) => g.giver === m.seat);
  if (gave && !choosers.includes(m.seat)) return dt("exchange_waiting", { names });
  return choosers.length > 1 ? dt("exchange_choosing", { names }) : "";
}

// what the turn timer played for this seat (m.last): 「K♠K♦を出しました」, 「パスしました」,
// a gift (secret to the others) with its cards from the view's card passing
function dfTimedOut(m) {
  const action = m.last && m.last.action;
  if (action === "pass") return dt("timer_passed");
  if (action) return dt("timer_played", { cards: dfCards(action) });
  const gifts = ((m.view && m.view.gifts) || []).filter((g) => g.giver === m.seat);
  const gift = gifts[gifts.length - 1];
  return gift ? dt("timer_gave", { cards: dfCards(gift.cards.join(" ")), name: (m.names || [])[gift.receiver] || "" }) : "";
}

// card codes ("KS KD", "JK=5S 5H") as the cards show them: "K♠K♦", "ジョーカー5♥"
function dfCards(text) {
  return String(text).split(" ").map((w) => {
    const p = Cards.cardParts(w.split("=")[0]);
    return p.joker ? dt("joker") : p.rank + p.suit;
  }).join(LANG === "ja" ? "" : " ");
}

// "10S JK=10H" -> "10♠ ジョーカー = 10♥": a joker's reading said in the Qt window's words
function playLabel(text) {
  return String(text).split(" ").map((w) => {
    const [card, reading] = w.split("=");
    const show = (c) => { const p = Cards.cardParts(c); return p.joker ? dt("joker") : p.rank + p.suit; };
    return reading ? dt("joker_is", { card: show(reading) }) : show(card);
  }).join(" ");
}

window.GAME_RENDERERS = window.GAME_RENDERERS || {};
window.GAME_RENDERERS.daifugo = {
  table: renderDaifugo,
  seatBits: dfSeatBits,
  turnText: dfTurnText,
  place: dfPlace,
  resultDetail: dfResultDetail,
  outText: dfOutText,
  timedOut: dfTimedOut,
  waitText: dfWaitText,
};
