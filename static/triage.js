// The report's scenario triage. A scenario's conversations are fetched by htmx the first time its row is opened
// (the link's plain href is the page without JavaScript); later clicks fold and unfold them with no request, and
// the link says whether they are shown. Loaded once by run_report.html; listeners sit on the document, so rows
// that htmx swaps in (a new filter or page) work too.
(function () {
  "use strict";
  if (window.trustgateTriage) return;
  window.trustgateTriage = true;

  function shownRow(link) {
    const row = link.closest("tr");
    const next = row && row.nextElementSibling;
    return next && next.classList.contains("scenario-runs") ? next : null;
  }

  document.addEventListener("htmx:beforeRequest", function (event) {
    const link = event.detail.elt;
    if (!link.classList || !link.classList.contains("scenario-open")) return;
    const shown = shownRow(link);
    if (!shown) return;
    event.preventDefault();
    shown.hidden = !shown.hidden;
    link.setAttribute("aria-expanded", shown.hidden ? "false" : "true");
  });

  document.addEventListener("htmx:afterRequest", function (event) {
    const link = event.detail.elt;
    if (link.classList && link.classList.contains("scenario-open") && event.detail.successful) {
      link.setAttribute("aria-expanded", "true");
    }
  });
})();
