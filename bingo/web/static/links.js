// The bar bingo serve adds to the card tables' page (bingo/web/tables.py): "my card" goes to
// the bingo card this phone opened last (app.js keeps it in localStorage; the tables' page at
// /tables/ shares it, the same origin), hidden on a phone that opened none.
"use strict";
(() => {
  let card = null;
  try { card = localStorage.getItem("bingo.card"); } catch (e) { card = null; }
  const link = document.getElementById("my_card_link");
  if (link && card && card.startsWith("/card/")) {
    link.href = card;
    link.hidden = false;
  }
})();
