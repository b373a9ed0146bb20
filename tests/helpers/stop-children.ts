/**
 * A setup file (vite.config.ts, the leads project): after each test file, every process its tests
 * started and did not stop is stopped and counted in a warning, so a test that failed half-way leaves
 * nothing running and one that forgets to stop a server is seen.
 */
import { afterAll } from "vitest";
import { stopChildren } from "./children.ts";

afterAll(async () => {
  const left = await stopChildren();
  if (left > 0) console.warn(`stopped ${left} process(es) a test of this file had left running`);
});
