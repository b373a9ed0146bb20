/**
 * A working copy of the project for a run that must not touch the real one (marketing edits, the
 * photo benchmark, the CMS tests): every file git would see, skipping exactly what .gitignore
 * ignores (build output, caches, the lead store `.data/` with a running server's socket and real
 * leads) and `.git`, with node_modules linked rather than copied. The copy is private (0700): the
 * servers tests run over it (nginx's workers too) run as the user running the tests.
 * In: the destination folder (it may lie inside the repository, in an ignored folder such as .bench/).
 */
import { chmodSync, cpSync, lstatSync, mkdirSync, readdirSync, readFileSync, symlinkSync } from "node:fs";
import { basename, join, relative, sep } from "node:path";
import { gitignore } from "./gitignore.ts";

export const root = join(import.meta.dirname, "..", "..");

export function copyProject(destination: string): string {
  const ignored = gitignore(readFileSync(join(root, ".gitignore"), "utf8"));
  const copied = (source: string) => {
    const path = relative(root, source).split(sep).join("/");
    return basename(source) !== ".git" && !ignored(path, lstatSync(source).isDirectory());
  };
  mkdirSync(destination, { recursive: true, mode: 0o700 });
  chmodSync(destination, 0o700);
  // Entry by entry: the copy may live inside the repository (.bench/), which one recursive copy cannot do.
  for (const entry of readdirSync(root)) {
    const source = join(root, entry);
    if (entry === "node_modules" || !copied(source)) continue;
    cpSync(source, join(destination, entry), { recursive: true, filter: copied });
  }
  symlinkSync(join(root, "node_modules"), join(destination, "node_modules"), "junction");
  return destination;
}
