// The games kept: the last finished ones and every unfinished one, each to
// open as a card to look at, to export as one game log, to print, and the
// unfinished ones to resume.
"use strict";

dicecam.makeGames = ({ act, current, showError, review }) => {
  const { el, withToken } = dicecam;
  const $ = (id) => document.getElementById(id);
  const oldCard = dicecam.makeCard({ table: $("old-table"), readOnly: true, current: () => shown });
  let shown = null; // the old game's state in the dialog
  let listedFor = 0; // the game in play when the list was made

  async function load() {
    const resp = await fetch(withToken("/api/games"));
    const games = await resp.json();
    listedFor = current().game_id;
    const table = $("games-list");
    table.replaceChildren(el("tr", {},
      ...["Date", "Rules", "Players and scores", "", ""].map((h) => el("th", { scope: "col", text: h }))));
    for (const g of games) {
      const actions = el("td", { class: "actions" });
      const open = el("button", { type: "button", text: "Open", "aria-label": `Open game ${g.id}` });
      open.addEventListener("click", () => openGame(g.id, open));
      actions.append(open);
      if (!g.over && !g.in_play) actions.append(resumeButton(g.id, `Resume game ${g.id}`));
      actions.append(el("a", { class: "button", href: withToken(`/api/games/${g.id}/export`), download: "",
        text: "Export", "aria-label": `Export game ${g.id} as a game log` }));
      const state = g.in_play ? "playing now" : g.over ? `won by ${(g.winners || []).join(" and ")}` : "not finished";
      table.append(el("tr", { class: g.in_play ? "in-play" : "", "data-game": g.id },
        el("td", { text: g.started }), el("td", { text: g.rules }),
        el("td", { text: g.players.map((n, i) => `${n} ${g.scores[i]}`).join(", ") }),
        el("td", { text: state }), actions));
    }
  }

  function resumeButton(id, label) {
    const btn = el("button", { type: "button", text: "Resume", "aria-label": label });
    btn.addEventListener("click", async () => {
      const reply = await act("/api/resume", { game: id }, btn);
      if (!reply) return;
      if ($("old-card").open) $("old-card").close();
      await load();
    });
    return btn;
  }

  // openGame shows a kept game's card, to look at and not play on.
  async function openGame(id, from) {
    const resp = await fetch(withToken(`/api/games/${id}`));
    const data = await resp.json();
    if (!resp.ok) {
      showError(from, data.error || resp.statusText);
      return;
    }
    shown = data;
    const r = data.rules;
    $("old-title").textContent = `Game ${data.game_id}: ${r.spec}, ${data.started}`;
    const names = (is) => is.map((i) => data.players[i].name).join(" and ");
    $("old-state").textContent = data.over ? `Won by ${names(data.winners)}. ` + "This card is only to look at."
      : "Not finished. This card is only to look at: resume the game to play on.";
    $("old-export").href = withToken(`/api/games/${id}/export`);
    $("old-print").href = withToken(`/print?game=${id}`);
    const resume = $("old-resume");
    resume.hidden = data.over || id === current().game_id;
    resume.replaceWith(resume.cloneNode(true)); // drops the last game's listener
    $("old-resume").addEventListener("click", () => resumeButton(id, "").click());
    $("old-review").onclick = () => review.open(id);
    $("old-card").showModal();
    oldCard.redraw(data);
  }

  // refresh makes the list again when the game in play changed under it.
  function refresh(s) {
    if (!$("games").hidden && s.game_id !== listedFor) load();
  }

  return { load, refresh };
};
