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
    note.textContent = "Each box chosen against the best box for its dice on that card: the expected final score it gave up, 0 for the best.";
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
    const each = v.players.map((p) => el("details", { class: "review-player", "data-player": p.name },
      el("summary", { text: `${p.name}: ${p.turns.filter((t) => t.loss >= 0.05).length} of ${p.turns.length} boxes gave up points` }),
      el("table", { class: "review" },
        el("tr", {}, ...[series ? "Game" : null, "Turn", "Dice", "Box", "Best box", "Lost"].filter((h) => h)
          .map((h) => el("th", { scope: "col", text: h }))),
        ...p.turns.map((t) => el("tr", { class: t.loss >= 0.05 ? "lost" : "" },
          series ? el("td", { text: String(t.game) }) : null, el("td", { text: String(t.turn) }), el("td", { text: t.dice }),
          el("td", { text: t.box_name }), el("td", { text: t.best_box === t.box ? "the same" : t.best_box_name }),
          el("td", { class: "loss", text: points(t.loss) }))))));
    $("review-body").replaceChildren(summary, ...each);
  }

  return { open };
};
