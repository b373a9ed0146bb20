/**
 * A fresh copy of the project, as a new clone is after `npm ci`: every source file, and a
 * node_modules of its own that holds the installed packages (linked, not copied: installing again
 * would take minutes) and nothing else. No `node_modules/.cache` (no photo versions, per-file cache,
 * run memo, CLI bundle or code cache), no Vite cache (`.vite`), no build output: every command runs
 * as on a machine that never ran it. `without` leaves packages out, for a missing module.
 */
import { mkdirSync, readdirSync, rmSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { copyProject, root } from "../../tools/shared/copy-project.ts";

export function freshProject(destination: string, { without = [] }: { without?: readonly string[] } = {}): string {
  copyProject(destination);
  const modules = join(destination, "node_modules");
  rmSync(modules, { force: true });
  mkdirSync(modules);
  for (const entry of readdirSync(join(root, "node_modules"))) {
    if (entry === ".cache" || entry === ".vite" || without.includes(entry)) continue;
    symlinkSync(join(root, "node_modules", entry), join(modules, entry), "junction");
  }
  return destination;
}
