/**
 * The per-file cache of the content pipeline, kept across runs (node_modules/.cache/content/) and,
 * in the dev server, in memory between saves.
 * In: a content file's path and bytes. Out: what an earlier run learned from the same bytes: the
 * YAML as data (without re-parsing it), whether its context-free checks (folded blocks, curly quotes)
 * passed, and, for the content context it was validated in, its validated value (Markdown already
 * compiled) and the pictures it showed (replayed, so the image stage makes them).
 * Steps: the whole cache is one JSON file per content folder, stamped with a version of the schemas
 * and pipeline code; a file that does not parse, has another version or another shape is ignored.
 * Entries are keyed by the file's path (its id, collection and kind come from it) and a hash of its
 * bytes; a validated value also by a fingerprint of the context, so a change to any id, route, anchor,
 * draft, redirect, site setting or picture validates every file again: a cache never hides a
 * dangling reference. Only files without problems are cached; a file with a problem is parsed with
 * positions every run, so its messages keep their line and column.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { hashOf, jsonSafe, type CachedFile, type FileCache } from "../stages/files.ts";
import { sourceHash } from "./source-hash.mjs";

export { hashOf, jsonSafe, type CachedFile };


interface Stored {
  version: string;
  entries: Record<string, CachedFile>;
}

let version: string | undefined;
/** The schemas' and pipeline's code version: set by the launcher, or hashed from the sources. */
export function codeVersion(): string {
  version ??= process.env.CONTENT_CODE_VERSION || sourceHash();
  return version;
}

export const defaultContentCacheDir = join(import.meta.dirname, "..", "..", "..", "node_modules", ".cache", "content");



/**
 * The dev server writes its cache this long after the last save: at 4,000 files it is 7 MB of JSON,
 * whose writing took the processor from the next save's rebuild when it came a second after each one.
 */
const laterMs = 5000;

export class ContentCache implements FileCache {
  private entries: Record<string, CachedFile> = {};
  private seen = new Set<string>();
  private dirty = false;
  readonly file?: string;

  private timer: NodeJS.Timeout | undefined;

  /**
   * `dir` absent: in memory only. `contentDir` names the folder whose files are kept. `later`: the
   * file is written `laterMs` after the last save() (the dev server: a save's rebuild does not wait).
   */
  constructor(
    contentDir: string,
    dir?: string,
    private readonly later = false,
  ) {
    if (dir) this.file = join(dir, `${hashOf(resolve(contentDir))}.json`);
    this.read();
  }

  private read(): void {
    if (!this.file) return;
    try {
      const stored = JSON.parse(readFileSync(this.file, "utf8")) as Partial<Stored> | null;
      if (stored?.version !== codeVersion() || stored.entries === null || typeof stored.entries !== "object") return;
      for (const [rel, entry] of Object.entries(stored.entries)) {
        if (entry && typeof entry.hash === "string" && typeof entry.yamlOffset === "number" && typeof entry.yamlEnd === "number") {
          this.entries[rel] = entry;
        }
      }
    } catch {
      // No cache yet, or one that cannot be read: everything is parsed and validated afresh.
    }
  }

  /** What is known of these bytes at this path, if anything. */
  get(rel: string, hash: string): CachedFile | undefined {
    this.seen.add(rel);
    const entry = this.entries[rel];
    return entry?.hash === hash ? entry : undefined;
  }

  set(rel: string, entry: CachedFile): void {
    this.seen.add(rel);
    this.entries[rel] = entry;
    this.dirty = true;
  }

  /** Marks an entry changed in place (its checks or validated value). */
  touch(): void {
    this.dirty = true;
  }

  /** Forgets files not seen in this run (deleted, renamed, or now with a problem) and writes the cache. */
  save(): void {
    for (const rel of Object.keys(this.entries)) {
      if (!this.seen.has(rel)) {
        delete this.entries[rel];
        this.dirty = true;
      }
    }
    this.seen.clear();
    if (!this.file || !this.dirty) return;
    if (this.later) {
      clearTimeout(this.timer);
      this.timer = setTimeout(() => this.write(), laterMs);
      this.timer.unref();
      return;
    }
    this.write();
  }

  private write(): void {
    if (!this.file) return;
    this.dirty = false;
    try {
      mkdirSync(join(this.file, ".."), { recursive: true });
      const temporary = `${this.file}.${process.pid}.tmp`;
      writeFileSync(temporary, JSON.stringify({ version: codeVersion(), entries: this.entries } satisfies Stored));
      renameSync(temporary, this.file);
    } catch {
      // A cache that cannot be written costs time next run, nothing else.
    }
  }
}
