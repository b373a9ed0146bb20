/**
 * What is scheduled, at a glance: the coming changes of the site (a page, section or entry shown or
 * taken down at a set time) in time order, and whether one fell due since a given time (the
 * scheduled workflow's question: build again?). In: the content folder and the build's clock. Out:
 * the changes, each with its time, what it is and where it is shown.
 */
import { sectionSchemas, referenceFields, withoutContext, type Section } from "../../schemas/index.ts";
import { load, type SourceFile } from "../content/stages/load.ts";
import { scheduledIn, zoneOf, type Scheduled } from "../content/stages/schedule.ts";
import { asRecord } from "../content/stages/unchecked.ts";

export interface Change {
  /** When (ms since 1970). */
  at: number;
  verb: "shows" | "hides";
  /** "faq/holiday-hours", "the page /offer", `the section "Holiday hours" of /`. */
  what: string;
  /** Where an entry is shown: each page and section listing it ("home, FAQ"). */
  where: string[];
}

/** The reference fields of each section type. */
const referencing = new Map(
  sectionSchemas(withoutContext).map((schema) => [schema.shape.type.value as Section["type"], referenceFields(schema)]),
);

/** Where each entry is listed: "kind/id" → "home, FAQ" (the page's file name and the section's heading). */
function listings(files: readonly SourceFile[]): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const file of files) {
    if (file.role !== "page" || asRecord(file.data).draft === true) continue;
    const sections = asRecord(file.data).sections;
    for (const section of (Array.isArray(sections) ? sections : []).map(asRecord)) {
      for (const { field, kind } of referencing.get(section.type as Section["type"]) ?? []) {
        const value = section[field];
        for (const id of Array.isArray(value) ? value : [value]) {
          if (typeof id !== "string") continue;
          const key = `${kind}/${id}`;
          (found.get(key) ?? found.set(key, []).get(key)!).push(
            `${file.name}, ${typeof section.heading === "string" ? section.heading : section.type}`,
          );
        }
      }
    }
  }
  return found;
}

/** The content's scheduled items and its time zone. */
export function scheduledContent(contentDir: string): {
  items: Scheduled[];
  zone: string | undefined;
  files: SourceFile[];
} {
  const { files } = load(contentDir);
  const zone = zoneOf(files);
  return { items: scheduledIn(files, zone), zone, files };
}

/** Every change of the site at a time after `after` (ms), in time order (what shows before what hides at the same time). */
export function changesAfter(contentDir: string, after: number): { changes: Change[]; zone: string | undefined } {
  const { items, zone, files } = scheduledContent(contentDir);
  const where = listings(files);
  const changes: Change[] = [];
  for (const item of items) {
    const listed = item.entry ? (where.get(`${item.entry.kind}/${item.entry.id}`) ?? []) : [];
    if (item.window.from !== undefined && item.window.from > after)
      changes.push({ at: item.window.from, verb: "shows", what: item.what, where: listed });
    if (item.window.until !== undefined && item.window.until > after)
      changes.push({ at: item.window.until, verb: "hides", what: item.what, where: listed });
  }
  changes.sort(
    (a, b) => a.at - b.at || (a.verb === b.verb ? a.what.localeCompare(b.what) : a.verb === "shows" ? -1 : 1),
  );
  return { changes, zone };
}

/** The changes that fell due in (since, now]: what a build made at `since` does not show yet. */
export function dueSince(contentDir: string, since: number, now: number): { due: Change[]; zone: string | undefined } {
  const { changes, zone } = changesAfter(contentDir, since);
  return { due: changes.filter((change) => change.at <= now), zone };
}
