/**
 * No one's edit is lost (issue 61, item 1). An entry carries the file as the editor read it
 * (in-place.ts `SOURCE`); the file as it is now is read again through Decap's backend (the repository:
 * the folder with `npm run cms`, GitHub's branch when logged in there).
 * - At each save (save-hooks.ts), when the file changed since it was read, the edit is merged three
 *   ways (three-way.ts): every field changed on one side only is kept, and the file is written from
 *   the text as it is now. A field both changed is refused in words, both values said, and who
 *   published theirs and when (the file's latest published version, when its text is the file's as it
 *   is now; a change not yet in the history is said without them), with the choice: "Take theirs"
 *   or "Keep mine" (the editor then holds the choice, to publish again).
 * - While the entry is open, a change published by someone else is announced, with "Load their
 *   change" (read every 20 s, and when the window gets the focus back).
 */
import type { Authorship } from "../../schemas/history.ts";
import { site } from "../../src/generated/index.js";
import { config } from "../config.ts";
import { draftEntry, liveText, putInDraft, type Entry } from "../decap/decap.ts";
import { isEditor, isNewEntry } from "../decap/routes.ts";
import { writtenTime } from "../history/dates.ts";
import { historySource } from "../history/sources/source.ts";
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

/** Who published theirs, and when: the history's latest version of the file, when its text is the file's now. */
export type Publisher = Pick<Authorship, "author" | "date">;

/** " by Sam Ortiz on Nov 2, 2026, 10:42 AM" (the site's time zone), or nothing when unknown. */
const byWhom = (by: Publisher | undefined) => (by ? ` by ${by.author} on ${writtenTime(by.date, site.timeZone)}` : "");

/** "Price was changed to "69" by Sam Ortiz on Nov 2, 2026, 10:42 AM and published; your "79" was not saved." */
export function conflictWords(
  entry: Pick<Entry, "collection" | "slug">,
  conflicts: readonly Conflict[],
  by?: Publisher,
): string {
  const said = conflicts.map((c) => {
    const path = c.path.join(".");
    const label = labelled(config, entry.collection, entry.slug, path).replace(/: $/, "");
    return `${label} was changed to ${inWords(c.theirs)}${byWhom(by)} and published since you opened this entry; your ${inWords(c.mine)} was not saved.`;
  });
  return `Not saved: ${said.join(" ")}`;
}

/** Who published the file's text `now`, and when; undefined when the history does not hold that text. */
async function publisherOf(entry: Entry, now: string): Promise<Publisher | undefined> {
  const rel = fileOf(entry)?.rel;
  if (!rel) return undefined;
  try {
    const source = historySource();
    const latest = (await source.versionsOf(`content/${rel}`, { limit: 1 })).items[0];
    if (!latest) return undefined;
    return (await source.fileAt(latest.sha, latest.path)) === now ? latest : undefined;
  } catch {
    // No history to read (no login yet, or the service is unreachable): said without who and when.
    return undefined;
  }
}

/** The file as it is now, when it changed since the editor read it. */
async function changedSince(entry: Entry): Promise<{ now: string; read: Data; theirs: Data } | undefined> {
  const source = entry.data?.[SOURCE];
  if (typeof source !== "string" || !entry.slug) return undefined;
  const now = await liveText(entry.collection, entry.slug);
  // "": the published branch has no such file (GitHub's backend says so of an entry only in review, a
  // new one or one renamed there): nothing was published over what was read.
  if (now === undefined || now === "" || now === source) return undefined;
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
function askAbout(entry: Entry, merged: Merged, now: string, by: Publisher | undefined) {
  notice(
    conflictWords(entry, merged.conflicts, by),
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
    const by = await publisherOf(entry, changed.now);
    askAbout(entry, merged, changed.now, by);
    refusing();
    throw Object.assign(new Error(conflictWords(entry, merged.conflicts, by)), { name: "" });
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
  const by = await publisherOf(entry, changed.now);
  const who = by
    ? `${by.author} published a change to this entry on ${writtenTime(by.date, site.timeZone)}`
    : "Someone published a change to this entry";
  notice(`${who} since you opened it.`, {
    label: "Load their change",
    run: () => {
      const current = draftEntry();
      if (!current) return;
      const merged = threeWay(changed.read, changed.theirs, withoutHidden(current.data ?? {}));
      if (merged.conflicts.length > 0) askAbout(current, merged, changed.now, by);
      else load(merged, "mine", changed.now);
    },
  });
}

/** Starts looking for changes published by someone else while an entry is open. */
export function watchForTheirChanges() {
  window.setInterval(() => void lookForTheirs(), 20_000);
  window.addEventListener("focus", () => void lookForTheirs());
}
