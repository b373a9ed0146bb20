/**
 * The record of issue 22's everyday tasks done through /admin/: `task(name, run)` runs one, then
 * appends how long it took and the diff of every file it changed to the copy's
 * test-results/cms-tasks.md (a record for people, not a timed test). The seven tasks are tests of
 * tasks.spec.ts, editing.spec.ts and marketer-lists.spec.ts; each is done once a run.
 */
import { spawnSync } from "node:child_process";
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { changes, contentDir, copy, snapshot } from "./helpers.ts";

const record = join(copy, "test-results", "cms-tasks.md");

/** A content file's text, or "" when there is none (yet). */
export function textOf(file: string): string {
  try {
    return readFileSync(join(contentDir, file), "utf8");
  } catch {
    return "";
  }
}

/** Runs a task, then writes down how long it took and the diff of every file it changed. */
export async function task(name: string, run: () => Promise<void>): Promise<void> {
  const before = snapshot();
  const texts = new Map([...before.keys()].filter((f) => !f.startsWith("images/")).map((f) => [f, textOf(f)]));
  const start = performance.now();
  await run();
  const seconds = ((performance.now() - start) / 1000).toFixed(1);
  const changed = changes(before);
  const dir = join(copy, "test-results", "diff");
  mkdirSync(dir, { recursive: true });
  const diffs = [...changed.changed, ...changed.added].map((file) => {
    if (file.startsWith("images/")) return `(picture ${file})`;
    const old = join(dir, "before");
    writeFileSync(old, texts.get(file) ?? "");
    const labels = ["--label", `a/content/${file}`, "--label", `b/content/${file}`];
    return spawnSync("diff", ["-u", ...labels, old, join(contentDir, file)], { encoding: "utf8" }).stdout;
  });
  const entry = `## ${name}: ${seconds} s\n\n\`\`\`diff\n${diffs.join("\n")}\`\`\`\n\n`;
  appendFileSync(record, entry);
  console.log(entry);
}
