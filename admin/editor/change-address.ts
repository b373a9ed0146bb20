/**
 * "Change address" (issue 59, items 8 and 10): a button in /admin/'s corner, above History, on the
 * editor of an entry of a kind with pages (a guide, a case study), that opens a dialog: the entry's
 * address now, the new end of it (checked as it is typed, by address-change.ts: the content check's
 * rules), and the redirect the rename adds to content/redirects.yaml. Confirmed, the entry's file is
 * moved and the redirect written in one save (admin/decap/rename.ts), the editor opens the entry at
 * its new address, and the notice says so: "Renamed: /guides/old → /guides/new; the old address now
 * redirects there" (with the editorial workflow: "Saved for review: …; once published, the old address
 * redirects there"). What cannot be renamed safely is refused in words, in the dialog.
 * A native modal <dialog>: the keyboard stays in it, Escape closes it, and the focus goes back to
 * the button.
 */
import { entryAddress, listingAddress } from "../../schemas/addresses.ts";
import { draftEntry, onStoreChange } from "../decap/decap.ts";
import { renameEntry, renameRefusal } from "../decap/rename.ts";
import { entryIn } from "../decap/routes.ts";
import { putInCorner } from "../screens/corner.ts";
import { addressChange, pagesKindOf, type AddressChange } from "./address-change.ts";
import { refreshStored, storedFiles } from "./content-cache.ts";
import { notice } from "./notice.ts";
import "./change-address.css";

const button = document.createElement("button");
button.type = "button";
button.id = "change-address-button";
button.className = "change-address-button";
button.textContent = "Change address";
button.setAttribute("aria-haspopup", "dialog");
button.hidden = true;
putInCorner("change-address", button);

/** The entry the editor shows, when it is a saved entry of a kind with pages and the one the address names. */
function entryShown() {
  const named = entryIn(window.location.hash);
  const draft = named ? draftEntry() : undefined;
  if (!named || !draft || draft.newRecord || draft.collection !== named.collection || draft.slug !== named.slug)
    return undefined;
  const kind = pagesKindOf(draft.collection);
  return kind && draft.path ? { ...draft, kind } : undefined;
}

/** An element with its properties set (id, className, textContent, …). */
function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Record<string, string | boolean> = {},
): HTMLElementTagNameMap[K] {
  return Object.assign(document.createElement(tag), props);
}

const dialog = element("dialog", { id: "change-address", className: "change-address" });
dialog.setAttribute("aria-labelledby", "change-address-title");
dialog.setAttribute("aria-describedby", "change-address-now");
const title = element("h2", { id: "change-address-title" });
const now = element("p", { id: "change-address-now" });
const form = element("form", { noValidate: true });
const label = element("label", { htmlFor: "change-address-id", textContent: "New address" });
const prefix = element("span", { className: "change-address-prefix", id: "change-address-prefix" });
const input = element("input", {
  id: "change-address-id",
  type: "text",
  autocomplete: "off",
  spellcheck: false,
  required: true,
});
input.setAttribute("aria-describedby", "change-address-prefix change-address-hint change-address-said");
const hint = element("p", {
  id: "change-address-hint",
  className: "change-address-hint",
  textContent:
    "Lower-case letters, digits and hyphens. The old address keeps working: it sends visitors and search engines on to the new one.",
});
const said = element("div", { id: "change-address-said", className: "change-address-said" });
said.setAttribute("aria-live", "polite");
const confirm = element("button", {
  type: "submit",
  className: "change-address-confirm",
  textContent: "Change address",
});
const cancel = element("button", { type: "button", className: "change-address-cancel", textContent: "Cancel" });
const row = element("div", { className: "change-address-field" });
row.append(prefix, input);
const buttons = element("div", { className: "change-address-buttons" });
buttons.append(confirm, cancel);
form.append(label, row, hint, said, buttons);
dialog.append(title, now, form);

let shown: ReturnType<typeof entryShown>;
let busy = false;

