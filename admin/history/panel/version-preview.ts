/**
 * The version of an entry the preview pane shows instead of the editor's draft (issue 46, item 2):
 * chosen in the entry's History, shown by the site's own sections (preview-templates.tsx), marked
 * with its date and author, until "Back to the current draft" (or another entry, or a restore).
 */
import { useSyncExternalStore } from "react";
import type { EntryData } from "./version-data.ts";

export interface ShownVersion {
  collection: string;
  slug: string;
  /** Which version: its commit. */
  sha: string;
  data: EntryData;
  /** "Version of Nov 2, 2026, 9:30 AM by Maria". */
  label: string;
}

let shown: ShownVersion | undefined;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => (listeners.add(listener), () => void listeners.delete(listener));

/** Shows `version` in the preview pane; undefined: the draft again. */
export function showVersion(version: ShownVersion | undefined) {
  if (shown === version) return;
  shown = version;
  for (const listener of listeners) listener();
}

export const shownVersion = () => shown;
export const onShownVersion = subscribe;

/** The version shown of the entry `collection`/`slug`, if one is. */
export function useShownVersion(collection: string, slug: string): ShownVersion | undefined {
  const version = useSyncExternalStore(subscribe, () => shown);
  return version && version.collection === collection && version.slug === slug ? version : undefined;
}
