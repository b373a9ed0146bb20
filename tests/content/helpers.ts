import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync, readdirSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
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

/**
 * The problems of the valid fixture with `changes` applied. Checked twice: afresh, and through the
 * per-file cache primed on the valid fixture in the same folder (so the changed files, and whatever
 * refers to them, come from a cache that knew them valid); both must report the same problems.
 */
export function problemsIn(changes: Record<string, Change>) {
  const fresh = fixture(changes);
  const problems = runContent({ contentDir: fresh }).problems;
  const dir = fixture();
  const cache = mkdtempSync(join(tmpdir(), "content-cache-"));
  runContent({ contentDir: dir, cache });
  const cached = runContent({ contentDir: change(dir, changes), cache }).problems;
  rmSync(cache, { recursive: true, force: true });
  const same = (list: typeof problems, folder: string) => JSON.stringify(list).replaceAll(basename(folder), "<dir>");
  if (same(cached, dir) !== same(problems, fresh)) {
    throw new Error(`through the cache, the problems differ:\n${same(cached, dir)}\nafresh:\n${same(problems, fresh)}`);
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
