/**
 * The content pipeline inside `npm run dev`: builds the content (drafts included) when the server
 * starts and again whenever a file under content/ changes. A valid edit rewrites the generated
 * modules, which Vite hot-updates in the open page; an invalid one shows Vite's error overlay with
 * the file, line, column, field and message, keeps the last good output, and the page recovers by
 * itself once the file is fixed. Builds run one at a time (a new photo takes a moment to encode);
 * edits saved meanwhile are built right after. Nothing here may crash the dev server.
 */
import { watch, type FSWatcher } from "node:fs";
import { resolve } from "node:path";
import type { Plugin, ViteDevServer } from "vite";
import { buildContent } from "./pipeline.ts";
import type { Problem } from "./problem.ts";
import { format } from "./report.ts";

export interface ContentPluginOptions {
  /** The content folder (default: content/). */
  contentDir?: string;
  /** Where the generated modules go (default: src/generated/). */
  outDir?: string;
}

export function contentPlugin(options: ContentPluginOptions = {}): Plugin {
  const contentDir = resolve(options.contentDir ?? "content");
  const outDir = resolve(options.outDir ?? "src/generated");
  let failing = false;
  let timer: NodeJS.Timeout | undefined;
  let watcher: FSWatcher | undefined;

  const showProblems = (server: ViteDevServer, problems: Problem[], text: string) => {
    const first = problems[0];
    const file = first ? resolve(first.file) : contentDir;
    server.ws.send({
      type: "error",
      err: {
        message: `Content problem${problems.length === 1 ? "" : "s"}: fix ${problems.length === 1 ? "it" : "them"} and save; this page updates by itself.\n\n${text}`,
        stack: "",
        plugin: "content",
        id: file,
        ...(first ? { loc: { file, line: first.line, column: first.column } } : {}),
      },
    });
  };

  const rebuild = async (server: ViteDevServer) => {
    const started = performance.now();
    try {
      const result = await buildContent({ contentDir, outDir, drafts: true });
      const text = format({ problems: result.problems, files: result.files, ms: Math.round(performance.now() - started) }, "human");
      if (result.problems.length > 0) {
        failing = true;
        server.config.logger.error(text, { timestamp: true });
        showProblems(server, result.problems, text);
        return;
      }
      const changed = result.written!.written + result.written!.removed > 0;
      server.config.logger.info(`content: ${changed ? `${result.written!.written} file(s) updated` : "unchanged"}`, { timestamp: true });
      // Fixed back to exactly the last good content: nothing changes on disk, so clear the overlay.
      if (failing && !changed) server.ws.send({ type: "full-reload" });
      failing = false;
    } catch (error) {
      failing = true;
      const message = error instanceof Error ? error.message : String(error);
      server.config.logger.error(`content: ${message}`, { timestamp: true });
      server.ws.send({ type: "error", err: { message: `Content pipeline failed: ${message}`, stack: "", plugin: "content" } });
    }
  };

  // One build at a time; edits saved during a build are built once it ends.
  let running: Promise<void> | undefined;
  let again = false;
  const schedule = (server: ViteDevServer): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await rebuild(server);
      } while (again);
    })().finally(() => {
      running = undefined;
    });
    return running;
  };

  return {
    name: "content",
    apply: "serve",
    async configureServer(server) {
      await schedule(server);
      // Node's own recursive watcher on the folder: it reports every write, where a per-file
      // watcher may merge two quick saves of one file into one event and miss the second.
      watcher = watch(contentDir, { recursive: true }, () => {
        // Editors often write a file in several steps: one rebuild per burst of events.
        clearTimeout(timer);
        timer = setTimeout(() => void schedule(server), 25);
      });
    },
    closeBundle() {
      clearTimeout(timer);
      watcher?.close();
    },
  };
}
