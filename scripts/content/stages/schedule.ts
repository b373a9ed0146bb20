/**
 * Scheduling at build time (Hugo's model): what is shown at the build's clock, and the checks that
 * need the clock. In: the loaded files or the validated content, and `now` (the build's clock, ms:
 * the caller's; scripts/content/clock.ts reads BUILD_TIME). Out: the content the site shows then,
 * the scheduled items with their windows, the problems with windows, and the boundaries around `now`.
 * A page, a section or a collection entry outside its window is left out as a draft is; a reference
 * to an entry outside its window is dropped from the section that lists it (its counts with it), and
 * a section whose list is left empty by that is not shown.
 */
import {
  contentKinds,
  entryAddress,
  formatWhen,
  isEntryReference,
  isOpen,
  isTimeZone,
  linkedRoute,
  pagesKinds,
  windowOf,
  withoutItems,
  type KindTable,
  type Window,
} from "../../../schemas/index.ts";
import { locate } from "../problems/position.ts";
import { fieldPath, type Problem } from "../problems/problem.ts";
import { hiddenKey } from "./drafts.ts";
import type { SourceFile } from "./load.ts";
import type { Content } from "./validate.ts";
import { asRecord } from "./unchecked.ts";

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

const hasWindow = (value: Record<string, unknown>) => "publishDate" in value || "expiryDate" in value;

/** The site's time zone, from the files as written (the schema reports one that is not a zone). */
export function zoneOf(files: readonly Pick<SourceFile, "kind" | "data">[]): string | undefined {
  const zone = asRecord(files.find((file) => file.kind === "site")?.data).timeZone;
  return typeof zone === "string" && isTimeZone(zone) ? zone : undefined;
}

/** Every page, section and entry with a window, read from the files as written. */
export function scheduledIn(files: readonly SourceFile[], zone: string | undefined, kinds: KindTable = contentKinds): Scheduled[] {
  const found: Scheduled[] = [];
  // An entry with a page of its own is a page too: links to it are shown only while it is.
  const addresses = new Map(pagesKinds(kinds).map((kind) => [kind.name, kind.address]));
  for (const file of files) {
    const data = asRecord(file.data);
    // A draft is hidden whatever its dates say.
    if (data.draft === true) continue;
    if (file.role === "collection") {
      const address = addresses.get(file.kind);
      const route = address === undefined ? undefined : entryAddress(address, file.name);
      if (hasWindow(data)) found.push({ file, path: [], what: `${file.kind}/${file.name}`, entry: { kind: file.kind, id: file.name }, route, window: windowOf(data, zone) });
    } else if (file.role === "page") {
      const route = typeof data.route === "string" ? data.route : undefined;
      if (hasWindow(data)) found.push({ file, path: [], what: `the page ${route ?? file.path}`, route, window: windowOf(data, zone) });
      const sections = Array.isArray(data.sections) ? (data.sections as unknown[]) : [];
      sections.forEach((value, index) => {
        const section = asRecord(value);
        if (!hasWindow(section) || section.draft === true) return;
        const named = typeof section.heading === "string" ? `"${section.heading}"` : `${index + 1}`;
        found.push({ file, path: ["sections", index], what: `the section ${named} of ${route ?? file.path}`, route, window: windowOf(section, zone) });
      });
    }
  }
  return found;
}

/** When something not shown at `now` is shown, in words: "shown from Fri Nov 27 2026 00:00 EST", "no longer shown (since …)". */
export function whenShown(window: Window, now: number, zone: string | undefined): string {
  if (window.from !== undefined && now < window.from) return `shown from ${formatWhen(window.from, zone, { year: true })}`;
  return `no longer shown (since ${formatWhen(window.until!, zone, { year: true })})`;
}

/** What is not shown at `now`: pages by route with when they are, and every item's key (drafts.ts `hiddenKey`). */
export function unshownAt(items: readonly Scheduled[], now: number, zone: string | undefined): { routes: Record<string, string>; items: string[] } {
  const unshown = { routes: {} as Record<string, string>, items: [] as string[] };
  for (const item of items) {
    if (isOpen(item.window, now)) continue;
    unshown.items.push(hiddenKey(item.file.path, item.path));
    if (item.path.length === 0 && item.route !== undefined) unshown.routes[item.route] = whenShown(item.window, now, zone);
  }
  return unshown;
}

const day = 24 * 60 * 60 * 1000;
/** A window that ended this long ago is content to remove. */
export const staleAfter = 30 * day;

