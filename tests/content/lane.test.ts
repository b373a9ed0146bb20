/**
 * The fast lane for content (`npm run test:content`, tools/run/test-all.ts --part=content) and CI's choice of lane
 * (tools/ci/lane.mjs): only a change confined to content/ takes the lane, anything else (or doubt)
 * runs everything; the lane runs every step of the full suite that can see content; on broken
 * content it fails at the content check with exactly the problems `npm test`'s first step reports
 * (run for real, in a copy of the project). `npm run test:edits` runs every step of `npm test`, the
 * lane's among them, on the marketing edits: that is the proof on valid edits.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, cpSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changedPaths, laneFor } from "../../tools/ci/lane.mjs";
import { contentSteps, stepsOf, testSteps } from "../../tools/run/steps.ts";
import { contentTests } from "../../vite.config.ts";
import { copyProject } from "../../tools/shared/copy-project.ts";
import { change, replace, validFixture, type Change } from "./helpers.ts";

const root = join(import.meta.dirname, "..", "..");
const scripts = (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts;
const read = (path: string) => readFileSync(join(root, path), "utf8");

describe("CI's choice of lane", () => {
  it("takes the fast lane only for a pull request confined to content/", () => {
    expect(laneFor("pull_request", ["content/pages/home.yaml"]).lane).toBe("content");
    expect(laneFor("pull_request", ["content/pages/home.yaml", "content/images/a.jpg"]).lane).toBe("content");
    expect(laneFor("pull_request", ["content/pages/home.yaml", "src/App.tsx"]).lane).toBe("full");
    expect(laneFor("pull_request", ["package-lock.json"]).lane).toBe("full");
    // A look-alike folder is not content/.
    expect(laneFor("pull_request", ["contents/x.yaml"]).lane).toBe("full");
    expect(laneFor("pull_request", ["tests/content/x.test.ts"]).lane).toBe("full");
  });

  it("runs everything on a push to main, another event, or when unsure", () => {
    expect(laneFor("push", ["content/pages/home.yaml"]).lane).toBe("full");
    expect(laneFor("workflow_dispatch", ["content/pages/home.yaml"]).lane).toBe("full");
    expect(laneFor("pull_request", undefined).lane).toBe("full");
    expect(laneFor("pull_request", []).lane).toBe("full");
    expect(laneFor("pull_request", ["src/App.tsx"]).reason).toContain("src/App.tsx");
  });

  describe("on a real repository, as the workflow runs it", () => {
    let repo: string;
    const git = (...args: string[]) =>
      execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.com", ...args], { cwd: repo, encoding: "utf8" }).trim();
    const commit = (files: Record<string, string | null>) => {
      for (const [path, text] of Object.entries(files)) {
        if (text === null) git("rm", "-q", path);
        else {
          execFileSync("mkdir", ["-p", join(repo, path, "..")]);
          writeFileSync(join(repo, path), text);
          git("add", path);
        }
      }
      git("commit", "-qm", "change");
      return git("rev-parse", "HEAD");
    };
    /** The lane the script writes to $GITHUB_OUTPUT, and what it prints. */
    const decide = (...args: string[]) => {
      const output = join(repo, "..", `output-${Math.random()}`);
      const run = spawnSync(process.execPath, [join(root, "tools", "ci", "lane.mjs"), ...args], {
        cwd: repo,
        encoding: "utf8",
        env: { ...process.env, GITHUB_OUTPUT: output },
      });
      expect(run.status, run.stderr).toBe(0);
      return { written: readFileSync(output, "utf8"), printed: run.stdout };
    };
    let main: string;
    beforeAll(() => {
      repo = join(mkdtempSync(join(tmpdir(), "ci-lane-")), "repo");
      execFileSync("mkdir", ["-p", repo]);
      git("init", "-q", "-b", "main");
      main = commit({ "content/pages/home.yaml": "title: Home\n", "src/App.tsx": "export {};\n" });
    });
    afterAll(() => rmSync(join(repo, ".."), { recursive: true, force: true }));

    it("says content for a branch that changed content/ only, even when main moved on elsewhere", () => {
      git("checkout", "-q", "-b", "edit", main);
      const head = commit({ "content/pages/home.yaml": "title: Welcome\n", "content/images/new.svg": "<svg/>\n" });
      git("checkout", "-q", "main");
      const moved = commit({ "src/App.tsx": "export const x = 1;\n" });
      expect(changedPaths(moved, head, repo)).toEqual(["content/images/new.svg", "content/pages/home.yaml"]);
      expect(decide("pull_request", moved, head)).toEqual({ written: "lane=content\n", printed: expect.stringMatching(/^lane: content: only content\//) });
    });

    it("says full for a change outside content/, a file moved out of content/, a missing base, a push", () => {
      git("checkout", "-q", "-b", "code", main);
      const code = commit({ "content/pages/home.yaml": "title: Hi\n", "src/App.tsx": "export const y = 2;\n" });
      expect(decide("pull_request", main, code).written).toBe("lane=full\n");
      git("checkout", "-q", "-b", "move", main);
      git("mv", "content/pages/home.yaml", "home.yaml");
      git("commit", "-qm", "move");
      expect(decide("pull_request", main, git("rev-parse", "HEAD")).written).toBe("lane=full\n");
      expect(decide("pull_request", "0".repeat(40), code).written).toBe("lane=full\n");
      expect(decide("pull_request", "", code).written).toBe("lane=full\n");
      expect(decide("push", "", "").written).toBe("lane=full\n");
    });
  });
});

