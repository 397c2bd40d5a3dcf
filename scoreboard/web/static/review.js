// The review of a game: each player's choices graded against optimal play,
// by the expected final score each gave up, as dicecam review grades a
// game log. The rule set's table may still be loading: a bar shows how far.
"use strict";

dicecam.makeReview = () => {
  const { el, withToken } = dicecam;
  const $ = (id) => document.getElementById(id);
  const dialog = $("review-dialog");
  let asked = 0; // the game shown
  let timer = 0;

  dialog.addEventListener("close", () => clearTimeout(timer));

  function open(id) {
    asked = id;
    clearTimeout(timer);
    $("review-title").textContent = `Review of game ${id}`;
    $("review-note").textContent = "";
    $("review-body").replaceChildren();
    if (!dialog.open) dialog.showModal();
    return load(id);
  }

  async function load(id) {
    let v;
    try {
      const resp = await fetch(withToken(`/api/games/${id}/review`));
      v = await resp.json();
      if (!resp.ok) v = { status: "unavailable", message: v.error || resp.statusText };
    } catch (e) {
      v = { status: "unavailable", message: "The scoreboard is not answering: is dicecam play still running?" };
    }
    if (id !== asked || !dialog.open) return;
    const bar = $("review-progress");
    bar.hidden = v.status !== "preparing";
    if (v.progress >= 0) bar.value = v.progress;
    else bar.removeAttribute("value"); // a bar that moves without saying how far
    const note = $("review-note");
    if (v.status === "preparing") {
      note.textContent = "The review is being prepared…";
      timer = setTimeout(() => load(id), 300);
      return;
    }
    if (v.status !== "ready") {
      note.textContent = v.message;
      return;
    }
    note.textContent = "Each decision against optimal play on that card: the dice kept after a roll, where the players marked them, " +
      "and the box chosen for the final dice. Lost is the expected final score it gave up, 0 for the best.";
    render(v);
  }

  const points = (x) => x.toFixed(1);

  function render(v) {
    const summary = el("table", { id: "review-summary", class: "review" },
      el("tr", {}, ...["Player", "Decisions", "Lost in all", "Lost a decision"].map((h) => el("th", { scope: "col", text: h }))),
      ...v.players.map((p) => el("tr", { "data-player": p.name },
        el("th", { scope: "row", text: p.name }), el("td", { text: String(p.decisions) }),
        el("td", { class: "total-loss", text: points(p.total_loss) }), el("td", { class: "mean-loss", text: p.mean_loss.toFixed(2) }))));
    const series = v.players.some((p) => p.turns.some((t) => t.game > 1));
    const lost = (x) => x >= 0.05;
    const each = v.players.map((p) => {
      const decisions = p.turns.flatMap((t) => [...t.keeps, t]);
      const rows = p.turns.flatMap((t) => turnRows(t, series));
      return el("details", { class: "review-player", "data-player": p.name },
        el("summary", { text: `${p.name}: ${decisions.filter((d) => lost(d.loss)).length} of ${decisions.length} decisions gave up points` }),
        el("table", { class: "review" },
          el("tr", {}, ...[series ? "Game" : null, "Turn", "Dice", "Chosen", "Best", "Lost"].filter((h) => h)
            .map((h) => el("th", { scope: "col", text: h }))),
          ...rows));
    });
    $("review-body").replaceChildren(summary, ...each);
  }

  // turnRows are a turn's lines: one for each keep graded, "roll 1: 6 6 5
  // 2 1 · keep 6 6 · keep 6 6 5", then the box.
  function turnRows(t, series) {
    const lost = (x) => (x >= 0.05 ? "lost" : "");
    const keep = (text, n) => (n === 0 ? "roll all again" : n === 5 ? "score now" : `keep ${text}`);
    const row = (cls, first, cells) => el("tr", { class: cls },
      series ? el("td", { text: first ? String(t.game) : "" }) : null, el("td", { text: first ? String(t.turn) : "" }),
      ...cells.map((c, i) => el("td", { class: i === cells.length - 1 ? "loss" : "" }, c)));
    // The dice stay on one line; a narrow screen breaks after "roll 1:".
    const dice = (text) => el("span", { class: "dice-text", text });
    const keeps = t.keeps.map((k, i) => row(`keep ${lost(k.loss)}`, i === 0, [el("span", {}, `roll ${k.roll}: `, dice(k.dice)), keep(k.kept, k.kept_count),
      k.kept === k.best_kept && k.kept_count === k.best_count ? "the same" : keep(k.best_kept, k.best_count), points(k.loss)]));
    return [...keeps, row(lost(t.loss), !keeps.length, [dice(t.dice), t.box_name, t.best_box === t.box ? "the same" : t.best_box_name, points(t.loss)])];
  }

  return { open };
};
