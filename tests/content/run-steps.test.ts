/**
 * The one step runner (tools/run/run-steps.ts), run for real: a step that does not test the content runs
 * on the launch content in a copy of the project, whatever content the project holds, so no edit of
 * content/ can reach it; a step that tests the content runs on the project's own. A suite added to
 * tools/run/steps.ts without `content` therefore cannot read content/ and escape the marketing edits' run.
 */
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
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
const quietly = async <T>(run: () => Promise<T>): Promise<T> => {
  const log = vi.spyOn(console, "log").mockImplementation(() => {});
  try {
    return await run();
  } finally {
    log.mockRestore();
  }
};

describe("where the runner runs a step", () => {
  it("a step of the content, in the project given: broken content there fails it", async () => {
    expect(await quietly(() => runSteps([check(true)], { title: "t", cwd: broken }))).toBe(false);
  });

  it("any other step, on the launch content in a copy (removed afterwards): the project's broken content cannot reach it", async () => {
    const before = readdirSync(tmpdir()).filter((name) => name.startsWith("launch-content-"));
    expect(await quietly(() => runSteps([check(false)], { title: "t", cwd: broken }))).toBe(true);
    expect(readdirSync(tmpdir()).filter((name) => name.startsWith("launch-content-"))).toEqual(before);
    expect(readdirSync(launchContent)).toContain("site.yaml");
  });
});

describe("steps side by side (`beside`)", () => {
  // Each waits for the other's mark before it ends: one at a time, the first would wait out its bound.
  const waiter = (mine: string, theirs: string, exit = 0) =>
    [
      process.execPath,
      "-e",
      `const fs = require("node:fs"); fs.writeFileSync(${JSON.stringify(mine)}, ""); console.log("${mine} begins");
       const end = Date.now() + 20000;
       (function wait() {
         if (fs.existsSync(${JSON.stringify(theirs)})) { console.log("${mine} ends"); process.exit(${exit}); }
         if (Date.now() > end) { console.log("${mine}: ran alone"); process.exit(3); }
         setTimeout(wait, 20);
       })();`,
    ] as string[];

  it("run together, each one's output printed whole; one failing fails the run, the next step skipped", async () => {
    const dir = mkdtempSync(join(tmpdir(), "beside-"));
    const [a, b, c, d] = ["a", "b", "c", "d"].map((name) => join(dir, name));
    const printed: string[] = [];
    const write = vi.spyOn(process.stdout, "write").mockImplementation((text) => (printed.push(String(text)), true));
    try {
      const both = await quietly(() =>
        runSteps(
          [
            { label: "A", command: waiter(a!, b!), beside: true },
            { label: "B", command: waiter(b!, a!), beside: true },
          ],
          { title: "t", launchContent: false },
        ),
      );
      expect(both).toBe(true);
      for (const name of [a, b]) expect(printed.join("")).toContain(`${name} begins\n${name} ends\n`);
      const failing = await quietly(() =>
        runSteps(
          [
            { label: "C", command: waiter(c!, d!, 1), beside: true },
            { label: "D", command: waiter(d!, c!), beside: true },
            { label: "after", command: [process.execPath, "-e", `require("node:fs").writeFileSync(${JSON.stringify(join(dir, "after"))}, "")`] },
          ],
          { title: "t", launchContent: false },
        ),
      );
      expect(failing).toBe(false);
      expect(existsSync(join(dir, "after")), "the step after a failed group ran").toBe(false);
    } finally {
      write.mockRestore();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
