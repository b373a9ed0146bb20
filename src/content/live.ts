/**
 * `npm run dev` only: a saved content edit reaches the open page in place. The content plugin
 * (scripts/content/dev/vite-plugin.ts) rewrites the generated modules, keeps Vite's watcher out of them,
 * and sends `content:update` naming the modules it rewrote; this re-imports the ones the page uses
 * (the site settings, collections, forms, the pages it has loaded), each by a new URL, and hands the
 * new content over to be rendered again. What the page shows is still what the modules hold, so the
 * same as `npm run build` publishes. When the list of pages changed, index.js is imported again.
 * (decision 0019)
 */
import type { Collections, EntryCards, Form, PageData, PageWindow, Site } from "../../schemas";

/** The content plugin's event (the same name there: src/ may not import scripts/). */
export const updateEvent = "content:update";

/** What the event carries (ContentUpdate in scripts/content/dev/vite-plugin.ts). */
export interface ContentUpdate {
  timestamp: number;
  modules: string[];
  pages: Record<string, string>;
  structural: boolean;
}

/** The generated entry point's exports (src/generated/index.js). */
export interface GeneratedContent {
  site: Site;
  collections: Collections;
  forms: Record<string, Form>;
  entries: EntryCards;
  routes: readonly string[];
  pageWindows: Readonly<Record<string, PageWindow>>;
  loadPage(route: string): Promise<PageData>;
}

export interface NextContent {
  generated: GeneratedContent;
  /** The pages asked for (`loaded`) whose modules changed, as they are now. */
  pages: Map<string, PageData>;
  structural: boolean;
}

// The generated folder as the dev server serves it (this file is src/content/live.ts). Through a
// variable: Vite would resolve a literal `new URL("../generated/", import.meta.url)` to its index.js.
// Worked out when needed, so that nothing of this file stays in the production bundle.
const generatedFolder = "../generated/";
const base = () => new URL(generatedFolder, import.meta.url).pathname;

/** A module as it is now: a new URL, so neither the browser's nor Vite's copy of the old one answers. */
async function fresh<T>(file: string, timestamp: number): Promise<T> {
  // JSON is served as a module only to an import (`?import`, as Vite's own hot update asks).
  const query = file.endsWith(".json") ? `?import&t=${timestamp}` : `?t=${timestamp}`;
  return ((await import(/* @vite-ignore */ `${base()}${file}${query}`)) as { default: T }).default;
}

/** The content after `update`, re-importing only what changed; `loaded` says which pages are wanted. */
export async function nextContent(
  current: GeneratedContent,
  update: ContentUpdate,
  loaded: (route: string) => boolean,
): Promise<NextContent> {
  const { timestamp, modules, structural } = update;
  const changed = new Set(modules);
  const pageUpdates = Object.entries(update.pages).filter(([route]) => loaded(route));
  const [entry, site, collections, forms, entries, pages] = await Promise.all([
    structural
      ? (import(/* @vite-ignore */ `${base()}index.js?t=${timestamp}`) as Promise<GeneratedContent>)
      : Promise.resolve(current),
    changed.has("site.json") ? fresh<Site>("site.json", timestamp) : current.site,
    changed.has("collections.json") ? fresh<Collections>("collections.json", timestamp) : current.collections,
    changed.has("forms.json") ? fresh<Record<string, Form>>("forms.json", timestamp) : current.forms,
    changed.has("entries.json") ? fresh<EntryCards>("entries.json", timestamp) : current.entries,
    Promise.all(pageUpdates.map(async ([route, file]) => [route, await fresh<PageData>(file, timestamp)] as const)),
  ]);
  const generated: GeneratedContent = {
    site,
    collections,
    forms,
    entries,
    routes: entry.routes,
    pageWindows: entry.pageWindows,
    loadPage: entry.loadPage,
  };
  return { generated, pages: new Map(pages), structural };
}

/**
 * Follows the content plugin's updates, one at a time in the order sent: `apply` gets each next
 * content (and may take its time; the next update waits for it).
 */
export function followContent(
  hot: NonNullable<ImportMeta["hot"]>,
  initial: GeneratedContent,
  loaded: (route: string) => boolean,
  apply: (next: NextContent) => void | Promise<void>,
): void {
  let current = initial;
  let queue = Promise.resolve();
  hot.on(updateEvent, (update: ContentUpdate) => {
    queue = queue.then(async () => {
      try {
        const next = await nextContent(current, update, loaded);
        current = next.generated;
        await apply(next);
      } catch (error) {
        // A module that failed to load (the server restarted, say): the next save tries again.
        console.error("content update failed:", error);
      }
    });
  });
}
