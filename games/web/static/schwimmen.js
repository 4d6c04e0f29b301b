// The phone's Schwimmen table: the field (table cards, round, stock), the hand and the action
// buttons. Loaded after app.js by index.html; it uses app.js's helpers (el, $, st, t, button, act,
// obsOf, handOf, iWatch, render, S) and app.js's render() calls renderSchwimmen(m) for a Schwimmen table.
"use strict";

const SW_WORDS = { keep: "keep", "take extra": "take_extra", "swap all": "swap_all", pass: "pass", knock: "knock", "next round": "next_round" };

function renderSchwimmen(m) {
  const v = obsOf(m.view);
  const field = $("field");
  field.textContent = "";
  const info = el("div", "tags");
  if (typeof v.round_number === "number") info.appendChild(el("span", "tag", st("round", { n: v.round_number })));
  if (typeof v.stock_count === "number") info.appendChild(el("span", "tag", t("stock", { n: v.stock_count })));
  if (v.phase === "round_over") info.appendChild(el("span", "tag rev", st("round_over")));
  field.appendChild(info);
  const row = el("div", "table-cards");
  row.id = "table_cards";
  for (const c of v.table || []) {
    const card = Cards.cardElement(c, false);
    if (S.sw.table === c) card.classList.add("selected");
    card.onclick = () => { S.sw.table = S.sw.table === c ? null : c; render(); };
    row.appendChild(card);
  }
  field.appendChild(row);
  field.appendChild(el("div", "row-label", st("table")));
  const box = $("hand");
  box.textContent = "";
  for (const c of handOf(m)) {
    const card = Cards.cardElement(c, false);
    if (S.sw.hand === c) card.classList.add("selected");
    card.onclick = () => { S.sw.hand = S.sw.hand === c ? null : c; render(); };
    box.appendChild(card);
  }
  const actions = $("actions");
  actions.className = "actions many";
  actions.textContent = "";
  if (m.seat === null || m.seat === undefined || iWatch(m)) return;
  const legal = m.your_turn ? m.legal || [] : [];
  if (!m.your_turn) return;
  if (v.phase === "play") {
    // the Qt window's four buttons, each sent as it is: the table says why one is refused
    const swap = S.sw.hand && S.sw.table ? `swap ${S.sw.hand} ${S.sw.table}` : null;
    actions.appendChild(button(st("swap"), "swap", !!swap, () => act(swap)));
    actions.appendChild(button(st("swap_all"), "swap_all", true, () => act("swap all")));
    actions.appendChild(button(st("pass"), "pass", true, () => act("pass")));
    actions.appendChild(button(st("knock"), "knock", true, () => act("knock")));
    return;
  }
  for (const a of legal) {
    if (SW_WORDS[a]) actions.appendChild(button(st(SW_WORDS[a]), a.replace(" ", "_"), true, () => act(a)));
  }
}
