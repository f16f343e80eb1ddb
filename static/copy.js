/* Copy buttons: <button data-copy="ID"> puts the text of the element ID on the clipboard and says so in the
   element with data-copy-status="ID" (a status region, so screen readers hear it). No inline script (the CSP). */
(function () {
  "use strict";

  function say(id, text) {
    var status = document.querySelector('[data-copy-status="' + id + '"]');
    if (status) status.textContent = text;
  }

  function fallback(source) {
    var range = document.createRange();
    range.selectNodeContents(source);
    var selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
    var done = false;
    try {
      done = document.execCommand("copy");
    } catch (error) {
      done = false;
    }
    return done;
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest("button[data-copy]");
    if (!button) return;
    var id = button.getAttribute("data-copy");
    var source = document.getElementById(id);
    if (!source) return;
    var text = source.textContent;
    var copied = "Copied to the clipboard.";
    var failed = "Could not copy: select the text and copy it.";
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(
        function () { say(id, copied); },
        function () { say(id, fallback(source) ? copied : failed); }
      );
    } else {
      say(id, fallback(source) ? copied : failed);
    }
  });
})();
