// Cards on the phone: how a card code ("10H", "JK", "JK=5S") is drawn, and which of the
// legal actions the server listed match the cards the player tapped. No rule is decided here:
// the page only offers the actions the server's `legal` list holds, the server checks again.
"use strict";

const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };

function cardParts(code) {
  const real = String(code).split("=")[0];
  // the joker as rank and mark like every card ("JK" over "★"): "JOKER" is wider than a card
  if (real === "JK") return { rank: "JK", suit: "★", red: false, joker: true };
  const suit = real.slice(-1);
  return { rank: real.slice(0, -1), suit: SUITS[suit] || suit, red: suit === "H" || suit === "D", joker: false };
}

function cardElement(code, small) {
  const parts = cardParts(code);
  const el = document.createElement("button");
  el.type = "button";
  el.className = "card" + (small ? " small" : "") + (parts.red ? " red" : "") + (parts.joker ? " joker" : "");
  el.dataset.card = String(code).split("=")[0];
  el.setAttribute("aria-label", parts.joker ? "JOKER" : parts.suit + parts.rank);
  const rank = document.createElement("span");
  rank.className = "rank";
  rank.textContent = parts.rank;
  el.appendChild(rank);
  if (parts.suit) {
    const suit = document.createElement("span");
    suit.className = "suit";
    suit.textContent = parts.suit;
    el.appendChild(suit);
  }
  return el;
}

// "10S JK=10H 10C" -> ["10C", "10S", "JK"]: the cards an action text uses, sorted
function actionCards(text) {
  return String(text).split(" ").filter((w) => w && w !== "give").map((w) => w.split("=")[0]).sort();
}

function sameCards(a, b) {
  if (a.length !== b.length) return false;
  const x = [...a].sort(), y = [...b].sort();
  return x.every((c, i) => c === y[i]);
}

// the legal Daifugō texts matching the tapped cards: plays, or gifts when `give` is true
function matchingActions(legal, selected, give) {
  return (legal || []).filter((t) => {
    const isGive = t.startsWith("give ");
    if (give !== isGive || t === "pass") return false;
    return sameCards(actionCards(t), selected);
  });
}

window.Cards = { cardParts, cardElement, actionCards, matchingActions, sameCards };
