// Review page keys: j / k move between conversations, a agrees, o starts an overrule (type the reason, Enter
// sends it), w withdraws an overrule. The forms work without JavaScript; htmx swaps a card in place.
(function () {
  "use strict";
  const queue = document.querySelector("[data-review-queue]");
  if (!queue) return;

  function cards() { return Array.from(queue.querySelectorAll(".review-card")); }
  function current() {
    const active = document.activeElement && document.activeElement.closest(".review-card");
    return active || cards()[0] || null;
  }
  function move(step) {
    const all = cards();
    const index = all.indexOf(current());
    const next = all[Math.min(all.length - 1, Math.max(0, index + step))];
    if (next) { next.focus(); next.scrollIntoView({ block: "nearest" }); }
  }
  function press(name) {
    const card = current();
    const button = card && card.querySelector('[data-review="' + name + '"]');
    if (button && !button.disabled) { card.dataset.advance = "1"; button.click(); }
  }

  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.target.closest("input, textarea, select")) return;
    const actions = {
      j: function () { move(1); },
      k: function () { move(-1); },
      a: function () { press("agree"); },
      w: function () { press("withdraw"); },
      o: function () {
        const card = current();
        const reason = card && card.querySelector('[data-review="reason"]');
        if (reason) reason.focus();
      },
    };
    if (actions[event.key]) { event.preventDefault(); actions[event.key](); }
  });

  // After a card is swapped in, keep the reviewer moving: focus the next conversation.
  document.body.addEventListener("htmx:afterSwap", function (event) {
    const card = event.detail.target && document.getElementById(event.detail.target.id);
    if (!card || !card.classList.contains("review-card")) return;
    if (card.querySelector(".msg.error")) { card.focus(); return; }
    const all = cards();
    const next = all[all.indexOf(card) + 1];
    (next || card).focus();
  });
})();
