/**
 * The safety net of the leads tests (tests/helpers/children.ts): a process a test started and did
 * not stop is stopped after its file, with SIGTERM, or SIGKILL when it does not listen to SIGTERM.
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { expect, test } from "vitest";
import { runningChildren, stopChildren, track } from "../helpers/children.ts";

/** A Node process that runs until it is stopped; `stubborn` ignores SIGTERM. */
async function sleeper(stubborn = false) {
  const code = `${stubborn ? 'process.on("SIGTERM", () => {});' : ""} setInterval(() => {}, 1000); console.log("up");`;
  const child = track(spawn(process.execPath, ["-e", code], { stdio: ["ignore", "pipe", "ignore"] }));
  await once(child.stdout!, "data");
  return child;
}

test("a process left running is stopped with SIGTERM, and forgotten once it has exited", async () => {
  const child = await sleeper();
  expect(runningChildren()).toContain(child);
  expect(await stopChildren()).toBe(1);
  expect(child.signalCode).toBe("SIGTERM");
  expect(runningChildren()).not.toContain(child);
  expect(await stopChildren()).toBe(0);
});

test("a process that ignores SIGTERM is killed after the grace period", async () => {
  const child = await sleeper(true);
  const start = Date.now();
  await stopChildren(300);
  expect(child.signalCode).toBe("SIGKILL");
  expect(Date.now() - start).toBeGreaterThanOrEqual(250);
  expect(runningChildren()).toHaveLength(0);
});
