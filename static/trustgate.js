// Trustgate's page behaviour. The Content-Security-Policy allows no inline script, so every page loads this one
// file and it wires what it finds. Without JavaScript every field stays visible and every form still posts.
(function () {
  "use strict";

  document.documentElement.classList.add("js");

  // Agent form: show only the fields of the chosen protocol (CSS keys off data-protocol). Choosing a protocol
  // that needs a request format (HTTP / JSON, webhook) opens that section, so Test request never complains
  // about a field the user cannot see.
  function agentForm(form) {
    const select = form.querySelector("#id_protocol");
    if (!select) return;
    function sync() {
      form.dataset.protocol = select.value;
      const format = document.getElementById("request-format");
      if (format && (select.value === "webhook" || select.value === "http_json")) format.open = true;
    }
    select.addEventListener("change", sync);
    sync();
  }

  // Test request: a proposed path's "Use" button fills its field (the result fragment is swapped in by htmx, so
  // the click is caught on the document).
  function usePath(event) {
    const button = event.target.closest ? event.target.closest(".use-path") : null;
    if (!button) return;
    const field = document.getElementById(button.dataset.field);
    if (!field) return;
    field.value = button.dataset.value;
    field.dispatchEvent(new Event("change", { bubbles: true }));
    button.textContent = "Used";
    const format = document.getElementById("request-format");
    if (format) format.open = true;
  }
  document.addEventListener("click", usePath);

  // Phones: the main nav folds behind a Menu button.
  function navMenu() {
    const toggle = document.querySelector(".nav-toggle");
    const nav = document.getElementById("main-nav");
    if (!toggle || !nav) return;
    toggle.hidden = false;
    toggle.addEventListener("click", function () {
      const open = nav.classList.toggle("open");
      toggle.setAttribute("aria-expanded", open ? "true" : "false");
    });
  }

  // Wide tables scroll inside a wrapper that says so and can be reached by keyboard; so can code blocks that
  // scroll (a keyboard user could not read their hidden part otherwise).
  function scrollables(root) {
    root.querySelectorAll("table.table").forEach(function (table) {
      let wrap = table.parentElement;
      if (!wrap.classList.contains("table-wrap")) {
        wrap = document.createElement("div");
        wrap.className = "table-wrap";
        table.parentNode.insertBefore(wrap, table);
        wrap.appendChild(table);
      }
      const scrolls = wrap.scrollWidth > wrap.clientWidth + 1;
      wrap.classList.toggle("scrolls", scrolls);
      if (scrolls && !wrap.hasAttribute("tabindex")) {
        wrap.tabIndex = 0;
        wrap.setAttribute("role", "region");
        wrap.setAttribute("aria-label", "Table, scrolls sideways");
        const hint = document.createElement("p");
        hint.className = "scroll-hint";
        hint.textContent = "Scroll sideways to see every column.";
        wrap.parentNode.insertBefore(hint, wrap.nextSibling);
      }
    });
    root.querySelectorAll("pre").forEach(function (pre) {
      if (!pre.hasAttribute("tabindex") && (pre.scrollHeight > pre.clientHeight + 1 || pre.scrollWidth > pre.clientWidth + 1)) {
        pre.tabIndex = 0;
      }
    });
  }

  document.addEventListener("htmx:afterSwap", function (event) {
    scrollables(event.target);
  });

  // New evaluation: show the fields of the chosen mode (CSS keys off data-mode).
  function runForm(form) {
    function sync() {
      const checked = form.querySelector("input[name=mode]:checked");
      form.dataset.mode = checked ? checked.value : "saved";
    }
    form.addEventListener("change", sync);
    sync();
  }

  // Monitor form: cases are added and removed in place. A new case is the formset's empty form (the <template>)
  // under the next index; a removed one has its Delete box ticked and is hidden, so the server still decides.
  function caseForms(form) {
    const template = document.getElementById("case-template");
    const total = form.querySelector("input[name=cases-TOTAL_FORMS]");
    const add = document.getElementById("case-add");
    const status = document.getElementById("case-status");
    if (!template || !total || !add) return;
    function wire(item) {
      const remove = item.querySelector(".case-remove");
      const box = item.querySelector("input[name$='-DELETE']");
      if (!remove || !box) return;
      item.querySelector(".case-delete").hidden = true;
      remove.hidden = false;
      remove.addEventListener("click", function () {
        box.checked = true;
        item.hidden = true;
        if (status) status.textContent = "Case removed; it goes when you save.";
        add.focus();
      });
    }
    form.querySelectorAll("#cases > .case-form").forEach(wire);
    add.hidden = false;
    add.addEventListener("click", function () {
      const index = parseInt(total.value, 10);
      add.parentNode.insertAdjacentHTML("beforebegin", template.innerHTML.replace(/__prefix__/g, String(index)));
      total.value = String(index + 1);
      const item = document.getElementById("case-new-" + index);
      wire(item);
      item.querySelector("textarea").focus();
      if (status) status.textContent = "Case added.";
    });
  }

  // Inside [data-swap-errors], a refused htmx form comes back as its fragment with the errors (status 400): show
  // it in place, as the page without JavaScript does (htmx leaves 4xx replies unswapped otherwise).
  document.addEventListener("htmx:beforeSwap", function (event) {
    const target = event.detail.target;
    if (event.detail.xhr.status === 400 && target && target.closest("[data-swap-errors]")) {
      event.detail.shouldSwap = true;
      event.detail.isError = false;
    }
  });

  // <form data-confirm="Delete …?">: ask before a destructive post.
  document.addEventListener("submit", function (event) {
    const message = event.target.dataset ? event.target.dataset.confirm : undefined;
    if (message && !window.confirm(message)) event.preventDefault();
  });

  function init() {
    navMenu();
    scrollables(document);
    const agent = document.getElementById("agent-form");
    if (agent) agentForm(agent);
    const run = document.getElementById("run-form");
    if (run) runForm(run);
    const monitor = document.getElementById("monitor-form");
    if (monitor) caseForms(monitor);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
