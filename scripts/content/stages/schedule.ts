/**
 * Scheduling at build time (Hugo's model): what is shown at the build's clock, and the checks that
 * need the clock. In: the loaded files or the validated content, and `now` (the build's clock, ms:
 * the caller's; scripts/content/clock.ts reads BUILD_TIME). Out: the content the site shows then,
 * the scheduled items with their windows, the problems with windows, and the boundaries around `now`.
 * A page, a section or a collection entry outside its window is left out as a draft is; a reference
 * to an entry outside its window is dropped from the section that lists it (its counts with it), and
 * a section whose list is left empty by that is not shown.
 */
import { formatWhen, isOpen, isTimeZone, windowOf, type Window } from "../../../schemas/index.ts";
import { locate } from "../problems/position.ts";
import { fieldPath, type Problem } from "../problems/problem.ts";
import type { SourceFile } from "./load.ts";
import type { Content } from "./validate.ts";

/** Something with a window: a page, one of its sections, or a collection entry. */
export interface Scheduled {
  file: SourceFile;
  /** Where its fields are in the file: [] (the page or entry), ["sections", 2]. */
  path: PropertyKey[];
  /** "page /offers", `section "Holiday hours" of /`, "faq/holiday-hours". */
  what: string;
  /** An entry's collection and id, for where it is shown. */
  entry?: { kind: string; id: string };
  /** A page's route (a section's: its page's). */
  route?: string;
  window: Window;
}

const record = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const hasWindow = (value: Record<string, unknown>) => "publishDate" in value || "expiryDate" in value;

/** The site's time zone, from the files as written (the schema reports one that is not a zone). */
export function zoneOf(files: readonly SourceFile[]): string | undefined {
  const zone = record(files.find((file) => file.kind === "site")?.data).timeZone;
  return typeof zone === "string" && isTimeZone(zone) ? zone : undefined;
}

/** Every page, section and entry with a window, read from the files as written. */
export function scheduledIn(files: readonly SourceFile[], zone: string | undefined): Scheduled[] {
  const found: Scheduled[] = [];
  for (const file of files) {
    const data = record(file.data);
    // A draft is hidden whatever its dates say.
    if (data.draft === true) continue;
    if (file.role === "collection") {
      if (hasWindow(data)) found.push({ file, path: [], what: `${file.kind}/${file.name}`, entry: { kind: file.kind, id: file.name }, window: windowOf(data, zone) });
    } else if (file.role === "page") {
      const route = typeof data.route === "string" ? data.route : undefined;
      if (hasWindow(data)) found.push({ file, path: [], what: `the page ${route ?? file.path}`, route, window: windowOf(data, zone) });
      const sections = Array.isArray(data.sections) ? (data.sections as unknown[]) : [];
      sections.forEach((value, index) => {
        const section = record(value);
        if (!hasWindow(section) || section.draft === true) return;
        const named = typeof section.heading === "string" ? `"${section.heading}"` : `${index + 1}`;
        found.push({ file, path: ["sections", index], what: `the section ${named} of ${route ?? file.path}`, route, window: windowOf(section, zone) });
      });
    }
  }
  return found;
}

const day = 24 * 60 * 60 * 1000;
/** A window that ended this long ago is content to remove. */
export const staleAfter = 30 * day;

/**
 * The checks that read the windows: `publishDate` on or after `expiryDate` is an error; a window that
 * ended more than 30 days before `now` is a warning (content to remove); a page shown now that has an
 * `expiryDate` gets what happens to its address then.
 */
