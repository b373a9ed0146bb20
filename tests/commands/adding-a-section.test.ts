/**
 * docs/adding-a-section.md, done as a new developer does it: every command in its `sh` blocks run in
 * order on a copy of the project made a Git clone (so the changed files are the scaffold's, as in a
 * developer's clone): the scaffold, then `npm run check` (content, types, lint on the changed files,
 * the tests the change touches), each exiting 0 with no other edit; the check ran the new section's
 * own test, which renders it through the real pipeline; and every file the page names exists once the
 * scaffold ran. The page cannot say "this passes" or "edit that file" and be wrong.
 */
import { spawnSync } from "node:child_process";
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyProject } from "../../tools/shared/copy-project.ts";
import { userEnv } from "../helpers/user-env.ts";

const doc = "docs/adding-a-section.md";
let copy: string;
let text: string;
beforeAll(() => {
  copy = copyProject(mkdtempSync(join(tmpdir(), "adding-a-section-")));
  text = readFileSync(join(copy, doc), "utf8");
  // A clone: every file committed, node_modules (a link here, which .gitignore's folder pattern misses) left out.
  const git = (...args: string[]) => {
    const run = spawnSync("git", args, { cwd: copy, encoding: "utf8" });
    if (run.status !== 0) throw new Error(`git ${args.join(" ")}: ${run.stderr}`);
  };
  git("init", "--quiet");
  appendFileSync(join(copy, ".git", "info", "exclude"), "/node_modules\n");
  git("add", "--all");
  git("-c", "user.name=Test", "-c", "user.email=test@example.com", "commit", "--quiet", "--no-verify", "-m", "clone");
});
afterAll(() => rmSync(copy, { recursive: true, force: true }));

/** The page's shell commands, in order: each line of each ```sh block. */
function commands(markdown: string): string[] {
  return [...markdown.matchAll(/```sh\n([\s\S]*?)```/g)].flatMap((block) =>
    block[1]!
      .split("\n")
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith("#")),
  );
}

describe(`the steps of ${doc}, on a clone of the project`, () => {
  it("scaffold a section, then npm run check passes with no other edit, running the section's own test", () => {
    const steps = commands(text);
    const name = /^npm run new:section -- ([a-z-]+)$/.exec(steps[0] ?? "")?.[1];
    expect(name, steps[0]).toBeDefined();
    expect(steps).toContain("npm run check");
    const outputs: string[] = [];
    for (const step of steps) {
      const run = spawnSync(step, { cwd: copy, shell: true, encoding: "utf8", env: userEnv, timeout: 600_000 });
      expect(run.status, `${step}\n${run.stdout.slice(-4000)}\n${run.stderr.slice(-4000)}`).toBe(0);
      outputs.push(`${run.stdout}\n${run.stderr}`);
    }
    // The check took the scaffold's files as the change, and ran the new section's test among those it touches.
    const check = outputs[steps.indexOf("npm run check")]!;
    expect(check).toMatch(/✔ unit and component tests \(\d+ touched\)\s+passed/);
    expect(check).toContain(`sections/${name}/${name}.test.tsx`);
    expect(check).not.toMatch(/every file/);
  });

  it("names only files that exist (after the scaffold)", () => {
    const name = /npm run new:section -- ([a-z-]+)/.exec(text)![1]!;
    const paths = [...text.matchAll(/`((?:sections|schemas|src|ui|scripts|tests|tools|docs)\/[\w./-]+)`/g)].map(
      (m) => m[1]!,
    );
    expect(paths.length).toBeGreaterThan(5);
    expect(paths).toContain(`sections/${name}/schema.ts`);
    expect(paths.filter((path) => !existsSync(join(copy, path.replace(/\/$/, ""))))).toEqual([]);
  });
});
