/** The CI workflow calls only npm scripts that exist, and runs the content check first. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";

const root = join(import.meta.dirname, "..", "..");
const scripts = (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts;
const workflow = parse(readFileSync(join(root, ".github", "workflows", "ci.yml"), "utf8")) as {
  on: Record<string, unknown>;
  jobs: Record<string, { steps: { run?: string }[] }>;
};
const runs = Object.values(workflow.jobs).flatMap((job) => job.steps.flatMap((step) => (step.run ? [step.run] : [])));

/** The npm script each `npm run X` / `npm test` line calls. */
function calledScripts(line: string): string[] {
  const called: string[] = [];
  for (const match of line.matchAll(/\bnpm (?:run(?:-script)? ([\w:-]+)|(test|start))\b/g)) called.push(match[1] ?? match[2]!);
  return called;
}

describe("the CI workflow", () => {
  it("runs on pull requests and on main", () => {
    expect(workflow.on).toHaveProperty("pull_request");
    expect(workflow.on.push).toEqual({ branches: ["main"] });
  });

  it("calls only scripts that exist in package.json", () => {
    const called = runs.flatMap(calledScripts);
    expect(called).toEqual(["content:check", "test"]);
    for (const script of called) expect(scripts, script).toHaveProperty(script);
  });

  it("checks content with GitHub annotations before everything else, and installs with npm ci", () => {
    expect(runs[0]).toMatch(/^npm ci\b/);
    expect(runs[1]).toBe("npm run content:check -- --format=github");
    expect(runs.at(-1)).toBe("npm test");
  });

  it("is what .ci/run runs too", () => {
    expect(readFileSync(join(root, ".ci", "run"), "utf8")).toMatch(/npm ci[^\n]*\nnpm test/);
  });
});