export function checkSchedule(items: readonly Scheduled[], now: number, zone: string | undefined, notFoundRoute: string | undefined): { problems: Problem[]; warnings: Problem[] } {
  const problems: Problem[] = [];
  const warnings: Problem[] = [];
  const at = (item: Scheduled, field: string, message: string, severity?: "warning") => {
    const path = [...item.path, field];
    const problem: Problem = { file: item.file.path, ...locate(item.file, path), field: fieldPath(path), message };
    if (severity) problem.severity = severity;
    (severity ? warnings : problems).push(problem);
  };
  for (const item of items) {
    const { from, until } = item.window;
    if (from !== undefined && until !== undefined && from >= until) {
      at(
        item,
        "expiryDate",
        `${item.what} would be shown from ${formatWhen(from, zone, { year: true })} until ${formatWhen(until, zone, { year: true })}: "Show until" must come after "Show from", or it is never shown. Change one of the two`,
      );
      continue;
    }
    if (until !== undefined && until + staleAfter <= now) {
      at(
        item,
        "expiryDate",
        `${item.what} stopped showing on ${formatWhen(until, zone, { year: true })}, ${Math.floor((now - until) / day)} days ago: remove it from the content if it is not coming back`,
        "warning",
      );
    } else if (item.path.length === 0 && item.route !== undefined && until !== undefined && isOpen(item.window, now)) {
      const after = notFoundRoute ? `visitors then get the page-not-found page (${notFoundRoute})` : "visitors then get a page-not-found answer";
      at(
        item,
        "expiryDate",
        `${item.what} is taken down on ${formatWhen(until, zone, { year: true })}: from then its address answers "not found" and it leaves the sitemap; ${after}. To send them elsewhere instead, add a redirect from ${item.route} in content/redirects.yaml once it is down`,
        "warning",
      );
    }
  }
  return { problems, warnings };
}

/**
 * The span around `now` in which what is shown stays the same (and no warning above comes or goes):
 * the last boundary at or before `now` and the first after it, either open.
 */
export function steadyAround(items: readonly Scheduled[], now: number): { since?: number; until?: number } {
  let since: number | undefined;
  let until: number | undefined;
  for (const { window } of items) {
    for (const at of [window.from, window.until, window.until === undefined ? undefined : window.until + staleAfter]) {
      if (at === undefined) continue;
      if (at <= now) since = since === undefined ? at : Math.max(since, at);
      else until = until === undefined ? at : Math.min(until, at);
    }
  }
  return { since, until };
}

interface Ref {
  kind: string;
  id: string;
}
const isReference = (value: unknown): value is Ref => {
  const keys = value !== null && typeof value === "object" && !Array.isArray(value) ? Object.keys(value) : [];
  return keys.length === 2 && typeof (value as Ref).kind === "string" && typeof (value as Ref).id === "string";
};

/**
 * A value without its references to hidden entries: a list loses them, a single reference is left
 * out. `emptied` is set when a list that named entries names none any more.
 */
function withoutHidden(value: unknown, hidden: Set<string>, state: { emptied: boolean }): unknown {
  if (Array.isArray(value)) {
    const kept = value.filter((item) => !(isReference(item) && hidden.has(`${item.kind}/${item.id}`)));
    if (value.length > 0 && kept.length === 0) state.emptied = true;
    return kept.map((item) => withoutHidden(item, hidden, state));
  }
  if (value === null || typeof value !== "object" || isReference(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    if (isReference(field) && hidden.has(`${field.kind}/${field.id}`)) continue;
    out[key] = withoutHidden(field, hidden, state);
  }
  return out;
}

/** The content as the site shows it at `now`: pages, sections and entries outside their windows left out. */
export function shownAt(content: Content, now: number): Content {
  const zone = (content.settings.site as { timeZone?: string } | undefined)?.timeZone;
  const live = (value: unknown) => isOpen(windowOf(value, zone), now);
  const hidden = new Set<string>();
  const collections: Record<string, { id: string }[]> = {};
  for (const [name, entries] of Object.entries(content.collections)) {
    collections[name] = (entries as { id: string }[]).filter((entry) => live(entry) || (hidden.add(`${name}/${entry.id}`), false));
  }
  if (hidden.size > 0) {
    for (const [name, entries] of Object.entries(collections)) collections[name] = entries.map((entry) => withoutHidden(entry, hidden, { emptied: false }) as { id: string });
  }
  const pages = content.pages
    .filter(({ page }) => live(page))
    .map(({ file, page }) => {
      const sections = page.sections.flatMap((section) => {
        if (!live(section)) return [];
        if (hidden.size === 0) return [section];
        const state = { emptied: false };
        const kept = withoutHidden(section, hidden, state) as typeof section;
        return state.emptied ? [] : [kept];
      });
      return { file, page: { ...page, sections } };
    });
  return { ...content, pages, collections: collections as Content["collections"] };
}