/** What the dialog says under the field: the problem with the id, or the redirect the rename adds. */
function show(result: { change: AddressChange } | { problem: string } | undefined, refused?: string) {
  said.replaceChildren();
  input.removeAttribute("aria-invalid");
  if (refused) {
    said.append(element("p", { className: "change-address-problem", textContent: refused }));
    return;
  }
  if (!result) return;
  if ("problem" in result) {
    input.setAttribute("aria-invalid", "true");
    said.append(element("p", { className: "change-address-problem", textContent: `Not possible: ${result.problem}` }));
    return;
  }
  const { redirect, fromAddress, toAddress } = result.change;
  if (!redirect) {
    said.append(
      element("p", {
        textContent: `New address: ${toAddress}. ${fromAddress} was not published (a draft, or not shown yet), so no redirect is added.`,
      }),
    );
    return;
  }
  said.append(
    element("p", { textContent: `New address: ${toAddress}. Added to content/redirects.yaml, in the same save:` }),
    element("pre", {
      className: "change-address-redirect",
      textContent: redirect.kept.map((k) => `- from: ${k.from}\n  to: ${k.to}`).join("\n"),
    }),
  );
}

const check = () =>
  shown ? addressChange(storedFiles(), shown.collection, shown.slug, input.value, Date.now()) : undefined;

input.addEventListener("input", () => show(input.value.trim() ? check() : undefined));

function close() {
  if (dialog.open) dialog.close();
}
dialog.addEventListener("close", () => {
  busy = false;
  if (!button.hidden) button.focus();
});
cancel.addEventListener("click", close);
// Escape while renaming would leave the marketer guessing: the dialog stays until the rename is done.
dialog.addEventListener("cancel", (event) => {
  if (busy) event.preventDefault();
});

form.addEventListener("submit", (event) => {
  event.preventDefault();
  if (busy || !shown) return;
  const entry = shown;
  busy = true;
  confirm.disabled = cancel.disabled = input.readOnly = true;
  confirm.textContent = "Changing…";
  void (async () => {
    try {
      // The content as it is now (someone may have added an entry of that name since the dialog opened).
      await refreshStored();
      const result = check();
      const refused = renameRefusal();
      if (!result || "problem" in result || refused) {
        show(result, refused);
        return;
      }
      const { change } = result;
      const text = storedFiles().find((f) => f.rel === change.from)!.text;
      // The repository's path of the content folder: the entry's path less its path under content/.
      const root = entry.path.slice(0, entry.path.length - change.from.length);
      const { inReview } = await renameEntry({
        collection: entry.collection,
        slug: entry.slug,
        newSlug: input.value.trim(),
        path: entry.path,
        newPath: `${root}${change.to}`,
        raw: text,
        ...(change.redirect
          ? { redirects: { path: `${root}${change.redirect.file}`, raw: change.redirect.text } }
          : {}),
        message: `Change the address of ${entry.kind.noun} ${change.fromAddress} to ${change.toAddress}${change.redirect ? "; the old address redirects there" : ""}`,
      });
      busy = false;
      close();
      notice(
        inReview
          ? `Saved for review: ${change.fromAddress} → ${change.toAddress}; once published, ${change.redirect ? "the old address redirects there" : "it is at its new address"}`
          : change.message,
      );
      void refreshStored();
    } catch (error) {
      show(undefined, `Not changed: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      busy = false;
      confirm.disabled = cancel.disabled = input.readOnly = false;
      confirm.textContent = "Change address";
      // Still open (refused, or failed): the focus back in the field, which the words describe.
      if (dialog.open) input.focus();
    }
  })();
});

button.addEventListener("click", () => {
  shown = entryShown();
  if (!shown) return;
  const noun = shown.kind.noun;
  title.textContent = `Change this ${noun}'s address`;
  now.textContent = `Now at: ${entryAddress(shown.kind.address, shown.slug)}`;
  prefix.textContent = `${listingAddress(shown.kind.address)}/`;
  input.value = shown.slug;
  show(undefined);
  if (!dialog.isConnected) document.body.append(dialog);
  dialog.showModal();
  input.focus();
  input.select();
  // The content as it is now: what was typed meanwhile is checked again against it.
  const opened = shown;
  void refreshStored().then(() => {
    if (dialog.open && !busy && shown === opened && input.value.trim() && input.value.trim() !== opened.slug)
      show(check());
  });
});

/** Follows the address and the entry Decap has loaded. */
function follow() {
  const entry = entryShown();
  const hide = !entry;
  // The focus stays on the button while the rename moves the editor from the old address to the new one.
  if (button.hidden !== hide && !(hide && busy)) button.hidden = hide;
}
window.addEventListener("hashchange", follow);
onStoreChange(follow);
follow();
