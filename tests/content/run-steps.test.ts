/**
 * The one step runner (tools/run/run-steps.ts), run for real: a step that does not test the content runs
 * on the launch content in a copy of the project, whatever content the project holds, so no edit of
 * content/ can reach it; a step that tests the content runs on the project's own. A suite added to
 * tools/run/steps.ts without `content` therefore cannot read content/ and escape the marketing edits' run.
 */
import { cpSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { launchContent, runSteps } from "../../tools/run/run-steps.ts";
import type { Step } from "../../tools/run/steps.ts";
import { copyProject } from "../../tools/shared/copy-project.ts";
import { change, replace, validFixture } from "./helpers.ts";

let broken: string;
beforeAll(() => {
  broken = copyProject(mkdtempSync(join(tmpdir(), "run-steps-")));
  rmSync(join(broken, "content"), { recursive: true, force: true });
  cpSync(validFixture, join(broken, "content"), { recursive: true });
  change(join(broken, "content"), { "collections/plans/basic.yaml": replace("price: 10", "price: ten") });
});
afterAll(() => rmSync(broken, { recursive: true, force: true }));

const check = (content: boolean): Step => ({ label: "content check", script: "content:check", part: "checks", content });
const quietly = <T>(run: () => T): T => {
  const log = vi.spyOn(console, "log").mockImplementation(() => {});
  try {
    return run();
  } finally {
    log.mockRestore();
  }
};

describe("where the runner runs a step", () => {
  it("a step of the content, in the project given: broken content there fails it", () => {
    expect(quietly(() => runSteps([check(true)], { title: "t", cwd: broken }))).toBe(false);
  });

  it("any other step, on the launch content in a copy (removed afterwards): the project's broken content cannot reach it", () => {
    const before = readdirSync(tmpdir()).filter((name) => name.startsWith("launch-content-"));
    expect(quietly(() => runSteps([check(false)], { title: "t", cwd: broken }))).toBe(true);
    expect(readdirSync(tmpdir()).filter((name) => name.startsWith("launch-content-"))).toEqual(before);
    expect(readdirSync(launchContent)).toContain("site.yaml");
  });
});
