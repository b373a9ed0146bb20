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

/** Lays the valid fixture in `dir` afresh, each file with its time (so every laying is the same to the cache). */
function layValid(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
  cpSync(validFixture, dir, { recursive: true, preserveTimestamps: true });
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
 * The folder problemsIn() checks its cases in, and the per-file cache the valid fixture primed there:
 * primed once per test file (a check of the valid fixture in that folder), its file's text kept.
 * A case lays the valid fixture there again and puts that text back: the cache as the priming left
 * it, for the same folder, the same bytes and the same file times (the context's fingerprint, cache.ts,
 * holds the folder and the pictures' times). Checked once here: a run on the laid folder finds every
 * file in the cache and changes nothing in it, no validated value being made again.
 */
let primed: { dir: string; cache: string; file: string; text: string } | undefined;
function primedCache(): NonNullable<typeof primed> {
  // Made by an earlier test file in this process (files share modules, vite.config.ts) and removed after it.
  if (primed && existsSync(primed.cache)) return primed;
  const dir = tempDir("content-");
  const cache = tempDir("content-cache-");
  layValid(dir);
  runContent({ contentDir: dir, cache });
  const file = new ContentCache(dir, cache).file!;
  const text = readFileSync(file, "utf8");
  layValid(dir);
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
  const { dir, cache, file, text } = primedCache();
  layValid(dir);
  change(dir, changes);
  const problems = runContent({ contentDir: dir }).problems;
  writeFileSync(file, text);
  const { result, hits } = withHits(() => runContent({ contentDir: dir, cache }).problems);
  const missed = validFiles.filter((rel) => !(rel in changes) && !hits.has(rel));
  if (missed.length > 0) throw new Error(`through the cache, these files were not taken from it: ${missed.join(", ")}`);
  if (JSON.stringify(result) !== JSON.stringify(problems)) {
    throw new Error(`through the cache, the problems differ:\n${JSON.stringify(result)}\nafresh:\n${JSON.stringify(problems)}`);
  }
  return problems;
}

/**
 * The problems the CLI's parallel path reports (workers.ts, every worker's share run on this thread
 * with its job and answer copied, as between threads): the cache filled in two rounds, then the run.
 */
export async function problemsInParallel(changes: Record<string, Change>) {
  const dir = fixture(changes);
  const cache = new ContentCache(dir);
  await prepareInParallel(dir, cache, undefined, { threads: 3, minFiles: 1, now: Date.now() });
  return runContent({ contentDir: dir, cache }).problems;
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
