/**
 * docs/adding-a-section.md, done as a new developer does it: every command in its `sh` blocks run in
 * order on a copy of the project (the scaffold, then the type check, lint, every unit and component
 * test and the build), each exiting 0 with no other edit; and every file the page names exists once
 * the scaffold ran. The page cannot say "this passes" or "edit that file" and be wrong.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyProject } from "../helpers/copy-project.ts";
import { userEnv } from "../helpers/user-env.ts";

const doc = "docs/adding-a-section.md";
let copy: string;
let text: string;
beforeAll(() => {
  copy = copyProject(mkdtempSync(join(tmpdir(), "adding-a-section-")));
  text = readFileSync(join(copy, doc), "utf8");
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

describe(`the steps of ${doc}, on a copy of the project`, () => {
  it("scaffold a section, then the type check, lint, the unit tests and the build all pass with no other edit", () => {
    const steps = commands(text);
    expect(steps[0]).toMatch(/^npm run new:section -- [a-z-]+$/);
    expect(steps).toEqual(
      expect.arrayContaining(["npm run typecheck", "npm run lint", "npm run test:unit", "npm run build"]),
    );
    for (const step of steps) {
      const run = spawnSync(step, { cwd: copy, shell: true, encoding: "utf8", env: userEnv, timeout: 900_000 });
      expect(run.status, `${step}\n${run.stdout.slice(-4000)}\n${run.stderr.slice(-4000)}`).toBe(0);
    }
    // Four of npm test's own steps, one after another: minutes on a quiet machine, many on a busy one.
  }, 1_800_000);

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
