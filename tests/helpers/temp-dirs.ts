/**
 * Temporary folders the tests make (fixture copies, caches, outputs), each under the system's
 * temporary folder and removed once the test file that made it has run: tests/helpers/remove-temp-dirs.ts,
 * a setup file of the Vitest projects, removes them after each file. Without it, every run of the
 * suite left thousands of copies of the content fixture behind.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const made = new Set<string>();

/** A new empty folder whose name starts with `prefix`, removed after the test file has run. */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.add(dir);
  return dir;
}

/** Removes every folder tempDir() made so far. */
export function removeTempDirs(): void {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
  made.clear();
}
