// Trustgate's page behaviour. The Content-Security-Policy allows no inline script, so every page loads this one
// file and it wires what it finds. Without JavaScript every field stays visible and every form still posts.
(function () {
  "use strict";

  // Agent form: show only the fields of the chosen protocol (CSS keys off data-protocol).
  function agentForm(form) {
    const select = form.querySelector("#id_protocol");
    if (!select) return;
    function sync() {
      form.dataset.protocol = select.value;
      if (select.value === "webhook") {
        const format = document.getElementById("request-format");
        if (format) format.open = true;
      }
    }
    select.addEventListener("change", sync);
    sync();
  }

  // New evaluation: show the fields of the chosen mode (CSS keys off data-mode).
  function runForm(form) {
    function sync() {
      const checked = form.querySelector("input[name=mode]:checked");
      form.dataset.mode = checked ? checked.value : "saved";
    }
    form.addEventListener("change", sync);
    sync();
  }

  // <form data-confirm="Delete …?">: ask before a destructive post.
  document.addEventListener("submit", function (event) {
    const message = event.target.dataset ? event.target.dataset.confirm : undefined;
    if (message && !window.confirm(message)) event.preventDefault();
  });

  function init() {
    const agent = document.getElementById("agent-form");
    if (agent) agentForm(agent);
    const run = document.getElementById("run-form");
    if (run) runForm(run);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
