/**
 * No one's edit is lost (issue 61, item 1). An entry carries the file as the editor read it
 * (in-place.ts `SOURCE`); the file as it is now is read again through Decap's backend (the repository:
 * the folder with `npm run cms`, GitHub's branch when logged in there).
 * - At each save (save-hooks.ts), when the file changed since it was read, the edit is merged three
 *   ways (three-way.ts): every field changed on one side only is kept, and the file is written from
 *   the text as it is now. A field both changed is refused in words, both values said, with the
 *   choice: "Take theirs" or "Keep mine" (the editor then holds the choice, to publish again).
 * - While the entry is open, a change published by someone else is announced, with "Load their
 *   change" (read every 20 s, and when the window gets the focus back).
 */
import { config } from "../config.ts";
import { draftEntry, liveText, putInDraft, type Entry } from "../decap/decap.ts";
import { isEditor, isNewEntry } from "../decap/routes.ts";
import { fromFile, SOURCE, withoutHidden } from "./in-place.ts";
import { labelled } from "./labels.ts";
import { fileOf } from "./entry-file.ts";
import { fromMarkdownFile } from "./markdown-file.ts";
import { notice, refusing } from "./notice.ts";
import { resolved, same, threeWay, type Conflict, type Data, type Merged } from "./three-way.ts";

/** A value in words: text as it is, a list or an object as "changed", nothing as "left out". */
function inWords(value: unknown): string {
  if (value === undefined || value === null || value === "") return "left out";
  if (typeof value === "object") return Array.isArray(value) ? "a changed list" : "changed";
  return `"${String(value)}"`;
}

/** "Price was changed to "69" and published since you opened it; your "79" was not saved." */
export function conflictWords(entry: Pick<Entry, "collection" | "slug">, conflicts: readonly Conflict[]): string {
  const said = conflicts.map((c) => {
    const path = c.path.join(".");
    const label = labelled(config, entry.collection, entry.slug, path).replace(/: $/, "");
    return `${label} was changed to ${inWords(c.theirs)} and published since you opened this entry; your ${inWords(c.mine)} was not saved.`;
  });
  return `Not saved: ${said.join(" ")}`;
}

/** The file as it is now, when it changed since the editor read it. */
async function changedSince(entry: Entry): Promise<{ now: string; read: Data; theirs: Data } | undefined> {
  const source = entry.data?.[SOURCE];
  if (typeof source !== "string" || !entry.slug) return undefined;
  const now = await liveText(entry.collection, entry.slug);
  if (now === undefined || now === source) return undefined;
  const reader = fileOf(entry)?.rel.endsWith(".md") ? fromMarkdownFile : fromFile;
  const read = withoutHidden(reader(source));
  const theirs = withoutHidden(reader(now));
  return same(read, theirs) ? undefined : { now, read, theirs };
}

/** Puts the merge in the editor, conflicts resolved as chosen, based on the file as it is now. */
function load(merged: Merged, keep: "theirs" | "mine", now: string) {
  putInDraft({ ...resolved(merged, keep), [SOURCE]: now });
}

/** Says the conflicts, with the two choices. */
function askAbout(entry: Entry, merged: Merged, now: string) {
  notice(
    conflictWords(entry, merged.conflicts),
    { label: "Take theirs", run: () => load(merged, "theirs", now) },
    { label: "Keep mine", run: () => load(merged, "mine", now) },
  );
}

/**
 * Before a save: the fields to set on what is saved (the merge, based on the file as it is now), or
 * undefined when the file did not change; throws, said in words, when both changed a field.
 */
export async function mergeBeforeSave(entry: Entry): Promise<Data | undefined> {
  const changed = await changedSince(entry);
  if (!changed) return undefined;
  const mine = withoutHidden(entry.data ?? {});
  const merged = threeWay(changed.read, changed.theirs, mine);
  if (merged.conflicts.length > 0) {
    askAbout(entry, merged, changed.now);
    refusing();
    throw Object.assign(new Error(conflictWords(entry, merged.conflicts)), { name: "" });
  }
  // Every key of either side: one they left out is set to nothing, so it is left out of the file too.
  const keys = new Set([...Object.keys(mine), ...Object.keys(changed.theirs)]);
  return { ...Object.fromEntries([...keys].map((key) => [key, merged.data[key]])), [SOURCE]: changed.now };
}

/** The text last announced, so a change is announced once. */
let announced: string | undefined;

/** Announces a change published by someone else to the entry open in the editor. */
async function lookForTheirs() {
  if (!isEditor(window.location.hash) || isNewEntry(window.location.hash)) return;
  const entry = draftEntry();
  if (!entry) return;
  const changed = await changedSince(entry).catch(() => undefined);
  if (!changed || changed.now === announced) return;
  announced = changed.now;
  notice("Someone published a change to this entry since you opened it.", {
    label: "Load their change",
    run: () => {
      const current = draftEntry();
      if (!current) return;
      const merged = threeWay(changed.read, changed.theirs, withoutHidden(current.data ?? {}));
      if (merged.conflicts.length > 0) askAbout(current, merged, changed.now);
      else load(merged, "mine", changed.now);
    },
  });
}

/** Starts looking for changes published by someone else while an entry is open. */
export function watchForTheirChanges() {
  window.setInterval(() => void lookForTheirs(), 20_000);
  window.addEventListener("focus", () => void lookForTheirs());
}