/**
 * The checks that read the windows: `publishDate` on or after `expiryDate` is an error; a window that
 * ended more than 30 days before `now` is a warning (content to remove); a page shown now that has an
 * `expiryDate` gets what happens to its address then.
 */
export function checkSchedule(
  files: readonly SourceFile[],
  items: readonly Scheduled[],
  now: number,
  zone: string | undefined,
  notFoundRoute: string | undefined,
): { problems: Problem[]; warnings: Problem[] } {
  const problems: Problem[] = [];
  const warnings: Problem[] = [];
  linksToScheduled(files, items, zone, warnings);
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

/** The window in words: "from Fri Nov 27 2026 00:00 EST until Tue Dec 1 2026 00:00 EST". */
function windowWords({ from, until }: Window, zone: string | undefined): string {
  const words = [];
  if (from !== undefined) words.push(`from ${formatWhen(from, zone, { year: true })}`);
  if (until !== undefined) words.push(`until ${formatWhen(until, zone, { year: true })}`);
  return words.join(" ");
}

/**
 * A link written in a field (site.yaml's navigation, a section's buttons) to a page with a window is
 * shown only while that page is: a warning says so, naming the link and the page.
 */
function linksToScheduled(files: readonly SourceFile[], items: readonly Scheduled[], zone: string | undefined, warnings: Problem[]): void {
  const pages = new Map(items.filter((item) => item.path.length === 0 && item.route !== undefined).map((item) => [item.route!, item]));
  if (pages.size === 0) return;
  const visit = (file: SourceFile, value: unknown, path: PropertyKey[]) => {
    if (value === null || typeof value !== "object") return;
    const page = pages.get(linkedRoute(value) ?? "");
    if (page && page.file !== file) {
      const at = [...path, "to"];
      warnings.push({
        file: file.path,
        ...locate(file, at),
        field: fieldPath(at),
        severity: "warning",
        message: `the link "${(value as { label: string }).label}" goes to ${page.what} (${page.file.path}), which is shown only ${windowWords(page.window, zone)}: the link is shown only then too`,
      });
    }
    for (const [key, field] of Object.entries(value)) visit(file, field, [...path, Array.isArray(value) ? Number(key) : key]);
  };
  for (const file of files) if (asRecord(file.data).draft !== true) visit(file, file.data, []);
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

/**
 * The content as the site shows it at `now`: pages, sections and entries outside their windows left
 * out, and with them the references to those entries and the links (site.yaml's navigation, a
 * section's buttons) to those pages.
 */
export function shownAt(content: Content, now: number): Content {
  const zone = (content.settings.site as { timeZone?: string } | undefined)?.timeZone;
  const live = (value: unknown) => isOpen(windowOf(value, zone), now);
  // Entries not shown, as "faq/holiday", and the routes of pages not shown.
  const hidden = { entries: new Set<string>(), routes: new Set<string>() };
  const collections: Record<string, { id: string }[]> = {};
  for (const [name, entries] of Object.entries(content.collections)) {
    collections[name] = (entries as { id: string }[]).filter((entry) => live(entry) || (hidden.entries.add(`${name}/${entry.id}`), false));
  }
  for (const { page } of content.pages) if (!live(page)) hidden.routes.add(page.route);
  const anything = hidden.entries.size + hidden.routes.size > 0;
  // A reference to a hidden entry, a link to a hidden page: a list loses it, a single one is left out.
  const gone = (item: unknown) => (isEntryReference(item) && hidden.entries.has(`${item.kind}/${item.id}`)) || hidden.routes.has(linkedRoute(item) ?? "");
  const withoutHidden = (value: unknown, state: { emptied: boolean }) => withoutItems(value, gone, state);
  let settings = content.settings;
  if (anything) {
    for (const [name, entries] of Object.entries(collections)) collections[name] = entries.map((entry) => withoutHidden(entry, { emptied: false }) as { id: string });
    if (settings.site) settings = { ...settings, site: withoutHidden(settings.site, { emptied: false }) as typeof settings.site };
  }
  const pages = content.pages
    .filter(({ page }) => live(page))
    .map(({ file, page }) => {
      const sections = page.sections.flatMap((section) => {
        if (!live(section)) return [];
        if (!anything) return [section];
        const state = { emptied: false };
        const kept = withoutHidden(section, state) as typeof section;
        return state.emptied ? [] : [kept];
      });
      return { file, page: { ...page, sections } };
    });
  return { ...content, settings, pages, collections: collections as Content["collections"] };
}