describe("the steps that test the content", () => {
  it("are the fast lane: npm test's own steps, its first step first, calling only scripts that exist", () => {
    expect(scripts["test:content"]).toMatch(/tools\/run\/test-all\.ts --part=content$/);
    expect(stepsOf(["--part=content"])).toEqual(contentSteps);
    expect(contentSteps[0]).toBe(testSteps[0]);
    for (const step of testSteps) expect(scripts, step.script).toHaveProperty(step.script);
    for (const script of ["content:check", "build", "size", "test:e2e", "test:unit:content"])
      expect(contentSteps.map((step) => step.script)).toContain(script);
  });

  it("cut in shares for CI: the build in each, the cut steps once per share, any other step in the first only", () => {
    const [first, second] = [1, 2].map((i) => stepsOf([`--part=content ${i}/2`]));
    expect(stepsOf(["--part=content", "--shard=2/2"])).toEqual(second);
    expect(first![0]!.script).toBe("content:check");
    expect(second!.map((step) => step.script)).toEqual(
      contentSteps.filter((step) => step.cut || step.everyShare).map((step) => step.script),
    );
    expect(new Set([...first!, ...second!])).toEqual(new Set(contentSteps));
    expect(() => stepsOf(["--part=content", "--shard=half"])).toThrow(/--shard=1\/2/);
    expect(() => stepsOf(["--part=everything"])).toThrow(/checks/);
  });

  it("hold every unit or component test that reads the shipped content: the others run on the launch content", () => {
    const projects = [...scripts["test:unit:content"]!.matchAll(/--project (\S+)/g)].map((m) => m[1]);
    expect(projects.sort()).toEqual(["components", "content"]);
    // The files of those two projects (vite.config.ts): the components project takes every test in
    // tests/components/ and sections/, the content project the globs of `contentTests`.
    const glob = (pattern: string) =>
      new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*\*\//g, "(.*/)?").replace(/\*/g, "[^/]*")}$`);
    const inProjects = [/^tests\/components\//, /^sections\//, ...contentTests.map(glob)];
    const tests: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory() && entry.name !== "fixtures") walk(path);
        else if (/\.test\.tsx?$/.test(entry.name)) tests.push(relative(root, path).split("\\").join("/"));
      }
    };
    for (const dir of ["tests/components", "tests/content", "tests/prerender", "tests/hosting", "sections"]) walk(join(root, dir));
    // Through the content's facts (tests/content-facts.ts) or a render of the whole site: a test of
    // the shipped content, which must run on it and on the marketing edits.
    const readers = tests.filter((file) => /from "[^"]*(content-facts|render-site)/.test(read(file)));
    expect(readers.length).toBeGreaterThan(0);
    expect(readers.filter((file) => !inProjects.some((pattern) => pattern.test(file)))).toEqual([]);
  });

  it("run on the marketing edits, and no other step does: the others run on the launch content", () => {
    expect(read("tests/edits/run.ts")).toMatch(/inShare\(contentSteps, shard\)/);
    expect(testSteps.at(-1)!.script).toBe("test:edits");
    expect(testSteps.filter((step) => !step.content).map((step) => step.script)).toContain("test:edits");
  });

  it("in the whole run, once each on the edits, the content check on content/ first as well", () => {
    const whole = stepsOf([]);
    expect(whole[0]).toBe(contentSteps[0]);
    expect(whole.filter((step) => step.content)).toEqual([contentSteps[0]]);
    expect(whole.at(-1)!.script).toBe("test:edits");
    // Every other step of the list runs in the whole run, and each part asked for runs whole.
    expect(whole).toEqual(testSteps.filter((step) => !step.content || step === contentSteps[0]));
    expect(stepsOf(["--part=content,edits"])).toEqual([...contentSteps, testSteps.at(-1)]);
  });
});

