/**
 * docs/adding-a-content-kind.md and docs/adding-a-section.md, done as a new developer does them, on one
 * copy of the project made a Git clone (so the changed files are the scaffolds', as in a developer's
 * clone): every command of their `sh` blocks but `npm run check`, in order (the kind's page first: a
 * collection, and a section to show it; then a section of its own), then `npm run check` once (content,
 * types, lint on the changed files, the tests the change touches), each exiting 0 with no other edit.
 * Each page ends on `npm run check`, and the one run stands for both: the scaffolds touch different
 * files, so what passes after all of them passes after either page's. The check ran each scaffold's own
 * test (the kind's, through the real pipeline; each section's, rendering it); and every file either
 * page names exists once the scaffolds ran. A page cannot say "this passes" or "edit that file" and be
 * wrong. One clone and one check for both pages: a check costs about a minute of a busy machine.
 */
import { spawnSync } from "node:child_process";
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyProject } from "../../tools/shared/copy-project.ts";
import { userEnv } from "../helpers/user-env.ts";

const kindDoc = "docs/adding-a-content-kind.md";
const sectionDoc = "docs/adding-a-section.md";
let copy: string;
let kindText: string;
let sectionText: string;
beforeAll(() => {
  copy = copyProject(mkdtempSync(join(tmpdir(), "adding-a-section-")));
  kindText = readFileSync(join(copy, kindDoc), "utf8");
  sectionText = readFileSync(join(copy, sectionDoc), "utf8");
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

/** The files a page names in code spans, in the project's folders. */
function namedPaths(markdown: string): string[] {
  return [...markdown.matchAll(/`((?:sections|schemas|src|ui|scripts|tests|tools|docs)\/[\w./-]+)`/g)].map(
    (m) => m[1]!,
  );
}

describe(`the steps of ${kindDoc} and ${sectionDoc}, on one clone of the project`, () => {
  it("scaffold a collection and sections, then npm run check passes with no other edit, running each one's test", () => {
    const kindSteps = commands(kindText);
    const sectionSteps = commands(sectionText);
    const kind = /^npm run new:kind -- ([a-z-]+) "[a-z ]+"$/.exec(kindSteps[0] ?? "")?.[1];
    expect(kind, kindSteps[0]).toBeDefined();
    const sections = [...kindSteps, ...sectionSteps].flatMap(
      (step) => /^npm run new:section -- ([a-z-]+)$/.exec(step)?.[1] ?? [],
    );
    expect(sections.length, sectionSteps[0]).toBeGreaterThanOrEqual(2);
    expect(kindSteps.at(-1)).toBe("npm run check");
    expect(sectionSteps.at(-1)).toBe("npm run check");
    const steps = [...kindSteps, ...sectionSteps].filter((step) => step !== "npm run check");
    let check = "";
    for (const step of [...steps, "npm run check"]) {
      const run = spawnSync(step, { cwd: copy, shell: true, encoding: "utf8", env: userEnv, timeout: 600_000 });
      expect(run.status, `${step}\n${run.stdout.slice(-4000)}\n${run.stderr.slice(-4000)}`).toBe(0);
      check = `${run.stdout}\n${run.stderr}`;
    }
    // The check took the scaffolds' files as the change, and ran each scaffold's test among those it touches.
    expect(check).toMatch(/✔ unit and component tests \(\d+ touched\)\s+passed/);
    expect(check).toContain(`tests/content/kinds/${kind}.test.ts`);
    for (const name of sections) expect(check).toContain(`sections/${name}/${name}.test.tsx`);
    expect(check).not.toMatch(/every file/);
  });

  it("names only files that exist (after the scaffolds)", () => {
    const kind = /npm run new:kind -- ([a-z-]+)/.exec(kindText)![1]!;
    const section = /npm run new:section -- ([a-z-]+)/.exec(sectionText)![1]!;
    const paths = [...namedPaths(kindText), ...namedPaths(sectionText)];
    expect(paths.length).toBeGreaterThan(10);
    expect(paths).toContain(`tests/content/kinds/${kind}.test.ts`);
    expect(paths).toContain(`sections/${section}/schema.ts`);
    expect(paths.filter((path) => !existsSync(join(copy, path.replace(/\/$/, ""))))).toEqual([]);
  });
});
