// The scoreboard page: draws the state the server streams and turns clicks
// and keys into API actions. All state lives on the server.
"use strict";

(() => {
  const { withToken, post, watch, drawDie, el, showError, clearError } = dicecam;
  const $ = (id) => document.getElementById(id);

  let state = null;
  let typedBuffer = []; // faces typed so far, one key each
  let lastSpoken = "";
  let messageTimer = 0;

  // say tells news that is no one control's: a calibration saved, the
  // connection lost. An error goes beside its cause instead (showError);
  // one with none goes beside the dice.
  function say(text, isError) {
    if (isError) {
      showError($("dice-bar"), text);
      return;
    }
    const m = $("message");
    m.textContent = text;
    clearTimeout(messageTimer);
    if (text) messageTimer = setTimeout(() => (m.textContent = ""), 8000);
  }

  // act posts an action made against the state on screen. Actions go one
  // after another, so a quick second click is made against the state the
  // first one left, not refused as stale. A refusal shows beside anchor,
  // the control that made the action.
  let queue = Promise.resolve();
  function act(path, body, anchor) {
    const next = queue.then(() => send(path, body, anchor));
    queue = next.catch(() => null);
    return next;
  }

  async function send(path, body, anchor) {
    if (!state) return null;
    const reply = await post(path, { version: state.version, ...body });
    if (reply.error) {
      const text = reply.status === 409 ? "The game changed meanwhile; the card now shows the latest. Try again." : reply.error;
      showError(anchor || $("dice-bar"), text.charAt(0).toUpperCase() + text.slice(1));
      return null;
    }
    clearError();
    render(reply);
    return reply;
  }

  const card = dicecam.makeCard({
    table: $("card"), act, showError, playerName: (i) => playerName(i), current: () => state, focusDice: () => $("dice").focus(),
  });
  const review = dicecam.makeReview();
  const games = dicecam.makeGames({ act, current: () => state, showError, review });
  dicecam.appAct = act;

  function playerName(i) {
    return state.players[i] ? state.players[i].name : "";
  }

  function render(s) {
    if (state && s.version < state.version && s.game_id === state.game_id) return; // an older event
    if (state && s.seq < state.seq) return; // a reply that arrived after newer news
    state = s;
    document.body.dataset.version = s.version;
    const r = s.rules;
    $("rules-name").textContent = r.spec + (r.games > 1 ? ` · game ${s.round + 1} of ${r.games}` : "");
    $("undo").disabled = !s.can_undo;
    const pips = r.faces[0] === "1";
    $("typed").placeholder = pips ? "e.g. 33561" : "e.g. A A K 9 10";
    $("keys").textContent = pips ? "1–6" : "9 T J Q K A";
    $("overlay-link").href = withToken("/overlay");
    renderWinner(s);
    renderCamera(s);
    renderRoll(s);
    renderAdvice(s);
    card.redraw(s);
    dicecam.renderCalibration(s, say);
    speak(s);
  }

  function renderWinner(s) {
    const w = $("winner");
    w.hidden = !s.over;
    if (!s.over) return;
    const names = s.winners.map(playerName);
    const score = (i) => (s.rules.games > 1 ? s.players[i].series_total : s.players[i].totals.grand_total);
    const pts = s.winners.length ? score(s.winners[0]) : 0;
    const text = names.length > 1
      ? `A tie! ${names.join(" and ")} share the win with ${pts}.`
      : `${names[0]} wins with ${pts}!`;
    if (w.dataset.said === `${s.game_id} ${text}`) return; // the button keeps the keyboard
    w.dataset.said = `${s.game_id} ${text}`;
    const id = s.game_id;
    w.replaceChildren(text, " ", el("button", { type: "button", id: "winner-review", text: "Review the game",
      onclick: () => review.open(id) }));
  }

  function renderCamera(s) {
    const fig = $("camera");
    fig.hidden = !s.camera.on;
    const note = $("camera-note");
    note.hidden = !s.camera.unreadable && !s.camera.refused;
    note.textContent = s.camera.unreadable ? `The camera cannot read these dice: ${s.camera.unreadable}.`
      : s.camera.refused ? `The camera's roll was not taken: ${s.camera.refused}.` : "";
    if (!s.camera.on) return;
    const img = $("camera-view");
    // The stream never ends, and a camera giving no frame would hold the
    // page's load event as long: it starts once the page has loaded.
    if (!img.getAttribute("src") && !img.dataset.waiting) {
      img.dataset.waiting = "yes";
      const start = () => { img.src = withToken("/camera.mjpeg"); };
      if (document.readyState === "complete") start();
      else window.addEventListener("load", start, { once: true });
    }
    const feed = s.camera.feed || "running";
    fig.dataset.feed = feed;
    // Without frames the picture is an old one: the players type the dice.
    $("type-roll").classList.toggle("offered", feed !== "running");
    const status = $("camera-status");
    status.dataset.feed = feed;
    if (feed !== "running") {
      const why = s.camera.reason ? ` (${s.camera.reason})` : "";
      status.textContent = feed === "stopped"
        ? `Camera stopped${why}. Type the dice below.`
        : `Camera lost${why}; trying again. Type the dice below meanwhile.`;
      status.classList.add("warn");
      status.dataset.state = feed;
      return;
    }
    const st = s.camera.state || "waiting";
    // The count is only worth a look once the dice lie still.
    status.textContent = st === "settled" ? `${st} · ${s.camera.seen} ${s.camera.seen === 1 ? "die" : "dice"} seen` : st;
    status.classList.toggle("warn", st === "settled" && s.camera.seen !== 5);
    status.dataset.state = st;
  }

  function renderRoll(s) {
    const roll = s.roll;
    const turn = $("turn");
    if (s.to_move < 0) turn.textContent = "Game over";
    else turn.textContent = `${playerName(s.to_move)} to move` + (roll.throw ? ` · roll ${roll.throw} of 3` : "");
    const dice = $("dice");
    if (dice.children.length !== 5) {
      dice.replaceChildren();
      for (let i = 0; i < 5; i++) {
        const wrap = el("div", { class: "die-wrap" });
        const die = el("button", { type: "button", class: "die", "data-die": i });
        die.addEventListener("click", () => bumpDie(i, 1));
        die.addEventListener("keydown", (e) => {
          if (e.key === "ArrowUp" || e.key === "ArrowRight") { e.preventDefault(); bumpDie(i, 1); }
          if (e.key === "ArrowDown" || e.key === "ArrowLeft") { e.preventDefault(); bumpDie(i, -1); }
          // On a die, a face key sets that die and Enter confirms the roll
          // (a button would otherwise take Enter as a click).
          const k = keyFace(e.key);
          if (k) { e.preventDefault(); e.stopPropagation(); if (state.roll.throw) act("/api/die", { die: i, face: k }, die); }
          if (e.key === "Enter") {
            e.preventDefault();
            e.stopPropagation();
            if (!$("confirm").disabled) confirmRoll();
          }
          if (e.key === "h" || e.key === "H") { e.preventDefault(); e.stopPropagation(); toggleHold(i, die); }
        });
        const ok = el("button", { type: "button", class: "die-ok", text: "✓ right" });
        ok.addEventListener("click", () => act("/api/die", { die: i, face: state.roll.dice[i] }, ok));
        const hold = el("button", { type: "button", class: "die-hold", "data-die": i, "aria-pressed": "false", text: "hold" });
        hold.addEventListener("click", () => toggleHold(i, hold));
        wrap.append(die, ok, hold);
        dice.append(wrap);
      }
    }
    const pips = s.rules.faces[0] === "1";
    [...dice.children].forEach((wrap, i) => {
      const die = wrap.querySelector(".die");
      const face = roll.dice[i];
      drawDie(die, face, roll.labels[i], pips);
      die.classList.toggle("uncertain", roll.uncertain[i]);
      die.classList.toggle("confirmed", roll.confirmed);
      const what = face ? roll.labels[i] : "not read";
      const held = roll.held_marked && roll.held[i];
      const over = roll.held_over[i];
      const heldText = held ? ", held for the next roll" : over ? `, held from roll ${roll.throw - 1}` : "";
      die.setAttribute("aria-label", `Die ${i + 1}: ${what}${roll.uncertain[i] ? ", uncertain" : ""}${heldText}.` +
        (over ? "" : " Click or arrow keys to change"));
      die.classList.toggle("held", held);
      die.classList.toggle("held-over", over && !held);
      const ok = wrap.querySelector(".die-ok");
      ok.hidden = !roll.uncertain[i];
      ok.setAttribute("aria-label", `Die ${i + 1} is right as ${what}`);
      // The players' own marks: the advice's keep is shown apart and never
      // taken for theirs, which the review grades.
      const hold = wrap.querySelector(".die-hold");
      hold.hidden = !roll.can_hold;
      hold.setAttribute("aria-pressed", String(held));
      hold.textContent = held ? "held" : "hold";
      hold.setAttribute("aria-label", `Hold die ${i + 1} (${what}) for the next roll`);
    });
    renderHolds(s);
    document.querySelectorAll('input[name="throw"]').forEach((r) => {
      r.checked = Number(r.value) === roll.throw;
    });
    const complete = roll.dice.every((d) => d > 0) && !roll.uncertain.some((u) => u);
    const confirm = $("confirm");
    confirm.disabled = roll.confirmed || !complete || s.to_move < 0;
    // The key's hint goes where the screen is narrow (a phone has no Enter key at hand).
    confirm.replaceChildren(roll.confirmed ? "Confirmed" : "Confirm",
      el("span", { class: "key-hint", text: roll.confirmed ? ": pick a box" : " roll (Enter)" }));
  }

  // renderHolds says what the turn's earlier rolls kept and what the
  // players hold now. Rolls left unmarked are not graded: the note asks.
  function renderHolds(s) {
    const roll = s.roll;
    const note = $("hold-note");
    note.hidden = !roll.can_hold && !roll.earlier.length;
    const kept = (k) => (k ? `kept ${k}` : "kept none");
    const said = roll.earlier.map((e) => `Roll ${e.throw}: ${e.dice}, ${kept(e.kept)}.`);
    if (roll.can_hold) {
      const held = roll.labels.filter((_, i) => roll.held[i]);
      if (!roll.held_marked) said.push("Tap Hold under the dice you keep, or Keep none, before the next roll.");
      else if (!held.length) said.push("Keeping none: all five roll again.");
      else said.push(`Keeping ${held.join(" ")}: roll the other ${5 - held.length}.`);
    }
    $("hold-text").textContent = said.join(" ");
    const none = $("keep-none");
    none.hidden = !roll.can_hold;
    none.setAttribute("aria-pressed", String(roll.held_marked && !roll.held.some((h) => h)));
  }

  // toggleHold marks die i held or not; the first mark of a roll holds that
  // die alone.
  function toggleHold(i, anchor) {
    if (!state || !state.roll.can_hold) {
      const why = state && state.roll.throw === 3 ? "Roll 3 is the last: score it." : "Dice are held after roll 1 or 2, once they are right.";
      showError(anchor, why);
      return;
    }
    const held = state.roll.held_marked ? [...state.roll.held] : [false, false, false, false, false];
    held[i] = !held[i];
    act("/api/hold", { held }, anchor);
  }

  // renderAdvice marks the dice to hold and says the advised move; the card
  // shows each box's cost.
  function renderAdvice(s) {
    const a = s.advice;
    $("advice").checked = a.on;
    const ready = a.status === "ready";
    [...$("dice").children].forEach((wrap, i) => {
      const die = wrap.querySelector(".die");
      const hold = ready && !a.box && a.hold[i];
      die.classList.toggle("hold", hold);
      // renderRoll has just written the label afresh.
      if (hold) die.setAttribute("aria-label", die.getAttribute("aria-label") + " Advice: keep this die.");
      let mark = wrap.querySelector(".hold-mark");
      if (hold && !mark) wrap.append(el("span", { class: "hold-mark", text: "keep" }));
      if (!hold && mark) mark.remove();
    });
    // The last player, once the others have finished, may play to beat the leader.
    $("beat-toggle").hidden = !a.on || !a.can_beat;
    $("beat").checked = a.beat;
    $("beat-label").textContent = a.can_beat ? `Beat ${a.leader}'s ${a.target}` : "Beat the leader";
    const note = $("advice-note");
    note.hidden = !a.on || (a.status === "waiting" && !a.beat);
    const text = $("advice-text");
    if (a.status === "preparing") text.textContent = a.beat ? `Working out how to beat ${a.leader}'s ${a.target}…` : "Advice is being prepared…";
    else if (a.status === "unavailable") text.textContent = a.message;
    else if (ready) text.textContent = adviceText(s);
    else if (a.beat) text.textContent = `Playing to beat ${a.leader}'s ${a.target}.`;
    else text.textContent = "";
    // How far the table or the plan to beat the leader has been worked out;
    // a bar without a value moves without saying, while the work cannot tell.
    const bar = $("advice-progress");
    bar.hidden = a.status !== "preparing";
    if (a.progress >= 0) bar.value = a.progress;
    else bar.removeAttribute("value");
  }

  const percent = (p) => `${(100 * p).toFixed(p > 0 && p < 0.001 ? 2 : 1)}%`;

  function adviceText(s) {
    const a = s.advice;
    const exp = a.beat ? `${percent(a.win_chance)} chance to beat ${a.leader}'s ${a.target}` : `expected final score ${a.expected.toFixed(1)}`;
    const boxName = (id) => (s.rules.boxes.find((b) => b.id === id) || { name: id }).name;
    if (a.box) return `Advice: score ${boxName(a.box)} now (${exp}).`;
    const kept = s.roll.labels.filter((_, i) => a.hold[i]);
    if (!kept.length) return `Advice: roll all five again (${exp}).`;
    return `Advice: keep ${kept.join(" ")} and roll the rest (${exp}).`;
  }

  // confirmRoll accepts the roll and puts the keyboard on the advised box,
  // or without advice the best-paying lit one, so Enter scores it and Tab
  // walks on to the others.
  async function confirmRoll() {
    const reply = await act("/api/confirm", {}, $("confirm"));
    if (!reply) return;
    // The Enter that confirmed must not also score: a box given the
    // keyboard while the key is still down can take its keypress, or its
    // repeats, as a click.
    await enterReleased();
    const best = document.querySelector("#card button.option.best") || [...document.querySelectorAll("#card button.option")]
      .sort((a, b) => Number(b.dataset.points) - Number(a.dataset.points))[0];
    if (!best) return;
    best.focus({ preventScroll: true });
    showLit(best);
  }

  // showLit scrolls the lit boxes into view below the dice bar: all of them
  // where they fit, else the one the keyboard is on.
  function showLit(best) {
    const rects = [...document.querySelectorAll("#card button.option")].map((b) => b.getBoundingClientRect());
    const bar = $("dice-bar").getBoundingClientRect();
    const above = getComputedStyle($("dice-bar")).position === "sticky" ? bar.bottom : 0;
    const top = Math.min(...rects.map((r) => r.top));
    const bottom = Math.max(...rects.map((r) => r.bottom));
    const room = window.innerHeight - above;
    if (bottom - top + 16 <= room) {
      if (top < above + 8) window.scrollBy(0, top - above - 8);
      else if (bottom > window.innerHeight - 8) window.scrollBy(0, bottom - window.innerHeight + 8);
    } else {
      best.scrollIntoView({ block: "nearest" });
    }
  }

  // bumpDie corrects a die by one face; a die not read starts at 1.
  function bumpDie(i, step) {
    const die = document.querySelector(`#dice .die[data-die="${i}"]`);
    if (!state || !state.roll.throw) {
      showError(die, `Type the dice first (keys ${$("keys").textContent}), then correct them here.`);
      return;
    }
    const f = state.roll.dice[i];
    const next = f ? ((f - 1 + step + 6) % 6) + 1 : 1;
    act("/api/die", { die: i, face: next }, die);
  }

  async function setRoll(dice) {
    const chosen = document.querySelector('input[name="throw"]:checked');
    let throwNo = state.roll.throw ? Math.min(state.roll.throw + 1, 3) : 1;
    if (chosen && state.roll.throw && Number(chosen.value) !== state.roll.throw) throwNo = Number(chosen.value);
    return act("/api/roll", { dice, throw: throwNo }, $("typed"));
  }

  // keyFace is the face a key types: 1–6 for pips; 9 T J Q K A for poker
  // dice (0 for the ten too); 0 for any other key.
  function keyFace(key) {
    const k = key.toLowerCase();
    if (state.rules.faces[0] === "1") return /^[1-6]$/.test(k) ? Number(k) : 0;
    return { 9: 1, t: 2, 0: 2, j: 3, q: 4, k: 5, a: 6 }[k] || 0;
  }

  // rolledAgain counts the dice the next roll throws: those not held.
  function rolledAgain() {
    const r = state.roll;
    return r.can_hold && r.held_marked ? 5 - r.held.filter((h) => h).length : 5;
  }

  // parseDice reads five typed dice, or, with dice held, just those rolled
  // again: the server puts the held ones back in their places.
  function parseDice(text) {
    const faces = state.rules.faces.map((f) => f.toLowerCase());
    const parts = /^[1-6]{1,5}$/.test(text.trim()) ? text.trim().split("") : text.trim().split(/[\s,]+/);
    const dice = parts.map((p) => faces.indexOf(p.toLowerCase()) + 1);
    const rolled = rolledAgain();
    if ((dice.length !== 5 && dice.length !== rolled) || dice.some((d) => d < 1)) return null;
    return [...dice, 0, 0, 0, 0, 0].slice(0, 5);
  }

  // The speech switch is this browser's, kept across reloads.
  const speakKey = "dicecam.speak";
  $("speak").checked = localStorage.getItem(speakKey) === "on";
  $("speak").addEventListener("change", (e) => localStorage.setItem(speakKey, e.target.checked ? "on" : "off"));

  function speak(s) {
    if (!$("speak").checked || !window.speechSynthesis) return;
    const r = s.roll;
    if (!r.throw || r.dice.some((d) => !d)) return;
    const key = `${r.dice.join("")}:${r.throw}:${s.to_move}`;
    if (key === lastSpoken) return;
    lastSpoken = key;
    const words = `${playerName(s.to_move)}, roll ${r.throw}: ${r.labels.join(", ")}`;
    speechSynthesis.speak(new SpeechSynthesisUtterance(words));
  }

  // enterReleased resolves once no Enter key is held down.
  let enterHeld = false, onEnterUp = [];
  function enterReleased() {
    return enterHeld ? new Promise((resolve) => onEnterUp.push(resolve)) : Promise.resolve();
  }
  function releaseEnter() {
    enterHeld = false;
    onEnterUp.splice(0).forEach((resolve) => resolve());
  }
  document.addEventListener("keydown", (e) => { if (e.key === "Enter") enterHeld = true; }, true);
  document.addEventListener("keyup", (e) => { if (e.key === "Enter") releaseEnter(); }, true);
  window.addEventListener("blur", releaseEnter);

  // Keys: 1–6 type the dice, Enter confirms, U (or Ctrl+Z) undoes.
  document.addEventListener("keydown", (e) => {
    if (!state) return;
    const t = e.target;
    if (t.matches && t.matches("input, select, textarea, dialog *")) return;
    if (e.key === "Enter" && !(t.matches && t.matches("button, a"))) {
      if (!$("confirm").disabled) { e.preventDefault(); confirmRoll(); }
      return;
    }
    if ((e.key === "u" && !e.ctrlKey && !e.metaKey) || (e.key === "z" && (e.ctrlKey || e.metaKey))) {
      e.preventDefault();
      if (state.can_undo) act("/api/undo", {});
      return;
    }
    const face = keyFace(e.key);
    if (face) {
      e.preventDefault();
      typedBuffer.push(face);
      $("typed").value = typedBuffer.map((f) => state.rules.faces[f - 1]).join(" ");
      if (typedBuffer.length === 5) {
        const dice = typedBuffer;
        typedBuffer = [];
        $("typed").value = "";
        setRoll(dice);
      }
    }
  });

  $("type-roll").addEventListener("submit", (e) => {
    e.preventDefault();
    const dice = parseDice($("typed").value);
    if (!dice) {
      const eg = state.rules.faces[0] === "1" ? "33561" : state.rules.faces.slice(0, 5).join(" ");
      const rolled = rolledAgain();
      const or = rolled < 5 ? ` (or just the ${rolled} rolled again)` : "";
      showError($("typed"), `Type five dice${or}, as in ${eg}: each one of ${state.rules.faces.join(" ")}.`);
      return;
    }
    typedBuffer = [];
    $("typed").value = "";
    setRoll(dice);
  });
  $("confirm").addEventListener("click", confirmRoll);
  $("keep-none").addEventListener("click", () => act("/api/hold", { held: [false, false, false, false, false] }, $("keep-none")));
  $("advice").addEventListener("change", (e) => act("/api/advice", { on: e.target.checked }, e.target));
  $("beat").addEventListener("change", (e) => act("/api/advice", { beat: e.target.checked }, e.target));
  $("show-review").addEventListener("click", () => review.open(state.game_id));
  $("undo").addEventListener("click", () => act("/api/undo", {}, $("undo")));
  document.querySelectorAll('input[name="throw"]').forEach((r) => r.addEventListener("change", () => {
    if (state.roll.throw && state.roll.dice.every((d) => d > 0)) {
      act("/api/roll", { dice: state.roll.dice, uncertain: state.roll.uncertain, throw: Number(r.value) }, r);
    }
  }));

  // unfinished describes the game in play when it is not over and has a
  // box filled, so New game asks before setting it aside; "" otherwise.
  function unfinished(s) {
    if (s.over || !s.players.some((p) => Object.keys(p.boxes).length)) return "";
    const scores = s.players.map((p) => `${p.name} ${s.rules.games > 1 ? p.series_total : p.totals.grand_total}`).join(", ");
    return `Game ${s.game_id} (${s.rules.spec}: ${scores}) is not finished. Starting a new one sets it aside in Games, where you can resume it.`;
  }

  function openNewGame() {
    const sel = $("new-rules");
    sel.replaceChildren(...state.rules.sets.map((n) => el("option", { value: n, text: n, selected: n === state.rules.name })));
    const spec = state.rules.spec;
    $("new-options").value = spec.includes(":") ? spec.slice(spec.indexOf(":") + 1) : "";
    $("new-players").value = state.players.map((p) => p.name).join(", ");
    const open = unfinished(state);
    $("new-unfinished").hidden = !open;
    $("new-unfinished").textContent = open;
    $("new-start").textContent = open ? "Set it aside and start" : "Start";
    $("new-dialog").showModal();
  }
  $("new-game").addEventListener("click", openNewGame);
  $("new-dialog").addEventListener("close", async () => {
    if ($("new-dialog").returnValue !== "start") return;
    const opts = $("new-options").value.trim();
    const players = $("new-players").value.split(",").map((n) => n.trim()).filter((n) => n);
    const before = state.game_id;
    const reply = await act("/api/new", { rules: $("new-rules").value + (opts ? ":" + opts : ""), players }, $("new-game"));
    if (reply) say(`Game ${reply.game_id} started; game ${before} is kept in Games.`);
    else {
      // Shown again with what was typed, the refusal beside it.
      const text = $("error-pop").textContent;
      $("new-dialog").showModal();
      showError(/player|name/i.test(text) ? $("new-players") : $("new-options"), text);
    }
  });

  // The print dialog: this game or a blank card, the paper, the columns.
  $("print-open").addEventListener("click", () => {
    const cols = $("print-columns");
    const n = Math.min(Math.max(state.players.length, 1), 8);
    cols.replaceChildren(...[1, 2, 3, 4, 5, 6, 7, 8].map((c) => el("option", { value: c, text: String(c), selected: c === n })));
    const blank = document.querySelector('input[name="print-what"][value="blank"]').checked;
    cols.disabled = !blank;
    $("print-dialog").showModal();
  });
  document.querySelectorAll('input[name="print-what"]').forEach((r) => r.addEventListener("change", () => {
    $("print-columns").disabled = r.value !== "blank" || !r.checked;
  }));
  $("print-dialog").addEventListener("close", () => {
    if ($("print-dialog").returnValue !== "print") return;
    const paper = $("print-paper").value;
    const blank = document.querySelector('input[name="print-what"][value="blank"]').checked;
    const url = blank
      ? `/print?blank=1&players=${$("print-columns").value}&paper=${paper}&rules=${encodeURIComponent(state.rules.spec)}`
      : `/print?game=${state.game_id}&paper=${paper}`;
    window.open(withToken(url), "_blank");
  });

  $("show-games").addEventListener("click", async () => {
    const sec = $("games");
    sec.hidden = !sec.hidden;
    $("show-games").setAttribute("aria-expanded", String(!sec.hidden));
    if (!sec.hidden) {
      await games.load();
      sec.scrollIntoView({ behavior: "smooth" });
    }
  });

  // On a phone the dice bar sticks to the top: the card's boxes scroll into
  // view below it, not under it.
  const bar = $("dice-bar");
  new ResizeObserver(() => {
    const sticky = getComputedStyle(bar).position === "sticky";
    document.documentElement.style.setProperty("--bar-height", sticky ? `${bar.offsetHeight}px` : "0px");
  }).observe(bar);

  watch((s) => { render(s); games.refresh(s); }, () => say("Lost the connection to the scoreboard; reconnecting…"));
})();
