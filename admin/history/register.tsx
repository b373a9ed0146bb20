/**
 * The entry's History in /admin/ (issue 46): a "History" button on every entry's editor (collection
 * entries, pages, the site's settings) that opens the panel (HistoryPanel.tsx) beside Decap's
 * editor. Both are outside Decap's tree, as the Leads link is (leads/register.tsx: an element added
 * inside the DOM React draws for Decap left its editor "Loading entry..."); the button shows while the
 * address is an entry's. Leaving the entry closes the panel and takes a previewed version down.
 */
import { createRoot, type Root } from "react-dom/client";
import { site } from "../../src/generated/index.js";
import { config } from "../config.ts";
import { storedFiles, storedTitle } from "../content-cache.ts";
import { afterSave, draftEntry, liveText, onStoreChange, putInDraft } from "../decap.ts";
import { fileOf } from "../entry-file.ts";
import { entryFields } from "../labels.ts";
import { markWhenShown } from "../widgets/on-screen.ts";
import { HistoryPanel, type HistoryEntry } from "./HistoryPanel.tsx";
import { historySource } from "./source.ts";
import { showVersion } from "./version-preview.ts";
import "../screen-text.css";
import "./history.css";

const entryRoute = /^#\/collections\/([^/]+)\/entries\/(.+)$/;

const button = document.createElement("button");
button.type = "button";
button.id = "history-button";
button.className = "history-button";
button.textContent = "History";
button.setAttribute("aria-expanded", "false");
button.setAttribute("aria-controls", "history-panel");
button.hidden = true;
document.body.append(button);

let root: Root | undefined;
let container: HTMLElement | undefined;
/** Counts saves: the live version is read again after each. */
let saves = 0;
let open: HistoryEntry | undefined;

const draftData = () => draftEntry()?.data;

function close(focusButton = true) {
  open = undefined;
  root?.unmount();
  root = undefined;
  if (container) container.hidden = true;
  button.setAttribute("aria-expanded", "false");
  showVersion(undefined);
  if (focusButton && !button.hidden) button.focus();
}

function render() {
  if (!open) return;
  const entry = open;
  if (!container) {
    container = document.createElement("div");
    container.id = "history-root";
    document.body.append(container);
  }
  container.hidden = false;
  root ??= createRoot(container);
  root.render(
    <HistoryPanel
      key={`${entry.collection}/${entry.slug}`}
      entry={entry}
      saves={saves}
      source={historySource}
      config={config}
      timeZone={site.timeZone}
      titleOf={storedTitle}
      stored={storedFiles}
      draft={draftData}
      onDraftChange={onStoreChange}
      live={() => liveText(entry.collection, entry.slug)}
      restore={(data) => {
        markWhenShown();
        putInDraft(data);
      }}
      onClose={() => close()}
    />,
  );
}

button.addEventListener("click", () => {
  if (open) return close();
  const draft = draftEntry();
  const file = draft && fileOf(draft);
  if (!draft || !file || !draft.path) return;
  open = {
    collection: draft.collection,
    slug: draft.slug,
    path: draft.path,
    rel: file.rel,
    fields: entryFields(config, draft.collection, draft.slug) ?? [],
  };
  button.setAttribute("aria-expanded", "true");
  render();
});

function follow() {
  const match = entryRoute.exec(window.location.hash);
  button.hidden = !match;
  if (open && (!match || match[1] !== open.collection || decodeURIComponent(match[2]!) !== open.slug)) close(false);
}
window.addEventListener("hashchange", follow);
follow();

afterSave(() => {
  saves++;
  render();
});
