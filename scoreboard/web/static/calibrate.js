// The calibration panel: the guide's steps, driven by the camera's picture.
"use strict";

(() => {
  const { post } = dicecam;
  const $ = (id) => document.getElementById(id);
  let report = () => {};

  async function step(body) {
    const reply = await post("/api/calibrate", body);
    if (reply.error) report(reply.error, true);
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
    const tray = c.tray;
    const hasTray = tray && tray[2] > tray[0]; // [left, top, right, bottom]
    $("cal-tray").hidden = !hasTray;
    if (hasTray && !$("cal-tray").contains(document.activeElement)) {
      ["cal-x0", "cal-y0", "cal-x1", "cal-y1"].forEach((id, i) => ($(id).value = tray[i]));
    }
  };

  $("calibrate").addEventListener("click", () => step({ do: "start" }));
  $("cal-capture").addEventListener("click", () => step({ do: "capture" }));
  $("cal-accept").addEventListener("click", () => step({ do: "accept" }));
  $("cal-right").addEventListener("click", () => step({ do: "right" }));
  $("cal-wrong").addEventListener("click", () => step({ do: "wrong" }));
  $("cal-cancel").addEventListener("click", () => step({ do: "cancel" }));
  $("cal-tray").addEventListener("submit", (e) => {
    e.preventDefault();
    const n = (id) => Number($(id).value);
    step({ do: "tray", tray: [n("cal-x0"), n("cal-y0"), n("cal-x1"), n("cal-y1")] });
  });
})();
