import { cpSync, existsSync, readFileSync, rmSync, writeFileSync, mkdirSync, readdirSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { ContentCache, prepareInParallel, runContent } from "../../scripts/content/pipeline.ts";
import { tempDir } from "../helpers/temp-dirs.ts";

export const validFixture = join(import.meta.dirname, "fixtures", "valid");

/** A change to one file of the fixture: new text or bytes, a function of the old text, or null to delete it. */
export type Change = string | Buffer | ((text: string) => string) | null;

/** A fresh copy of the valid fixture with `changes` applied; returns its folder (removed after the test file). */
export function fixture(changes: Record<string, Change> = {}): string {
  const dir = tempDir("content-");
  cpSync(validFixture, dir, { recursive: true });
  return change(dir, changes);
}

/** Applies `changes` to the content folder `dir`; returns it. */
export function change(dir: string, changes: Record<string, Change>): string {
  for (const [rel, change] of Object.entries(changes)) {
    const path = join(dir, rel);
    if (change === null) {
      rmSync(path);
      continue;
    }
    mkdirSync(dirname(path), { recursive: true });
    let old = "";
    try {
      old = readFileSync(path, "utf8");
    } catch {
      old = "";
    }
    const next = typeof change === "function" ? change(old) : change;
    if (typeof change === "function" && next === old) throw new Error(`change to ${rel} changed nothing`);
    writeFileSync(path, next);
  }
  return dir;
}

/** Replaces exactly one occurrence of `from`, so a fixture edit cannot silently miss. */
export function replace(from: string, to: string) {
  return (text: string) => {
    const count = text.split(from).length - 1;
    if (count !== 1) throw new Error(`expected "${from}" exactly once, found it ${count} times`);
    return text.replace(from, to);
  };
}

/** The valid fixture's content files (the per-file cache keeps each of them). */
const validFiles = (readdirSync(validFixture, { recursive: true }) as string[]).filter((rel) => /\.(ya?ml|md)$/.test(rel));

/**
 * One folder holding the valid fixture, each file with its time, for cases run one after another:
 * a case's changes are applied there, and undone after it (each file put back as it was laid, or
 * removed with the folders it made), which costs less than a copy of the whole fixture per case.
 * Each undo is checked: the folder's files are the laid ones again, each with the time it was laid with.
 */
class LaidFixture {
  readonly dir = tempDir("content-");
  private readonly times = new Map<string, number>();
  private readonly folders = new Set<string>();
  private applied: string[] = [];

  constructor() {
    cpSync(validFixture, this.dir, { recursive: true, preserveTimestamps: true });
    for (const [rel, stat] of this.listing()) {
      if (stat.isDirectory()) this.folders.add(rel);
      else this.times.set(rel, stat.mtimeMs);
    }
  }

  private listing() {
    return (readdirSync(this.dir, { recursive: true }) as string[]).map((rel) => [rel, statSync(join(this.dir, rel))] as const);
  }

  /** The folder with `changes` applied; undo() puts it back. */
  apply(changes: Record<string, Change>): string {
    this.applied = Object.keys(changes);
    return change(this.dir, changes);
  }

  undo(): void {
    for (const rel of this.applied) {
      const path = join(this.dir, rel);
      if (this.times.has(rel)) {
        cpSync(join(validFixture, rel), path, { preserveTimestamps: true });
        continue;
      }
      rmSync(path, { force: true });
      for (let folder = dirname(rel); folder !== "." && !this.folders.has(folder); folder = dirname(folder))
        rmSync(join(this.dir, folder), { recursive: true, force: true });
    }
    this.applied = [];
    const files = this.listing().filter(([, stat]) => !stat.isDirectory());
    if (files.length !== this.times.size || files.some(([rel, stat]) => this.times.get(rel) !== stat.mtimeMs)) {
      throw new Error(`the valid fixture in ${this.dir} was not put back as it was laid`);
    }
  }
}

/** The laid fixture of this test file (files share modules, vite.config.ts: one made by an earlier file is gone). */
let laid: LaidFixture | undefined;
function laidFixture(): LaidFixture {
  if (!laid || !existsSync(laid.dir)) laid = new LaidFixture();
  return laid;
}

/** Runs `run`, returning its result and the files it found in a per-file cache. */
function withHits<T>(run: () => T): { result: T; hits: Set<string> } {
  const hits = new Set<string>();
  const get = ContentCache.prototype.get;
  ContentCache.prototype.get = function (this: ContentCache, rel: string, hash: string) {
    const entry = get.call(this, rel, hash);
    if (entry) hits.add(rel);
    return entry;
  };
  try {
    return { result: run(), hits };
  } finally {
    ContentCache.prototype.get = get;
  }
}

/**
 * The per-file cache the valid fixture primes in the laid fixture's folder: primed once per test file
 * (a check of the valid fixture there), its file's text kept and put back before each case: the cache
 * as the priming left it, for the same folder, the same bytes and the same file times (the context's
 * fingerprint, cache.ts, holds the folder and the pictures' times). Checked once here: a run on the
 * folder finds every file in the cache and changes nothing in it, no validated value being made again.
 */
let primed: { dir: string; cache: string; file: string; text: string } | undefined;
function primedCache(): NonNullable<typeof primed> {
  const { dir } = laidFixture();
  if (primed?.dir === dir && existsSync(primed.cache)) return primed;
  const cache = tempDir("content-cache-");
  runContent({ contentDir: dir, cache });
  const file = new ContentCache(dir, cache).file!;
  const text = readFileSync(file, "utf8");
  const again = withHits(() => runContent({ contentDir: dir, cache }));
  if (again.result.problems.length > 0 || again.hits.size !== validFiles.length || readFileSync(file, "utf8") !== text) {
    throw new Error("the cache primed on the valid fixture did not serve it again unchanged in the same folder");
  }
  return (primed = { dir, cache, file, text });
}

/**
 * The problems of the valid fixture with `changes` applied. Checked twice: afresh, and through the
 * per-file cache primed on the valid fixture in the same folder (so the changed files, and whatever
 * refers to them, come from a cache that knew them valid); both must report the same problems, and
 * the second run must have taken every file the changes left alone from that cache.
 */
export function problemsIn(changes: Record<string, Change>) {
  const { cache, file, text } = primedCache();
  const dir = laidFixture().apply(changes);
  try {
    const problems = runContent({ contentDir: dir }).problems;
    writeFileSync(file, text);
    const { result, hits } = withHits(() => runContent({ contentDir: dir, cache }).problems);
    const missed = validFiles.filter((rel) => !(rel in changes) && !hits.has(rel));
    if (missed.length > 0) throw new Error(`through the cache, these files were not taken from it: ${missed.join(", ")}`);
    if (JSON.stringify(result) !== JSON.stringify(problems)) {
      throw new Error(`through the cache, the problems differ:\n${JSON.stringify(result)}\nafresh:\n${JSON.stringify(problems)}`);
    }
    return problems;
  } finally {
    laidFixture().undo();
  }
}

/**
 * The problems the CLI's parallel path reports (workers.ts, every worker's share run on this thread
 * with its job and answer copied, as between threads): the cache filled in two rounds, then the run.
 */
export async function problemsInParallel(changes: Record<string, Change>) {
  const dir = laidFixture().apply(changes);
  try {
    const cache = new ContentCache(dir);
    await prepareInParallel(dir, cache, undefined, { threads: 3, minFiles: 1, now: Date.now() });
    return runContent({ contentDir: dir, cache }).problems;
  } finally {
    laidFixture().undo();
  }
}

/** Every file under `dir` with its bytes and modification time. */
export function snapshotDir(dir: string): Map<string, { bytes: string; mtime: number }> {
  const out = new Map<string, { bytes: string; mtime: number }>();
  for (const rel of readdirSync(dir, { recursive: true }) as string[]) {
    const path = join(dir, rel);
    const stat = statSync(path);
    if (stat.isFile()) out.set(rel, { bytes: readFileSync(path, "base64"), mtime: stat.mtimeMs });
  }
  return out;
}
