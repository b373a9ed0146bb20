/**
 * The entry's History in /admin/ (issue 46): a "History" button on every entry's editor (collection
 * entries, pages, the site's settings) that opens the panel (HistoryPanel.tsx) beside Decap's
 * editor, and "What changes when you publish" over the editor (PublishChanges.tsx) whenever the
 * draft differs from the live version. All are outside Decap's tree, as the Leads link is
 * (leads/register.tsx: an element added inside the DOM React draws for Decap left its editor
 * "Loading entry..."); they follow the address and the entry Decap has loaded. Leaving the entry
 * closes the panel and takes a previewed version down. While the panel is open, it says what
 * publishing changes itself, and the region over the editor stands aside.
 */
import { createRoot, type Root } from "react-dom/client";
import { site } from "../../../src/generated/index.js";
import { config } from "../../config.ts";
import { putInCorner } from "../../screens/corner.ts";
import { storedFiles, storedTitle } from "../../editor/content-cache.ts";
import { afterPublish, draftEntry, liveText, onStoreChange, putInDraft } from "../../decap/decap.ts";
import { fileOf } from "../../editor/entry-file.ts";
import { entryFields } from "../../editor/labels.ts";
import { markWhenShown } from "../../widgets/on-screen.ts";
import { zoneOf } from "../dates.ts";
import { HistoryPanel, type HistoryEntry } from "./HistoryPanel.tsx";
import { PublishChanges } from "./PublishChanges.tsx";
import { historySource } from "../sources/source.ts";
import { showVersion } from "./version-preview.ts";
import "../../screens/screen-text.css";
import "./history.css";
import { entryIn } from "../../decap/routes.ts";

const button = document.createElement("button");
button.type = "button";
button.id = "history-button";
button.className = "history-button";
button.textContent = "History";
button.setAttribute("aria-expanded", "false");
button.setAttribute("aria-controls", "history-panel");
button.hidden = true;
putInCorner("history", button);

/** "What changes when you publish" over the editor, in the corner too: its own root, there from the start (its summary a live region). */
const publishBox = document.createElement("div");
publishBox.id = "publish-changes-root";
putInCorner("publish-changes", publishBox);
const publishRoot = createRoot(publishBox);

let root: Root | undefined;
let container: HTMLElement | undefined;
/** Counts publishes: the live version is read again after each. */
let publishes = 0;
let open: HistoryEntry | undefined;
/** The entry being edited, once Decap has loaded the one the address names. */
let editing: HistoryEntry | undefined;

const draftData = () => draftEntry()?.data;

/** The entry Decap has loaded, when it is the one the address names (asked on each change of Decap's store). */
function entryShown(): HistoryEntry | undefined {
  const named = entryIn(window.location.hash);
  const draft = named ? draftEntry() : undefined;
  if (!named || !draft?.path || draft.collection !== named.collection || draft.slug !== named.slug) return undefined;
  if (editing?.path === draft.path && editing.collection === draft.collection && editing.slug === draft.slug)
    return editing;
  const file = fileOf(draft);
  if (!file) return undefined;
  return {
    collection: draft.collection,
    slug: draft.slug,
    path: draft.path,
    rel: file.rel,
    fields: entryFields(config, draft.collection, draft.slug) ?? [],
  };
}

const liveOf = (entry: HistoryEntry) => () => liveText(entry.collection, entry.slug);

function renderPublishChanges() {
  publishBox.hidden = open !== undefined;
  const entry = editing;
  publishRoot.render(
    entry ? (
      <PublishChanges
        key={`${entry.collection}/${entry.slug}`}
        place="editor"
        path={entry.path}
        fields={entry.fields}
        draft={draftData}
        onDraftChange={onStoreChange}
        live={liveOf(entry)}
        publishes={publishes}
        titleOf={storedTitle}
      />
    ) : null,
  );
}

function close(focusButton = true) {
  open = undefined;
  root?.unmount();
  root = undefined;
  if (container) container.hidden = true;
  button.setAttribute("aria-expanded", "false");
  showVersion(undefined);
  renderPublishChanges();
  if (focusButton && !button.hidden) button.focus();
}

function render() {
  renderPublishChanges();
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
      publishes={publishes}
      source={historySource}
      config={config}
      timeZone={zoneOf(site.timeZone)}
      titleOf={storedTitle}
      stored={storedFiles}
      draft={draftData}
      onDraftChange={onStoreChange}
      live={liveOf(entry)}
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
  open = entryShown();
  if (!open) return;
  button.setAttribute("aria-expanded", "true");
  render();
});

/** Follows the address and the entry Decap has loaded (its store changes on each keystroke: only a new entry draws anew). */
function follow() {
  const named = entryIn(window.location.hash);
  button.hidden = !named;
  if (open && (!named || named.collection !== open.collection || named.slug !== open.slug)) close(false);
  const shown = entryShown();
  if (shown !== editing) {
    editing = shown;
    renderPublishChanges();
  }
}
window.addEventListener("hashchange", follow);
onStoreChange(follow);
follow();

afterPublish(() => {
  publishes++;
  render();
});
