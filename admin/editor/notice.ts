/**
 * What /admin/ says when an entry is not saved: one notice, in a live region, that counts the
 * problems ("Not saved: 1 problem, shown at its field") and takes the marketer to the first of them
 * (its list item opened, the field scrolled into view and focused). Decap's own notices for the same
 * refusal ("Oops, you've missed a required field", "Failed to persist entry: Error: …") are taken
 * down, and the promise Decap leaves rejected on a refused save is not reported as an error of the
 * page: the refusal is expected, and said here.
 */
import { dismissNotice, fieldsWithErrors, notices, onStoreChange } from "../decap/decap.ts";
import { domButton } from "../screens/dom-button.ts";
import { floatingRegion } from "../screens/floating-region.ts";
import { fieldBoxOf, labelOfControl, openItemsAround } from "../decap/dom.ts";

/** Something the person can do about a notice: a button in it. */
export interface NoticeAction {
  label: string;
  run: () => void;
}

/** A message in a live region, with a button for each thing to do about it (somewhere to go, a choice). */
export function notice(message: string, ...actions: (NoticeAction | undefined)[]) {
  let region = document.getElementById("cms-notice");
  if (!region) {
    region = floatingRegion("div", "cms-notice", "alert", {
      position: "fixed",
      bottom: "1rem",
      zIndex: "400",
      left: "50%",
      transform: "translateX(-50%)",
      maxWidth: "40rem",
      background: "#a4161a",
      color: "#fff",
      display: "flex",
      gap: "0.75rem",
      alignItems: "center",
    });
    document.body.append(region);
  }
  const words = document.createElement("span");
  words.textContent = message;
  region.replaceChildren(words);
  for (const action of actions) {
    if (!action) continue;
    const button = domButton(action.label, "on alert");
    button.addEventListener("click", () => {
      region!.hidden = true;
      action.run();
    });
    region.append(button);
  }
  region.hidden = false;
  window.clearTimeout(Number(region.dataset.timer));
  // A choice to make stays until it is made; anything else goes after a while.
  if (actions.filter(Boolean).length < 2)
    region.dataset.timer = String(window.setTimeout(() => (region!.hidden = true), 20_000));
}

/** The fields Decap holds problems for now (their ids), in the order of the form. */
function fieldsWithProblems(): HTMLElement[] {
  return fieldsWithErrors()
    .map(labelOfControl)
    .filter((label): label is HTMLElement => label !== null)
    .sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
}

/** Opens the closed list items around `element`, scrolls to it and puts the focus in it. */
export function goTo(label: HTMLElement) {
  openItemsAround(label);
  window.requestAnimationFrame(() => {
    const box = fieldBoxOf(label) ?? label;
    box.scrollIntoView({ block: "center" });
    const id = label.getAttribute("for");
    const target =
      (id ? document.getElementById(id) : null) ??
      box.querySelector<HTMLElement>("input, textarea, select, button, [contenteditable='true']");
    target?.focus({ preventScroll: true });
  });
}

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

/** Says, once the form has been checked, how many problems keep the entry from being saved, and where. */
let timer = 0;
export function sayNotSaved() {
  window.clearTimeout(timer);
  timer = window.setTimeout(() => {
    const fields = fieldsWithProblems();
    const n = Math.max(1, fields.length);
    const first = fields[0];
    notice(
      `Not saved: ${n} ${plural(n, "problem", "problems")}, shown at ${plural(n, "its field", "their fields")}.`,
      first ? { label: plural(n, "Show me", "Show the first"), run: () => goTo(first) } : undefined,
    );
  }, 50);
}

// Decap's notices for a refused save are taken down: the notice above says it, once.
const refusals = new Set<unknown>(["ui.toast.missingRequiredField", "ui.toast.onFailToPersist"]);
let refused = false;
/** Marks the next "failed to persist" as our own refusal (the check before saving), not a failure. */
export function refusing() {
  refused = true;
}
onStoreChange(() => {
  for (const { id, key } of notices()) {
    if (!refusals.has(key)) continue;
    if (key === "ui.toast.onFailToPersist" && !refused) continue;
    refused = false;
    dismissNotice(id);
    // Decap found an empty required field itself: the notice counts it with the rest.
    if (key === "ui.toast.missingRequiredField") sayNotSaved();
  }
});
window.addEventListener("unhandledrejection", (event) => {
  // Decap rejects with nothing when the form has problems, and with its failure action when a save is refused.
  const reason = event.reason as { type?: string } | undefined;
  if (reason === undefined || reason?.type === "ENTRY_PERSIST_FAILURE") event.preventDefault();
});
