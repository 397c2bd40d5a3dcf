// The overlay: the roll, the advised keep when advice is on, and the
// totals, nothing to click.
"use strict";

(() => {
  const { watch, drawDie, el } = dicecam;
  const dice = document.getElementById("overlay-dice");
  const totals = document.getElementById("overlay-totals");
  for (let i = 0; i < 5; i++) dice.append(el("div", { class: "die" }));
  watch((s) => {
    const pips = s.rules.faces[0] === "1";
    // The advised keep, for viewers to follow the player's choice against it.
    const a = s.advice;
    const advised = a.status === "ready" && !a.box;
    dice.classList.toggle("advised", advised && a.hold.some(Boolean));
    [...dice.children].forEach((d, i) => {
      drawDie(d, s.roll.dice[i], s.roll.labels[i], pips);
      d.classList.toggle("hold", advised && a.hold[i]);
    });
    totals.replaceChildren(...s.players.map((p, i) => el("tr", { class: i === s.to_move ? "to-move" : "" },
      el("td", { text: p.name }),
      el("td", { class: "score", text: String(s.rules.games > 1 ? p.series_total : p.totals.grand_total) }))));
  });
})();
