import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync, readdirSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { runContent } from "../../scripts/content/pipeline.ts";

export const validFixture = join(import.meta.dirname, "fixtures", "valid");

/** A change to one file of the fixture: new text or bytes, a function of the old text, or null to delete it. */
export type Change = string | Buffer | ((text: string) => string) | null;

/** A fresh copy of the valid fixture with `changes` applied; returns its folder. */
export function fixture(changes: Record<string, Change> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), "content-"));
  cpSync(validFixture, dir, { recursive: true });
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

export function problemsIn(changes: Record<string, Change>) {
  return runContent({ contentDir: fixture(changes) }).problems;
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
