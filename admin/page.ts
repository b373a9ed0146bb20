/**
 * Marks the page while it shows a new entry nobody has changed yet (`data-blank-entry` on <body>), so
 * that index.html's style hides Decap's "Changes saved" there: nothing was saved, nor changed.
 * Decap opens a new entry at "#/collections/<name>/new"; once published it goes to the entry's own address.
 */
function mark() {
  document.body.toggleAttribute("data-blank-entry", /^#\/collections\/[^/]+\/new(\?|$)/.test(window.location.hash));
}
window.addEventListener("hashchange", mark);
mark();
