// The calibration panel: the guide's steps, driven by the camera's picture,
// and the tray the guide found drawn on that picture, to be drawn again by
// dragging across it where it is wrong.
"use strict";

(() => {
  const { post, showError } = dicecam;
  const $ = (id) => document.getElementById(id);
  let report = () => {};
  let tray = null; // [left, top, right, bottom] in frame pixels, while one is shown

  async function step(body, from) {
    const reply = await post("/api/calibrate", body);
    if (reply.error) showError(from || $("calibration"), reply.error);
    else if (reply.saved) report(`Calibration saved to ${reply.saved}.`);
    return reply;
  }

  // renderCalibration shows the panel while a calibration runs.
  dicecam.renderCalibration = (s, say) => {
    report = say;
    $("calibrate").hidden = !s.can_calibrate;
    const c = s.calibration;
    const panel = $("calibration");
    panel.hidden = !c.active;
    const hasTray = c.active && c.tray && c.tray[2] > c.tray[0];
    tray = hasTray ? c.tray : null;
    $("cal-tray-help").hidden = !hasTray;
    $("cal-tray-numbers").hidden = !hasTray;
    drawTray();
    if (!c.active) return;
    $("cal-prompt").textContent = c.prompt;
    $("cal-progress").textContent = c.total ? `· ${c.step} ${c.done + 1} of ${c.total}` : `· ${c.step}`;
    $("cal-warnings").replaceChildren(...c.warnings.map((w) => dicecam.el("li", { text: w })));
    const checking = c.step === "check";
    $("cal-read").hidden = !c.read;
    $("cal-read").textContent = c.read ? `Read: ${c.read}` : "";
    $("cal-capture").textContent = checking ? "Read the roll" : "Capture";
    $("cal-accept").hidden = c.warnings.length === 0 || checking;
    $("cal-right").hidden = !checking || !c.read;
    $("cal-wrong").hidden = !checking || !c.read;
    if (hasTray && !$("cal-tray").contains(document.activeElement)) {
      ["cal-x0", "cal-y0", "cal-x1", "cal-y1"].forEach((id, i) => ($(id).value = c.tray[i]));
    }
  };

  // picture is where the frame shows inside the camera view, which keeps
  // its shape (object-fit: contain), and its scale from frame pixels.
  function picture() {
    const img = $("camera-view");
    if (!img.naturalWidth) return null;
    const box = img.getBoundingClientRect();
    const frame = img.parentElement.getBoundingClientRect();
    const scale = Math.min(box.width / img.naturalWidth, box.height / img.naturalHeight);
    const w = img.naturalWidth * scale;
    const h = img.naturalHeight * scale;
    return { left: box.left - frame.left + (box.width - w) / 2, top: box.top - frame.top + (box.height - h) / 2, scale, img };
  }

  function place(el, r, p) {
    el.style.left = `${p.left + r[0] * p.scale}px`;
    el.style.top = `${p.top + r[1] * p.scale}px`;
    el.style.width = `${(r[2] - r[0]) * p.scale}px`;
    el.style.height = `${(r[3] - r[1]) * p.scale}px`;
  }

  let retry = 0;
  function drawTray() {
    const outline = $("tray-outline");
    const p = tray && picture();
    outline.hidden = !p;
    if (p) place(outline, tray, p);
    // The camera's first frame may not have come yet: look again shortly.
    clearTimeout(retry);
    if (tray && !p) retry = setTimeout(drawTray, 250);
  }
  new ResizeObserver(drawTray).observe($("camera-view"));

  // Dragging across the picture while a tray is shown draws a new one.
  let from = null;
  const at = (e, p) => {
    const r = p.img.getBoundingClientRect();
    const x = (e.clientX - r.left - (r.width - p.img.naturalWidth * p.scale) / 2) / p.scale;
    const y = (e.clientY - r.top - (r.height - p.img.naturalHeight * p.scale) / 2) / p.scale;
    return [Math.round(Math.min(Math.max(x, 0), p.img.naturalWidth)), Math.round(Math.min(Math.max(y, 0), p.img.naturalHeight))];
  };
  const dragged = (a, b) => [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[0], b[0]), Math.max(a[1], b[1])];
  $("camera-view").addEventListener("pointerdown", (e) => {
    const p = tray && picture();
    if (!p) return;
    e.preventDefault();
    from = at(e, p);
    e.target.setPointerCapture(e.pointerId);
  });
  $("camera-view").addEventListener("pointermove", (e) => {
    const p = from && picture();
    if (!p) return;
    const drawing = $("tray-drawing");
    drawing.hidden = false;
    place(drawing, dragged(from, at(e, p)), p);
  });
  $("camera-view").addEventListener("pointerup", (e) => {
    const p = from && picture();
    $("tray-drawing").hidden = true;
    if (!p) return;
    const r = dragged(from, at(e, p));
    from = null;
    if (r[2] - r[0] < 10 || r[3] - r[1] < 10) return; // a click, not a drag
    step({ do: "tray", tray: r }, $("camera-view"));
  });

  $("calibrate").addEventListener("click", (e) => step({ do: "start" }, e.target));
  $("cal-capture").addEventListener("click", (e) => step({ do: "capture" }, e.target));
  $("cal-accept").addEventListener("click", (e) => step({ do: "accept" }, e.target));
  $("cal-right").addEventListener("click", (e) => step({ do: "right" }, e.target));
  $("cal-wrong").addEventListener("click", (e) => step({ do: "wrong" }, e.target));
  $("cal-cancel").addEventListener("click", (e) => step({ do: "cancel" }, e.target));
  $("cal-tray").addEventListener("submit", (e) => {
    e.preventDefault();
    const n = (id) => Number($(id).value);
    step({ do: "tray", tray: [n("cal-x0"), n("cal-y0"), n("cal-x1"), n("cal-y1")] }, $("cal-tray"));
  });
})();
