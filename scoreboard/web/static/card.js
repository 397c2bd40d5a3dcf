// The score card: a column per player, the lit boxes of a confirmed roll,
// scores typed by hand, the totals.
"use strict";

dicecam.makeCard = ({ act, playerName, current, focusDice }) => {
  const { el } = dicecam;
  const table = document.getElementById("card");
  let editing = null; // {player, box} while a score is being typed

  // redrawCard draws the card again only when something on it changed (the
  // camera's news does not touch it), never under a name being typed, and
  // keeps the keyboard where it was.
  let cardKey = "";
  function redraw(s) {
    if (editing) return;
    const key = JSON.stringify([s.game_id, s.players, s.to_move, s.roll.confirmed && s.roll.options, s.winners]);
    const focused = document.activeElement;
    if (key === cardKey) return;
    if (focused && focused.matches("#card input.name")) {
      focused.addEventListener("blur", () => redraw(current()), { once: true });
      return;
    }
    cardKey = key;
    const cell = focused && focused.closest("#card td[data-box]");
    const label = focused && focused.closest("#card") && focused.getAttribute("aria-label");
    renderCard(s);
    let again = null;
    if (cell) again = document.querySelector(`#card td[data-player="${cell.dataset.player}"][data-box="${cell.dataset.box}"] button`);
    else if (label) again = document.querySelector(`#card [aria-label="${CSS.escape(label)}"]`);
    if (again) again.focus();
  }

  function renderCard(s) {
    table.replaceChildren();
    const names = el("tr", {}, el("th", { scope: "col", class: "box-name", text: "Box" }));
    s.players.forEach((p, i) => {
      const input = el("input", {
        class: "name", value: p.name, "aria-label": `Name of player ${i + 1}`, size: 8,
      });
      input.addEventListener("change", () => act("/api/rename", { player: i, name: input.value }));
      input.addEventListener("keydown", (e) => { if (e.key === "Enter") input.blur(); });
      names.append(el("th", { scope: "col", class: colClass(s, i) }, input));
    });
    if (s.players.length < 8) {
      const add = el("button", { type: "button", class: "add", "aria-label": "Add a player", title: "Add a player", text: "+" });
      add.addEventListener("click", () => act("/api/players", { name: `Player ${s.players.length + 1}` }));
      names.append(el("th", { scope: "col", class: "add-col" }, add));
    }
    table.append(el("thead", {}, names));

    const options = {};
    for (const o of s.roll.options) options[o.Box] = o;
    const body = el("tbody");
    const boxes = s.rules.boxes;
    boxes.forEach((b, bi) => {
      const row = el("tr", { class: b.Upper ? "upper" : "lower" });
      row.append(el("th", { scope: "row", class: "box-name", title: b.Help },
        el("span", { text: b.Name }), el("span", { class: "help", text: b.Help })));
      s.players.forEach((p, pi) => row.append(boxCell(s, p, pi, b, options)));
      if (s.players.length < 8) row.append(el("td", { class: "add-col" }));
      body.append(row);
      const lastUpper = b.Upper && (bi + 1 === boxes.length || !boxes[bi + 1].Upper);
      if (lastUpper) {
        body.append(totalRow(s, "Upper subtotal", (p) => p.totals.UpperSubtotal));
        const r = s.rules;
        if (r.upper_bonus) body.append(totalRow(s, `Bonus (${r.upper_bonus} at ${r.bonus_at})`, (p) => {
          const pace = p.totals.Pace;
          return el("span", {}, String(p.totals.UpperBonus),
            el("span", { class: "pace " + (pace < 0 ? "behind" : "ahead"), title: "Pace against three of each",
              text: ` (${pace > 0 ? "+" : pace < 0 ? "−" : "±"}${Math.abs(pace)})` }));
        }));
        body.append(totalRow(s, "Upper total", (p) => p.totals.UpperTotal, "strong"));
      }
    });
    if (s.rules.five_bonus) {
      body.append(totalRow(s, `${s.rules.name === "yahtzee" ? "Yahtzee" : "Five-alike"} bonus (${s.rules.five_bonus} each)`, (p) => "✓".repeat(p.totals.BonusCount) || "–"));
    }
    body.append(totalRow(s, "Lower total", (p) => p.totals.LowerTotal, "strong"));
    body.append(totalRow(s, "Grand total", (p) => p.totals.GrandTotal, "grand"));
    if (s.rules.games > 1) {
      body.append(totalRow(s, "Games won", (p) => p.wins));
      body.append(totalRow(s, "Series total", (p) => p.series_total, "grand"));
    }
    table.append(body);
  }

  // colClass marks the column of the player to move, or of the winners.
  function colClass(s, i) {
    if (i === s.to_move) return "to-move";
    return s.winners.includes(i) ? "winner" : "";
  }

  function totalRow(s, label, value, cls) {
    const row = el("tr", { class: "total " + (cls || "") }, el("th", { scope: "row", class: "box-name", text: label }));
    s.players.forEach((p, i) => {
      const v = value(p);
      row.append(el("td", { class: colClass(s, i) }, typeof v === "object" ? v : String(v)));
    });
    if (s.players.length < 8) row.append(el("td", { class: "add-col" }));
    return row;
  }

  function boxCell(s, p, pi, b, options) {
    const td = el("td", { class: colClass(s, pi), "data-box": b.ID, "data-player": pi });
    const filled = p.boxes[b.ID];
    const who = p.name;
    const opt = pi === s.to_move && s.roll.confirmed ? options[b.ID] : null;
    let btn;
    if (filled) {
      btn = el("button", { type: "button", class: "filled" + (filled.marked ? " marked" : ""),
        "aria-label": `${b.Name} for ${who}: ${filled.points}${filled.marked ? ", not possible with five dice" : ""}. Click to correct`,
        title: filled.marked ? "Five dice cannot make this score" : "Click to correct" },
        String(filled.points), filled.marked ? el("span", { class: "mark", text: "!" }) : null);
      btn.addEventListener("click", () => editBox(td, pi, b, filled.points));
    } else if (opt && opt.Legal) {
      btn = el("button", { type: "button", class: "option" + (opt.Joker ? " joker" : "") + (opt.Points === 0 ? " zero" : ""),
        "aria-label": `Score ${opt.Points} in ${b.Name} for ${who}${opt.Joker ? " (joker)" : ""}`,
        title: opt.Joker ? "Joker: five alike scored here" : `Score ${opt.Points}`, text: String(opt.Points) });
      // The turn passes: the keyboard goes back to the dice for the next roll.
      btn.addEventListener("click", () => act("/api/score", { box: b.ID }).then(focusDice));
    } else {
      btn = el("button", { type: "button", class: "open",
        "aria-label": `Type a score in ${b.Name} for ${who}`, title: opt ? opt.Reason : "Type a score" });
      btn.addEventListener("click", () => editBox(td, pi, b, ""));
    }
    td.append(btn);
    return td;
  }

  function editBox(td, player, box, value) {
    editing = { player, box: box.ID };
    const input = el("input", { type: "number", min: 0, class: "score-input", value,
      "aria-label": `Score for ${box.Name}, ${playerName(player)}: Enter to keep, empty to clear, Escape to cancel` });
    td.replaceChildren(input);
    input.focus();
    input.select();
    const done = () => { editing = null; cardKey = ""; redraw(current()); };
    input.addEventListener("keydown", async (e) => {
      if (e.key === "Escape") { done(); return; }
      if (e.key !== "Enter") return;
      e.preventDefault();
      const text = input.value.trim();
      editing = null;
      if (text === "") {
        if (value !== "") await act("/api/clear", { player, box: box.ID });
      } else {
        await act("/api/enter", { player, box: box.ID, points: Number(text) });
      }
      done();
    });
    input.addEventListener("blur", () => { if (editing) done(); });
  }

  return { redraw };
};
