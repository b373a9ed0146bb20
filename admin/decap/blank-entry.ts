/**
 * Marks the page while it shows a new entry nobody has changed yet (`data-blank-entry` on <body>), so
 * that decap.css hides Decap's "Changes saved" there: nothing was saved, nor changed.
 * Decap opens a new entry at its new entry's address (routes.ts); once published it goes to the entry's own.
 */
import "./decap.css";
import { isNewEntry } from "./routes.ts";

function mark() {
  document.body.toggleAttribute("data-blank-entry", isNewEntry(window.location.hash));
}
window.addEventListener("hashchange", mark);
mark();
