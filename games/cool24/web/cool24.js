// The phone's COOL 24+24 table (one seat, played alone): the lap, the stock, the score and the
// bonuses earned, the last card played, the four hand slots (the playable ones enabled, the
// hint's card marked once ヒント is tapped) and the game's end. Loaded after app.js (the server
// adds one script per registered game); it uses app.js's helpers (el, $, t, fmt, button, act,
// obsOf, iWatch, render, S) and registers its renderer in window.GAME_RENDERERS. The words
// and the cards' colours are the Qt game's (GAME_TEXTS.cool24, from games/cool24/texts.py).
"use strict";

const CL = (window.GAME_TEXTS || {}).cool24 || {};
const ct = (key, params) => fmt(CL[key] || key, params);
const CL_BONUSES = ["straight_flush", "four_of_a_kind", "flush"];

// A card of `colour` too light for its white number (under 3:1, the floor for large bold text,
// WCAG 1.4.3): its number is near-black (class "light"). White on the default yellow and green
// cards was 1.6:1 and 2.4:1. `colour`: "#rrggbb" (the settings' suit colours); other: false.
function lightCard(colour) {
  const hex = /^#([0-9a-f]{6})$/i.exec(String(colour || "").trim());
  if (!hex) return false;
  const channel = (i) => {
    const c = parseInt(hex[1].slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const lum = 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
  return 1.05 / (lum + 0.05) < 3;
}

// Each suit's shape, in the order of the suits (CL.suit_colors' keys): a suit is told by its
// mark as well as its colour (red and green are one colour to many eyes, issue 43.3); the
// shapes' names for a reader, in the page's language; the colours' names come with the page's
// texts (GAME_TEXTS.cool24.suit_names: the Qt game's colour_name, games/cool24/texts.py).
const CL_MARKS = ["●", "▲", "■", "◆"];
const CL_WORDS = {
  ja: { shapes: ["まる", "さんかく", "しかく", "ひし形"], card: "{colour}・{shape}の {rank}" },
  en: { shapes: ["circle", "triangle", "square", "diamond"], card: "{colour} {shape} {rank}" },
}[LANG];

// "gK" -> what a reader hears of it: 「赤・まるの K」, "red circle K"
function clCardName(code) {
  const suit = String(code).slice(0, 1);
  const index = Object.keys(CL.suit_colors || {}).indexOf(suit);
  return fmt(CL_WORDS.card, {
    colour: (CL.suit_names || {})[suit] || suit, shape: CL_WORDS.shapes[index] || suit, rank: String(code).slice(1) });
}

// what the turn timer played for the seat (m.last is "slot N"; the card is the view's last)
function clTimedOut(m) {
  const card = m.view && m.view.last;
  return card ? ct("timer_played", { card: clCardName(card) }) : "";
}

// "gK" -> a card button in its suit's colour with its suit's shape and its number; null: an
// empty slot, an outline that is nothing to tap (no button: a nameless, disabled button was
// all a reader heard)
function clCard(code, cls) {
  if (!code) return el("div", "card cl-card empty" + (cls ? " " + cls : ""));
  const b = el("button", "card cl-card" + (cls ? " " + cls : ""));
  b.type = "button";
  const suit = String(code).slice(0, 1);
  b.dataset.card = code;
  const colour = (CL.suit_colors || {})[suit] || "#888888";
  b.style.background = colour;
  if (lightCard(colour)) b.classList.add("light");
  const index = Object.keys(CL.suit_colors || {}).indexOf(suit);
  const shape = CL_MARKS[index] || suit;
  const rank = String(code).slice(1);
  const mark = el("span", "cl-mark", shape);
  mark.setAttribute("aria-hidden", "true");
  b.dataset.mark = shape;
  b.append(mark, el("span", "rank", rank));
  b.setAttribute("aria-label", clCardName(code));
  return b;
}

function clInfo(m, v) {
  const info = el("div", "tags");
  if (typeof v.lap === "number") info.appendChild(el("span", "tag", ct("lap", { lap: v.lap })));
  const stock = m.view && m.view.stock_count;
  if (typeof stock === "number") info.appendChild(el("span", "tag", ct("stock") + " " + ct("stock_count", { n: stock })));
  const score = el("span", "tag mine", `${ct("score")} ${fmt("{n:,}", { n: (m.view && m.view.score) || 0 })}`);
  score.id = "cl_score";
  info.appendChild(score);
  const bonuses = (m.view && m.view.bonuses) || {};
  for (const kind of CL_BONUSES) {
    if (!bonuses[kind]) continue;
    const tag = el("span", "tag event", `${ct(kind)} ×${bonuses[kind]}`);
    tag.dataset.bonus = kind;
    info.appendChild(tag);
  }
  return info;
}

function renderCool24(m) {
  const view = m.view || {};
  const v = obsOf(view);
  const field = $("field");
  field.textContent = "";
  field.appendChild(clInfo(m, v));
  if (view.stage === "over") {
    const end = el("div", "cl-over", view.cleared ? ct("cleared") : `${ct("over")}: ${ct("stuck")}`);
    end.id = "cl_over";
    field.appendChild(end);
  }
  const last = view.last;
  const top = el("div", "cards");
  if (last) top.appendChild(clCard(last, "small-field"));
  field.appendChild(top);
  field.appendChild(el("div", "who-played", last ? ct("field") : ct("field_empty").replace("\n", " ")));
  const mine = m.seat !== null && m.seat !== undefined && !iWatch(m);
  const playable = new Set((m.your_turn ? m.legal || [] : []).map((a) => Number(String(a).split(" ").pop())));
  const box = $("hand");
  box.textContent = "";
  (Array.isArray(v.hand) ? v.hand : []).forEach((code, i) => {
    const slot = i + 1;
    const hinted = S.picks.hint && view.hint_slot === slot;
    const c = clCard(code, hinted ? "hint" : "");
    c.dataset.slot = slot;
    if (code) {
      c.disabled = !(mine && playable.has(slot));
      c.onclick = () => act(`slot ${slot}`);
    }
    box.appendChild(c);
  });
  const actions = $("actions");
  actions.className = "actions";
  actions.textContent = "";
  if (mine && m.your_turn && view.hint) {
    const on = !!S.picks.hint;
    actions.appendChild(button(ct("hint"), "hint", typeof view.hint_slot === "number", () => { S.picks.hint = !on; render(); }));
  }
}

window.GAME_RENDERERS = window.GAME_RENDERERS || {};
window.GAME_RENDERERS.cool24 = {
  table: renderCool24,
  seatBits: (m) => [`${ct("score")} ${fmt("{n:,}", { n: (m.view && m.view.score) || 0 })}`],
  turnText: (m) => (S.picks.hint ? ct("hint") + ": " : "") + t("your_turn_now"),
  timedOut: clTimedOut,
  resultHead: ct("score"),
  resultCell: (m, i) => (m.returns ? fmt("{n:,}", { n: Math.round(m.returns[i]) }) : ""),
};
