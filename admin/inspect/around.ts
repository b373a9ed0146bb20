/**
 * The preview's link to the rest of /admin/: the form's fields (widgets/on-screen.ts knows where each is),
 * their labels (labels.ts, from the configuration generated from the schemas), other entries by
 * their names and addresses, and the cursor in the form followed in the preview.
 */
import { fieldHolding, fieldInForm } from "../widgets/on-screen.ts";
import { goTo } from "../editor/notice.ts";
import { labelsAlong } from "../editor/labels.ts";
import { showWhere } from "./Inspect.tsx";
import type { Surroundings } from "./surroundings.ts";
import type { EntryName } from "./sources.ts";
import type { Path } from "./fields.ts";
import { fieldBoxOf, previewPaneShown } from "../decap/dom.ts";
import { collectionAddress, entryAddress } from "../decap/routes.ts";

interface Config {
  collections: unknown;
}
interface Collection {
  name: string;
  label: string;
  label_singular?: string;
  files?: { name: string; label: string }[];
}

/** An entry to open at a field once its form is on screen. */
let waiting: { entry: EntryName; field: Path; until: number } | undefined;

const sentence = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);

/**
 * Puts the cursor in the field at `path` once the form shows it, and again if the form is drawn anew
 * while the entry loads (an entry opening draws its fields in a moment, and may draw them twice).
 */
function goToWhenShown(path: Path, until: number): void {
  const found = fieldInForm(path);
  if (found) goTo(found.label);
  window.setTimeout(() => {
    const label = fieldInForm(path)?.label;
    const box = label && fieldBoxOf(label);
    const there = box?.contains(document.activeElement) ?? false;
    if (!there && Date.now() < until) goToWhenShown(path, until);
  }, 300);
}

export function surroundings(
  config: Config,
  titleOf: (collection: string, id: string) => string | undefined,
): Surroundings {
  const collections = config.collections as Collection[];
  return {
    goTo(path) {
      const found = fieldInForm(path);
      if (found) goTo(found.label);
      return Boolean(found);
    },
    change(path, value) {
      const change = fieldInForm(path)?.change;
      change?.(value);
      return Boolean(change);
    },
    labelOf(entry, path) {
      const words = labelsAlong(config, entry.collection, entry.slug, path);
      return sentence(words.at(-1) ?? "");
    },
    open(entry) {
      const collection = collections.find((c) => c.name === entry.collection);
      const file = collection?.files?.find((f) => f.name === entry.slug);
      const noun = (file?.label ?? collection?.label_singular ?? collection?.label ?? "entry").toLowerCase();
      const title = file ? undefined : titleOf(entry.collection, entry.slug);
      return {
        action: file ? `Edit the ${noun}` : `Edit this ${noun}`,
        what: file ? `the ${noun}` : `the ${noun} “${title ?? entry.slug}”`,
        go(field) {
          waiting = { entry, field, until: Date.now() + 15_000 };
          openEntry(entry);
        },
      };
    },
  };
}

/**
 * Opens another entry as Decap's own links do, through its collection: Decap's editor reads its entry
 * when it opens, not when the address changes under it. (Leaving an entry with unsaved changes, Decap
 * asks first; staying, nothing opens.)
 */
function openEntry(entry: EntryName): void {
  const collection = collectionAddress(entry.collection);
  window.location.hash = collection;
  const until = Date.now() + 5_000;
  const next = () => {
    if (window.location.hash !== collection) return;
    if (previewPaneShown() && Date.now() < until) window.setTimeout(next, 50);
    else window.location.hash = entryAddress(entry);
  };
  window.setTimeout(next, 50);
}

/** Called as the preview of `entry` shows: an entry opened from another's preview gets the cursor in its field. */
export function arrived(entry: EntryName): void {
  if (!waiting || waiting.entry.collection !== entry.collection || waiting.entry.slug !== entry.slug) return;
  const { field, until } = waiting;
  waiting = undefined;
  if (Date.now() < until) goToWhenShown(field, until);
}

/** The cursor in a field of the form outlines where its value shows in the preview. */
export function followTheCursor(): void {
  document.addEventListener("focusin", (event) => {
    const path = event.target instanceof Element ? fieldHolding(event.target) : undefined;
    showWhere(path ?? []);
  });
}
