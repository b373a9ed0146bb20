/**
 * "What changes when you publish" (issue 46, item 6), pure: the draft in the editor (its unsaved
 * changes, or in the editorial workflow its changes saved for review) against the entry's file as it
 * is live, in the words the history says a version's changes with (`changesBetween`), and the short
 * summary a screen reader hears when it changes (never the whole list again on each keystroke).
 */
import type { Field } from "../../editor/labels.ts";
import { withoutHidden } from "../../editor/in-place.ts";
import { changesBetween, type FieldChange, type TitleOf } from "../diff/changes.ts";
import { versionData, type EntryData } from "./version-data.ts";

/** The live version as read: its data, or why it cannot be read, in words. */
export type Live = { data: EntryData; error?: undefined } | { data?: undefined; error: string };

/** What publishing would do now. */
export type ToPublish =
  | { kind: "reading" }
  | { kind: "unreadable"; error: string }
  | { kind: "nothing" }
  | { kind: "changes"; changes: FieldChange[] };

const unreadable = "The live version cannot be read";

/**
 * The live file's text as the editor's data of the file `path`. Empty text is no live file (Decap's
 * GitHub backend gives it for a file the published branch does not have: a new entry saved for review
 * only), so publishing sets every field; undefined is a file the backend could not read.
 */
export function liveOf(path: string, text: string | undefined): Live {
  if (text === "") return { data: {} };
  const data = text === undefined ? undefined : versionData(path, text);
  return data ? { data } : { error: `${unreadable}.` };
}

/** Why reading the live version failed, in words. */
export const liveFailed = (error: unknown): Live => ({
  error: error instanceof Error && error.message ? `${unreadable}: ${error.message}` : `${unreadable}.`,
});

/** The draft's data against the live version's (undefined while it is read), by the fields' labels. */
export function toPublish(
  fields: readonly Field[],
  live: Live | undefined,
  draft: EntryData | undefined,
  titleOf?: TitleOf,
): ToPublish {
  if (live === undefined) return { kind: "reading" };
  if (live.error !== undefined) return { kind: "unreadable", error: live.error };
  const changes = draft ? changesBetween(fields, live.data, withoutHidden(draft), { titleOf }) : [];
  return changes.length > 0 ? { kind: "changes", changes } : { kind: "nothing" };
}

/** What a screen reader hears: how many changes publishing makes, or why it cannot say; "" for none. */
export function summaryOf(state: ToPublish): string {
  if (state.kind === "unreadable") return `What changes when you publish: ${state.error}`;
  if (state.kind !== "changes") return "";
  const n = state.changes.length;
  return `What changes when you publish: ${n === 1 ? "1 change" : `${n} changes`}, not live until you publish.`;
}
