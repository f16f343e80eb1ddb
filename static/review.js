// Review page keys (docs/review.md): j / k move between conversations (the first j goes to the first one), a agrees,
// o starts an overrule (type the reason, Enter sends it), w withdraws an overrule. Every key acts on the
// conversation that has the focus, and only on it: with no conversation focused, a, o and w do nothing. Nothing
// moves the focus on its own: after a card is swapped in (htmx), the focus stays on that same conversation, in the
// field it was in, with what was typed there. The forms work without JavaScript.
(function () {
  "use strict";
  const queue = document.querySelector("[data-review-queue]");
  if (!queue) return;

  function cards() { return Array.from(queue.querySelectorAll(".review-card")); }
  function focused() {
    const active = document.activeElement;
    return (active && active.closest && active.closest(".review-card")) || null;
  }
  function show(card) { card.focus(); card.scrollIntoView({ block: "nearest" }); }
  function move(step) {
    const all = cards();
    if (!all.length) return;
    const card = focused();
    if (!card) { show(all[0]); return; }
    const index = all.indexOf(card);
    show(all[Math.min(all.length - 1, Math.max(0, index + step))]);
  }
  function press(name) {
    const card = focused();
    if (!card || card.querySelector(".htmx-request")) return; // this conversation's last action is still on its way
    const button = card.querySelector('[data-review="' + name + '"]');
    if (button && !button.disabled) button.click();
  }

  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.target.closest("input, textarea, select")) return; // typing: the keys are the reviewer's words
    const actions = {
      j: function () { move(1); },
      k: function () { move(-1); },
      a: function () { press("agree"); },
      w: function () { press("withdraw"); },
      o: function () {
        const card = focused();
        const reason = card && card.querySelector('[data-review="reason"]');
        if (reason) reason.focus();
      },
    };
    if (actions[event.key]) { event.preventDefault(); actions[event.key](); }
  });

  // Before a card is replaced, remember where the focus was in it; afterwards put it back in the same place.
  let kept = null;
  document.body.addEventListener("htmx:beforeSwap", function (event) {
    const target = event.detail.target;
    const active = document.activeElement;
    kept = null;
    if (!target || !target.classList.contains("review-card")) return;
    // A refused review comes back as the card with the reason (400): show it in place, as the page would.
    if (event.detail.xhr && event.detail.xhr.status === 400) { event.detail.shouldSwap = true; event.detail.isError = false; }
    if (active && target.contains(active)) {
      kept = { card: target.id, field: active.id || "", value: "value" in active ? active.value : null };
    }
  });
  document.body.addEventListener("htmx:afterSwap", function (event) {
    const card = event.detail.target && document.getElementById(event.detail.target.id);
    if (!card || !card.classList.contains("review-card")) return;
    const active = document.activeElement;
    if (active && active !== document.body && !card.contains(active)) return; // the reviewer is elsewhere now
    const field = kept && kept.card === card.id && kept.field ? document.getElementById(kept.field) : null;
    if (field && card.contains(field)) {
      if (kept.value !== null && "value" in field && field.type !== "hidden" && !field.value) field.value = kept.value;
      field.focus();
    } else {
      card.focus();
    }
    kept = null;
  });
})();
