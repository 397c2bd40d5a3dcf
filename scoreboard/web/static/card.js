// The score card: a column per player, the lit boxes of a confirmed roll,
// scores typed by hand, the totals. A read-only card (an old game's) has
// the same rows with nothing to click.
"use strict";

dicecam.makeCard = ({ table, act, showError, playerName, current, focusDice, readOnly }) => {
  const { el } = dicecam;
  let editing = null; // {player, box} while a score is being typed

  // redraw draws the card again only when something on it changed (the
  // camera's news does not touch it), never under a name being typed, and
  // keeps the keyboard where it was.
  let cardKey = "";
  function redraw(s) {
    if (editing) return;
    const key = JSON.stringify([s.game_id, s.players, s.to_move, s.roll.confirmed && s.roll.options, s.winners,
      s.advice.status === "ready" && [s.advice.costs, s.advice.chances]]);
    const focused = document.activeElement;
    if (key === cardKey) return;
    if (focused && table.contains(focused) && focused.matches("input.name")) {
      focused.addEventListener("blur", () => redraw(current()), { once: true });
      return;
    }
    cardKey = key;
    const cell = focused && table.contains(focused) && focused.closest("td[data-box]");
    const label = focused && table.contains(focused) && focused.getAttribute("aria-label");
    renderCard(s);
    let again = null;
    if (cell) again = table.querySelector(`td[data-player="${cell.dataset.player}"][data-box="${cell.dataset.box}"] button`);
    else if (label) again = table.querySelector(`[aria-label="${CSS.escape(label)}"]`);
    if (again) again.focus({ preventScroll: true });
    fit(s);
  }

  // fit narrows the columns of the players not to move when the card is
  // wider than its place, and scrolls the column to move into view, right
  // of the box names that stay pinned at the left.
  function fit(s) {
    const box = table.parentElement;
    table.classList.remove("crowded");
    if (table.scrollWidth > box.clientWidth + 1) table.classList.add("crowded");
    const head = table.querySelector(`thead th[data-player="${s.to_move}"]`);
    if (!head) return;
    const names = table.querySelector("thead th.box-name").getBoundingClientRect();
    const col = head.getBoundingClientRect();
    const view = box.getBoundingClientRect();
    if (col.left < names.right) box.scrollLeft -= names.right - col.left;
    else if (col.right > view.right) box.scrollLeft += col.right - view.right;
  }

  function renderCard(s) {
    table.replaceChildren();
    const addable = !readOnly && s.players.length < 8;
    const cols = el("colgroup", {}, el("col", { class: "names" }));
    s.players.forEach((_, i) => cols.append(el("col", { class: i === s.to_move ? "player to-move" : "player" })));
    if (addable) cols.append(el("col", { class: "add-col" }));
    table.append(cols);
    const names = el("tr", {}, el("th", { scope: "col", class: "box-name", text: "Box" }));
    s.players.forEach((p, i) => {
      let name;
      if (readOnly) {
        name = el("span", { class: "name-text", text: p.name, title: p.name });
      } else {
        name = el("input", { class: "name", value: p.name, "aria-label": `Name of player ${i + 1}`, size: 8, title: p.name });
        name.addEventListener("change", () => act("/api/rename", { player: i, name: name.value }, name));
        name.addEventListener("keydown", (e) => { if (e.key === "Enter") name.blur(); });
      }
      names.append(el("th", { scope: "col", class: colClass(s, i), "data-player": i }, name));
    });
    if (addable) {
      const add = el("button", { type: "button", class: "add", "aria-label": "Add a player", title: "Add a player", text: "+" });
      add.addEventListener("click", () => act("/api/players", { name: `Player ${s.players.length + 1}` }, add));
      names.append(el("th", { scope: "col", class: "add-col" }, add));
    }
    table.append(el("thead", {}, names));

    const options = {};
    for (const o of s.roll.options) options[o.box] = o;
    const body = el("tbody");
    const boxes = s.rules.boxes;
    boxes.forEach((b, bi) => {
      const row = el("tr", { class: b.upper ? "upper" : "lower" });
      row.append(el("th", { scope: "row", class: "box-name", title: b.help },
        el("span", { text: b.name }), el("span", { class: "help", text: b.help })));
      s.players.forEach((p, pi) => row.append(boxCell(s, p, pi, b, options)));
      if (addable) row.append(el("td", { class: "add-col" }));
      body.append(row);
      const lastUpper = b.upper && (bi + 1 === boxes.length || !boxes[bi + 1].upper);
      if (lastUpper) {
        body.append(totalRow(s, "Upper subtotal", (p) => p.totals.upper_subtotal, "", addable));
        const r = s.rules;
        if (r.upper_bonus) body.append(totalRow(s, `Bonus (${r.upper_bonus} at ${r.bonus_at})`, (p) => {
          const pace = p.totals.pace;
          return el("span", {}, String(p.totals.upper_bonus),
            el("span", { class: "pace " + (pace < 0 ? "behind" : "ahead"), title: "Pace against three of each",
              text: ` (${pace > 0 ? "+" : pace < 0 ? "−" : "±"}${Math.abs(pace)})` }));
        }, "", addable));
        body.append(totalRow(s, "Upper total", (p) => p.totals.upper_total, "strong", addable));
      }
    });
    if (s.rules.five_bonus) {
      body.append(totalRow(s, `${s.rules.name === "yahtzee" ? "Yahtzee" : "Five-alike"} bonus (${s.rules.five_bonus} each)`,
        (p) => "✓".repeat(p.totals.bonus_count) || "–", "", addable));
    }
    body.append(totalRow(s, "Lower total", (p) => p.totals.lower_total, "strong", addable));
    body.append(totalRow(s, "Grand total", (p) => p.totals.grand_total, "grand", addable));
    if (s.rules.games > 1) {
      body.append(totalRow(s, "Games won", (p) => p.wins, "", addable));
      body.append(totalRow(s, "Series total", (p) => p.series_total, "grand", addable));
    }
    table.append(body);
  }

  // colClass marks the column of the player to move, or of the winners.
  function colClass(s, i) {
    if (i === s.to_move) return "to-move";
    return s.winners.includes(i) ? "winner" : "";
  }

  function totalRow(s, label, value, cls, addable) {
    const row = el("tr", { class: "total " + (cls || "") }, el("th", { scope: "row", class: "box-name", text: label }));
    s.players.forEach((p, i) => {
      const v = value(p);
      row.append(el("td", { class: colClass(s, i) }, typeof v === "object" ? v : String(v)));
    });
    if (addable) row.append(el("td", { class: "add-col" }));
    return row;
  }

  function boxCell(s, p, pi, b, options) {
    const td = el("td", { class: colClass(s, pi), "data-box": b.id, "data-player": pi });
    const filled = p.boxes[b.id];
    const who = p.name;
    if (readOnly) {
      td.append(el("span", { class: "cell" + (filled ? " filled" : "") + (filled && filled.marked ? " marked" : ""),
        title: filled && filled.marked ? "Typed by hand; five dice cannot make this score" : "" },
      filled ? String(filled.points) : "", filled && filled.marked ? el("span", { class: "mark", text: "!" }) : null));
      return td;
    }
    const opt = pi === s.to_move && s.roll.confirmed ? options[b.id] : null;
    let btn;
    if (filled) {
      btn = el("button", { type: "button", class: "filled" + (filled.marked ? " marked" : ""),
        "aria-label": `${b.name} for ${who}: ${filled.points}${filled.marked ? ", not possible with five dice" : ""}. Click to correct`,
        title: filled.marked ? "Five dice cannot make this score" : "Click to correct" },
        String(filled.points), filled.marked ? el("span", { class: "mark", text: "!" }) : null);
      btn.addEventListener("click", () => editBox(td, pi, b, filled.points));
    } else if (opt && opt.legal) {
      const ready = s.advice.status === "ready";
      // Playing to beat the leader, a box shows the chance it leaves of winning.
      const chance = ready && s.advice.chances ? s.advice.chances[b.id] : undefined;
      const cost = ready && chance === undefined ? s.advice.costs[b.id] : undefined;
      const best = (cost !== undefined || chance !== undefined) && b.id === s.advice.best_box;
      const costText = chance !== undefined ? `${(100 * chance).toFixed(chance > 0 && chance < 0.01 ? 1 : 0)}%`
        : cost === undefined ? "" : best && cost < 0.05 ? "best" : `−${cost.toFixed(1)}`;
      btn = el("button", { type: "button", class: "option" + (opt.joker ? " joker" : "") + (opt.points === 0 ? " zero" : "") + (best ? " best" : ""),
        "data-points": opt.points,
        "aria-label": `Score ${opt.points} in ${b.name} for ${who}${opt.joker ? " (joker)" : ""}` +
          (chance !== undefined ? `, ${costText} chance to win` + (best ? ", the best box" : "")
            : cost === undefined ? "" : best ? ", the best box" : `, gives up ${cost.toFixed(1)} expected points`),
        title: opt.joker ? "Joker: five alike scored here" : `Score ${opt.points}` },
        String(opt.points), costText ? el("span", { class: "cost", text: costText }) : null);
      // The turn passes: the keyboard goes back to the dice for the next roll.
      btn.addEventListener("click", () => act("/api/score", { box: b.id }, td).then(focusDice));
    } else {
      btn = el("button", { type: "button", class: "open",
        "aria-label": `Type a score in ${b.name} for ${who}`, title: opt ? opt.reason : "Type a score" });
      btn.addEventListener("click", () => editBox(td, pi, b, ""));
    }
    td.append(btn);
    return td;
  }

  // editBox types a score into a box, or clears it when left empty. What
  // is not a whole number of points from 0 to the most a box may hold is
  // said beside the box, which stays open to be typed again.
  function editBox(td, player, box, value) {
    editing = { player, box: box.id };
    const max = current().rules.max_typed;
    const input = el("input", { type: "text", inputmode: "numeric", class: "score-input", value,
      "aria-label": `Score for ${box.name}, ${playerName(player)}: Enter to keep, empty to clear, Escape to cancel` });
    td.replaceChildren(input);
    input.focus();
    input.select();
    const done = () => { editing = null; cardKey = ""; redraw(current()); };
    input.addEventListener("keydown", async (e) => {
      if (e.key === "Escape") { done(); return; }
      if (e.key !== "Enter") return;
      e.preventDefault();
      const text = input.value.trim();
      if (text !== "" && (!/^\d+$/.test(text) || Number(text) > max)) {
        showError(input, `${box.name} takes a whole number of points, 0 to ${max}: "${text}" is not one.`);
        input.select();
        return;
      }
      editing = null;
      if (text === "") {
        if (value !== "") await act("/api/clear", { player, box: box.id }, td);
      } else {
        await act("/api/enter", { player, box: box.id, points: Number(text) }, td);
      }
      done();
    });
    input.addEventListener("blur", () => { if (editing) done(); });
  }

  return { redraw, fit };
};