describe("on broken content, the lane fails at the content check with npm test's words", () => {
  let copy: string;
  beforeAll(() => {
    copy = copyProject(mkdtempSync(join(tmpdir(), "lane-broken-")));
  });
  afterAll(() => rmSync(copy, { recursive: true, force: true }));

  const cases: { name: string; changes: Record<string, Change>; github?: boolean }[] = [
    { name: "a price written as words", changes: { "collections/plans/basic.yaml": replace("price: 10", "price: ten") } },
    {
      name: "a picture that is not there (GitHub annotations)",
      changes: { "pages/home.yaml": replace("src: images/photo.svg", "src: images/nowhere.svg") },
      github: true,
    },
    { name: "a field written twice (YAML)", changes: { "collections/plans/basic.yaml": (text) => `${text}features: [help]\n` } },
  ];
  for (const c of cases) {
    it(c.name, () => {
      rmSync(join(copy, "content"), { recursive: true, force: true });
      cpSync(validFixture, join(copy, "content"), { recursive: true });
      change(join(copy, "content"), c.changes);
      const env = { ...process.env, GITHUB_ACTIONS: c.github ? "true" : "", NO_COLOR: "1", FORCE_COLOR: "0" };
      const npm = (args: string[]) => spawnSync("npm", ["run", "--silent", ...args], { cwd: copy, encoding: "utf8", env });
      // npm test's first step, as tools/run/test-all.ts runs it (and CI's full job, with annotations).
      const first = npm(c.github ? ["content:check", "--", "--format=github"] : ["content:check"]);
      const lane = npm(["test:content"]);
      expect(first.status).toBe(1);
      expect(lane.status).toBe(1);
      // Every line it printed (on either stream), but the timing, the lane printed on the same stream.
      const lines = (text: string) => text.split("\n").filter((line) => line.trim() && !/\d+ ms\b/.test(line));
      const problems = [...lines(first.stdout), ...lines(first.stderr)];
      expect(problems.length).toBeGreaterThan(0);
      expect(problems.join("\n")).toMatch(c.github ? /file=content\/[\w/-]+\.yaml,line=\d+/ : /content\/[\w/-]+\.yaml:\d+/);
      if (c.github) expect(problems.some((line) => line.startsWith("::error file=content/pages/home.yaml,line="))).toBe(true);
      for (const line of lines(first.stdout)) expect(lane.stdout).toContain(line);
      for (const line of lines(first.stderr)) expect(lane.stderr).toContain(line);
      // It stopped there: nothing was built, the rest is reported as skipped.
      expect(lane.stdout).toMatch(/✖ content check\s+failed/);
      for (const { label } of contentSteps.slice(1)) expect(lane.stdout).toMatch(new RegExp(`– ${label}\\s+skipped`));
    });
  }
});
