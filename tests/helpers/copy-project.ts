/**
 * A working copy of the project for a run that must not touch the real one (marketing edits, the
 * photo benchmark, the CMS tests): every source file, no build output or caches, and node_modules
 * linked rather than copied. In: the destination folder (it may lie inside the repository).
 */
import { chmodSync, cpSync, mkdirSync, readdirSync, symlinkSync } from "node:fs";
import { join, relative } from "node:path";

export const root = join(import.meta.dirname, "..", "..");

const skip = [
  "node_modules",
  ".git",
  "dist",
  ".sites",
  ".ssr",
  ".bench",
  ".size-floor",
  "test-results",
  "playwright-report",
  "src/generated",
];

export function copyProject(destination: string): string {
  mkdirSync(destination, { recursive: true });
  // A temporary folder is private (0700); a web server's workers (nginx runs as www-data) must read it.
  chmodSync(destination, 0o755);
  // Entry by entry: the copy may live inside the repository (.bench/), which one recursive copy cannot do.
  for (const entry of readdirSync(root)) {
    if (skip.includes(entry)) continue;
    cpSync(join(root, entry), join(destination, entry), {
      recursive: true,
      filter: (src) => {
        const rel = relative(root, src).split("\\").join("/");
        return !skip.some((s) => rel === s || rel.startsWith(`${s}/`));
      },
    });
  }
  symlinkSync(join(root, "node_modules"), join(destination, "node_modules"), "junction");
  return destination;
}
