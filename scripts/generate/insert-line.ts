/**
 * One line added to a source file, after the last line matching `after` (or before the first matching
 * `before`): how the scaffolds (`npm run new:section`, `npm run new:kind`) add a name to a list the
 * type checker holds together. Throws, naming the file, when no line matches: the list was rewritten.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export function insertLine(root: string, file: string, line: string, where: { after?: RegExp; before?: RegExp }): void {
  const path = join(root, file);
  const lines = readFileSync(path, "utf8").split("\n");
  let index = -1;
  if (where.after) lines.forEach((l, i) => where.after!.test(l) && (index = i + 1));
  else index = lines.findIndex((l) => where.before!.test(l));
  if (index < 0) throw new Error(`could not find where to add "${line}" in ${file}`);
  lines.splice(index, 0, line);
  writeFileSync(path, lines.join("\n"));
}
