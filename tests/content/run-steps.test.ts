/**
 * The one step runner (tools/run/run-steps.ts), run for real: a step that does not test the content runs
 * on the launch content in a copy of the project, whatever content the project holds, so no edit of
 * content/ can reach it; a step that tests the content runs on the project's own. A suite added to
 * tools/run/steps.ts without `content` therefore cannot read content/ and escape the marketing edits' run.
 */
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { getPriority, tmpdir } from "node:os";
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

describe("steps behind (`behind`)", () => {
  /** A node command: writes its own CPU priority (and its session's, where Linux has autogroup) to `mark`, then waits (bounded) until `waitFor` holds a pid that has exited, or exists. */
  const step = (mark: string, waitFor: string | undefined, exit = 0) =>
    [
      process.execPath,
      "-e",
      `const fs = require("node:fs"), os = require("node:os");
       const group = fs.existsSync("/proc/self/autogroup") ? fs.readFileSync("/proc/self/autogroup", "utf8") : null;
       fs.writeFileSync(${JSON.stringify(mark)}, JSON.stringify({ pid: process.pid, priority: os.getPriority(), group }));
       const waitFor = ${JSON.stringify(waitFor ?? null)}, end = Date.now() + 20000;
       const gone = (pid) => { try { process.kill(pid, 0); return false; } catch { return true; } };
       (function wait() {
         if (!waitFor) process.exit(${exit});
         if (fs.existsSync(waitFor) && gone(JSON.parse(fs.readFileSync(waitFor, "utf8")).pid)) process.exit(${exit});
         if (Date.now() > end) process.exit(3);
         setTimeout(wait, 20);
       })();`,
    ] as string[];
  const read = (file: string) =>
    JSON.parse(readFileSync(file, "utf8")) as { pid: number; priority: number; group: string | null };

  it("runs at the lowest CPU priority while the steps after it run; the run waits for it; its failure stops the steps not begun", async () => {
    const dir = mkdtempSync(join(tmpdir(), "behind-"));
    const [b, f, g, after] = ["b", "f", "g", "after"].map((name) => join(dir, name));
    const printed: string[] = [];
    const write = vi.spyOn(process.stdout, "write").mockImplementation((text) => (printed.push(String(text)), true));
    try {
      // Behind waits for the step after it to have ended: the run went on without it, and waited for it at the end.
      const passed = await quietly(() =>
        runSteps(
          [
            { label: "B", command: step(b!, f!), behind: true },
            { label: "F", command: step(f!, undefined) },
          ],
          { title: "t", launchContent: false },
        ),
      );
      expect(passed).toBe(true);
      expect(read(b!).priority - getPriority(), "behind: the lowest priority").toBe(19 - getPriority());
      expect(read(f!).priority, "the step after it: the run's own").toBe(getPriority());
      // Where Linux shares the cores between sessions first (autogroup), its session is at the lowest priority too.
      if (read(b!).group !== null) {
        expect(read(b!).group, "behind: its session's priority").toMatch(/ nice 19$/m);
        expect(read(b!).group, "behind: a session of its own").not.toBe(read(f!).group);
      }
      // Behind fails while the step after it runs (that step waits for it to be gone): the next step does not begin.
      const failing = await quietly(() =>
        runSteps(
          [
            { label: "B", command: step(join(dir, "b2"), undefined, 1), behind: true },
            { label: "G", command: step(g!, join(dir, "b2")) },
            { label: "after", command: step(after!, undefined) },
          ],
          { title: "t", launchContent: false },
        ),
      );
      expect(failing).toBe(false);
      expect(existsSync(g!), "the step running beside it ran").toBe(true);
      expect(existsSync(after!), "the step after a failure behind began").toBe(false);
    } finally {
      write.mockRestore();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
