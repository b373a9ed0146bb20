/**
 * The content pipeline inside `npm run dev`: builds the content (drafts included) when the server
 * starts and again whenever something under content/ changes. A valid edit rewrites the generated
 * modules, which Vite hot-updates in the open page; an invalid one keeps the last good output and
 * shows the problems in the page (problems-panel.ts), which clears by itself once they are fixed.
 * Builds run one at a time (a new photo takes a moment to encode); edits saved meanwhile are built
 * right after. Nothing here may crash the dev server.
 */
import { readFileSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";
import { normalizePath, type Plugin, type ViteDevServer } from "vite";
import { ContentCache, defaultContentCacheDir } from "../speed/cache.ts";
import { watchContent } from "./content-watcher.ts";
import { pageFileName } from "../stages/emit.ts";
import { buildContent } from "../pipeline.ts";
import type { Problem } from "../problems/problem.ts";
import { helloEvent, problemsEvent, type PanelProblem } from "./problems-protocol.ts";
import { format } from "../problems/report.ts";
import { read, type ReadFile } from "../speed/run-memo.ts";

export interface ContentPluginOptions {
  /** The content folder (default: content/). */
  contentDir?: string;
  /** Where the generated modules go (default: src/generated/). */
  outDir?: string;
}

// Vite serves "/@id/<id>" as the module that resolves from <id>: here, the panel's own file. The
// plugin loads the panel's files itself, so they are served even when Vite's root (and with it the
// folders Vite may serve from) lies elsewhere.
const panelId = "virtual:content-problems";
const panelFile = resolve(import.meta.dirname, "problems-panel.ts");
const panelFiles = [panelFile, resolve(import.meta.dirname, "problems-protocol.ts")];

/**
 * The event that tells the open pages which generated modules a save rewrote; src/content/live.ts
 * (which may not import from scripts/) spells the same name and payload.
 */
const updateEvent = "content:update";

export interface ContentUpdate {
  /** Re-import the modules with `?t=<timestamp>`: the browser's copy of the old ones stays as it was. */
  timestamp: number;
  /** The modules rewritten, relative to the generated folder ("site.json", "pages/index.json", ...). */
  modules: string[];
  /** Route → module of each page among them. */
  pages: Record<string, string>;
  /** The list of pages changed (a page added, removed or given another route): index.js is new. */
  structural: boolean;
}

/** One rebuild per burst of events (an editor's save is often several writes within a few ms). */
const settleMs = 10;
/**
 * A watcher may report two writes to a file close together as one (chokidar dropped a second change
 * within 50 ms; inotify merges events): this long after a rebuild, the files it read again are read
 * once more, and a difference (a write whose event was lost) rebuilds.
 */
const verifyMs = 80;

// eslint-disable-next-line max-lines-per-function -- a Vite plugin's hooks share one dev server's state (the cache, the timers, the problems shown); split it as a class of its own, not by cutting the closure
export function contentPlugin(options: ContentPluginOptions = {}): Plugin {
  const contentDir = resolve(options.contentDir ?? "content");
  const outDir = resolve(options.outDir ?? "src/generated");
  const publicDir = join(outDir, "public");
  let problems: PanelProblem[] = [];
  let timer: NodeJS.Timeout | undefined;
  // Kept between saves: a save parses and validates the files it changed (and, when it changes what
  // other files may refer to, validates the others again from their cached data).
  const cache = new ContentCache(contentDir, defaultContentCacheDir, true);
  // What the last build wrote: a save rewrites only the modules whose bytes changed, without reading
  // the others back.
  const written = new Map<string, Buffer>();
  // The content files as last read, with their hashes: a save reads again only what the watcher
  // reported (load() reads and adds what is missing).
  const sources = new Map<string, ReadFile>();
  // Files read again since the last verification, and its timer.
  const reread = new Set<string>();
  let verifyTimer: NodeJS.Timeout | undefined;
  let watcher: { close: () => void } | undefined;

  // Sent as a custom event, never as Vite's "error": Vite keeps the last error sent while no page is
  // open and replays it to the next page that opens, even after it has been fixed.
  const publish = (server: ViteDevServer, next: Problem[]) => {
    if (next.length === 0 && problems.length === 0) return;
    problems = next.map((p) => {
      const file = resolve(p.file);
      return { ...p, open: `${file}:${p.line}:${p.column}` };
    });
    server.ws.send(problemsEvent, problems);
  };

  // One build at a time; a save during a build asks for one more when it ends.
  let building: Promise<void> | undefined;
  let again = false;
  const rebuild = (server: ViteDevServer): Promise<void> => {
    if (building) {
      again = true;
      return building;
    }
    building = build(server).finally(() => {
      building = undefined;
      if (again) {
        again = false;
        void rebuild(server);
      }
    });
    return building;
  };

  /**
   * After a build that rewrote modules: Vite forgets what it made of them (its watcher is kept out of
   * the generated folder), and the open pages are told which ones changed; each re-imports those it
   * shows and renders again in place (src/content/live.ts). Vite's own hot update would have gone
   * through index.js (one import per page: thousands at scale) and reloaded every page that does not
   * accept it, /admin/ included.
   */
  const notify = (server: ViteDevServer, changed: string[], routes: readonly string[]) => {
    const modules = changed.filter((rel) => rel.endsWith(".json") || rel.endsWith(".js"));
    if (modules.length === 0) return;
    const timestamp = Date.now();
    const files = modules.map((rel) => normalizePath(join(outDir, rel)));
    for (const environment of Object.values(server.environments)) {
      const graph = environment.moduleGraph;
      // As Vite does for a file its own watcher saw change: first changed on disk, so that a request
      // that read the old bytes and is still being transformed is not kept as the module (Vite keeps
      // a transform only if it began after the module's last such invalidation; a hot update's alone
      // does not count, and the stale module was then served until the next save); then hot-updated,
      // so that the importers' URLs carry the new time.
      for (const file of files) graph.onFileChange(file);
      const seen = new Set<Parameters<typeof graph.invalidateModule>[0]>();
      for (const file of files) {
        for (const module of graph.getModulesByFile(file) ?? []) graph.invalidateModule(module, seen, timestamp, true);
      }
    }
    const changedPages = new Set(modules.filter((rel) => rel.startsWith("pages/")));
    const pages: Record<string, string> = {};
    if (changedPages.size > 0) {
      for (const route of routes) {
        const file = `pages/${pageFileName(route)}.json`;
        if (changedPages.has(file)) pages[route] = file;
      }
    }
    const update: ContentUpdate = { timestamp, modules, pages, structural: modules.includes("index.js") };
    server.ws.send(updateEvent, update);
  };

  const build = async (server: ViteDevServer) => {
    const { logger } = server.config;
    const started = performance.now();
    try {
      const result = await buildContent({ contentDir, outDir, drafts: true, cache, written, sources });
      if (result.problems.length > 0) {
        const ms = Math.round(performance.now() - started);
        logger.error(format({ problems: result.problems, files: result.files, ms }, "human"), { timestamp: true });
      } else {
        const { written, removed, changed } = result.written!;
        notify(server, changed, [...result.content!.pages.map((p) => p.page.route), ...(result.content!.made ?? []).map((page) => page.route)]);
        const ms = Math.round(performance.now() - started);
        logger.info(`content: ${written + removed > 0 ? `${written} file(s) updated` : "unchanged"} in ${ms} ms`, { timestamp: true });
      }
      publish(server, result.problems);
    } catch (error) {
      // A file that vanished mid-read (an editor's temporary file) and the like: the next event retries.
      const message = error instanceof Error ? error.message : String(error);
      logger.error(`content: ${message}`, { timestamp: true });
      const file = relative(process.cwd(), contentDir).split(sep).join("/") || ".";
      publish(server, [{ file, line: 1, column: 1, field: "", message: `the content could not be read (${message}): save again` }]);
    }
  };

  return {
    name: "content",
    apply: "serve",
    // The content folder is watched here (content-watcher.ts), not by Vite's watcher, which would
    // list a folder again after each save in it (thousands of files in pages/, each stat'ed); so are
    // the generated modules, which this plugin writes and tells the pages about (notify). Their
    // pictures (public/) stay in Vite's sight: it serves only the public files it has seen.
    config: () => ({
      server: {
        watch: {
          ignored: [
            (path: string) => resolve(path) === contentDir || resolve(path).startsWith(contentDir + sep),
            (path: string) => {
              const file = resolve(path);
              return file.startsWith(outDir + sep) && file !== publicDir && !file.startsWith(publicDir + sep);
            },
          ],
        },
      },
    }),
    async configureServer(server) {
      // The first build before the server answers, so the first page finds the content.
      await rebuild(server);
      server.ws.on(helloEvent, (_data, client) => client.send(problemsEvent, problems));
      // With `server.watch: null` (as under Vitest) Vite watches nothing, and neither does this:
      // the content is built once, here.
      const inContent = (path: string) => path === contentDir || path.startsWith(contentDir + sep);
      const schedule = () => {
        clearTimeout(timer);
        timer = setTimeout(() => void rebuild(server).then(verifyLater), settleMs);
      };
      // The files read again by the last rebuilds, read once more: what changed without an event rebuilds.
      const verifyLater = () => {
        clearTimeout(verifyTimer);
        verifyTimer = setTimeout(() => {
          let stale = false;
          for (const rel of reread) {
            const known = sources.get(rel);
            let now: ReadFile | undefined;
            try {
              now = read(join(contentDir, rel));
            } catch {
              now = undefined;
            }
            if (known?.hash !== now?.hash) {
              sources.delete(rel);
              stale = true;
            }
          }
          reread.clear();
          if (stale) schedule();
        }, verifyMs);
      };
      const changed = (path: string) => {
        const file = resolve(path);
        if (!inContent(file)) return;
        const rel = relative(contentDir, file).split(sep).join("/");
        sources.delete(rel);
        reread.add(rel);
        schedule();
      };
      const folderChanged = (path: string) => {
        if (!inContent(resolve(path))) return;
        // A folder moved in or out: read everything again.
        sources.clear();
        schedule();
      };
      if (server.config.server.watch !== null) watcher = watchContent(contentDir, { file: changed, folder: folderChanged });
    },
    resolveId(id) {
      return id === panelId ? panelFile : undefined;
    },
    load(id) {
      return panelFiles.includes(id) ? readFileSync(id, "utf8") : undefined;
    },
    transformIndexHtml() {
      return [{ tag: "script", attrs: { type: "module", src: `/@id/${panelId}` }, injectTo: "head" }];
    },
    closeBundle() {
      watcher?.close();
      watcher = undefined;
      clearTimeout(timer);
      clearTimeout(verifyTimer);
    },
  };
}
