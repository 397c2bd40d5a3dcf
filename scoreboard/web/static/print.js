// The print view's choices: a new paper or column count shows the card
// again with it; Print hands the page to the browser's print dialog.
"use strict";

(() => {
  const form = document.getElementById("print-options");
  form.querySelectorAll("select").forEach((sel) => sel.addEventListener("change", () => form.submit()));
  document.getElementById("print").addEventListener("click", () => window.print());
})();
