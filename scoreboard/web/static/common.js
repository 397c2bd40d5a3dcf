// Shared by the page and the overlay: the token, the API, the dice.
"use strict";

const dicecam = (() => {
  const token = document.querySelector('meta[name="dicecam-token"]').content;

  // withToken adds the token a server on the network asks of every request.
  function withToken(url) {
    if (!token) return url;
    return url + (url.includes("?") ? "&" : "?") + "token=" + encodeURIComponent(token);
  }

  // post sends an action; the reply is the new state, or {error, status}.
  async function post(path, body) {
    try {
      const resp = await fetch(withToken(path), {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      const data = await resp.json();
      if (!resp.ok) return { error: data.error || resp.statusText, status: resp.status };
      return data;
    } catch (e) {
      return { error: "the scoreboard is not answering: is dicecam play still running?", status: 0 };
    }
  }

  // watch calls onState with the full state at once and after every change,
  // reconnecting by itself when the server comes back.
  function watch(onState, onLost) {
    const events = new EventSource(withToken("/api/events"));
    events.addEventListener("state", (e) => onState(JSON.parse(e.data)));
    events.onerror = () => onLost && onLost();
    return events;
  }

  const pipSpots = {
    1: [4], 2: [0, 8], 3: [0, 4, 8], 4: [0, 2, 6, 8], 5: [0, 2, 4, 6, 8], 6: [0, 2, 3, 5, 6, 8],
  };

  // drawDie fills el with a die's face: pips for 1..6, the label for poker
  // dice, a question mark for a die not read.
  function drawDie(el, face, label, pips) {
    el.replaceChildren();
    el.classList.toggle("empty", !face);
    if (!face) {
      el.textContent = "?";
      return;
    }
    if (!pips) {
      el.classList.add("label");
      el.textContent = label;
      return;
    }
    el.classList.remove("label");
    const grid = document.createElement("span");
    grid.className = "pips";
    grid.setAttribute("aria-hidden", "true");
    for (let i = 0; i < 9; i++) {
      const spot = document.createElement("span");
      if (pipSpots[face].includes(i)) spot.className = "pip";
      grid.append(spot);
    }
    el.append(grid);
  }

  function el(tag, attrs, ...children) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === false || v === null || v === undefined) continue;
      if (k === "class") e.className = v;
      else if (k === "text") e.textContent = v;
      else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
      else e.setAttribute(k, v === true ? "" : v);
    }
    e.append(...children.filter((c) => c !== null && c !== undefined));
    return e;
  }

  // showError says what went wrong beside what caused it: under anchor (the
  // control or cell), or over it where the screen ends, inside the window,
  // until the next action or ten seconds. In an open dialog it shows there.
  let errorAnchor = null;
  let errorAgain = ""; // a selector that finds the anchor's cell again
  let errorTimer = 0;
  function showError(anchor, text) {
    const pop = document.getElementById("error-pop");
    if (!pop) return;
    const host = (anchor && anchor.closest && anchor.closest("dialog[open]")) || document.body;
    if (pop.parentElement !== host) host.append(pop);
    pop.textContent = text;
    pop.hidden = false;
    errorAnchor = anchor;
    errorAgain = anchor && anchor.matches && anchor.matches("td[data-box]") && anchor.closest("table[id]")
      ? `#${anchor.closest("table[id]").id} td[data-player="${anchor.dataset.player}"][data-box="${anchor.dataset.box}"]`
      : "";
    placeError();
    clearTimeout(errorTimer);
    errorTimer = setTimeout(clearError, 10000);
  }

  function placeError() {
    const pop = document.getElementById("error-pop");
    if (!pop || pop.hidden) return;
    // A card drawn again has a new cell in the place of the one that erred.
    if (errorAnchor && !errorAnchor.isConnected && errorAgain) errorAnchor = document.querySelector(errorAgain);
    const at = errorAnchor && errorAnchor.isConnected ? errorAnchor : document.getElementById("dice-bar") || document.body;
    const r = at.getBoundingClientRect();
    const w = pop.offsetWidth;
    const h = pop.offsetHeight;
    let top = r.bottom + 6;
    if (top + h > window.innerHeight - 4) top = Math.max(4, r.top - h - 6);
    pop.style.top = `${Math.round(top)}px`;
    pop.style.left = `${Math.round(Math.min(Math.max(4, r.left), window.innerWidth - w - 4))}px`;
  }

  function clearError() {
    const pop = document.getElementById("error-pop");
    if (pop) pop.hidden = true;
    errorAnchor = null;
  }
  window.addEventListener("scroll", placeError, { passive: true, capture: true });
  window.addEventListener("resize", placeError);

  return { withToken, post, watch, drawDie, el, showError, clearError };
})();
