// Sticks on the phone: the pile, each seat's sticks taken, one button per take.
"use strict";

const SK = (window.GAME_TEXTS || {}).sticks || {};
const sk = (key, params) => fmt(SK[key] || key, params);

function renderSticks(m) {
  const v = obsOf(m.view || {}) || {};
  const field = $("field");
  field.textContent = "";
  const pile = el("div", "who-played", sk("pile", { n: v.pile || 0 }));
  pile.id = "sk_pile";
  field.appendChild(pile);
  $("hand").textContent = "";
  const actions = $("actions");
  actions.className = "actions";
  actions.textContent = "";
  if (!iWatch(m) && m.your_turn) {
    for (const a of m.legal || []) {
      const n = Number(String(a).split(" ").pop());
      actions.appendChild(button(sk("take", { n }), "take" + n, true, () => act(a)));
    }
  }
}

window.GAME_RENDERERS = window.GAME_RENDERERS || {};
window.GAME_RENDERERS.sticks = {
  table: renderSticks,
  seatBits: (m, i) => [sk("taken", { n: ((obsOf(m.view || {}) || {}).taken || [])[i] || 0 })],
  turnText: () => t("your_turn_now"),
  resultHead: "",
  resultCell: () => "",
};
