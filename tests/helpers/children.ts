/**
 * The processes the tests start (servers, commands run to their end), and a way to stop those still
 * running: a test that fails or times out half-way must not leave a server behind. The leads
 * project calls stopChildren() after each test file (tests/helpers/stop-children.ts).
 */
import type { ChildProcess } from "node:child_process";

const running = new Set<ChildProcess>();

/** Remembers `child` until it exits. */
export function track<T extends ChildProcess>(child: T): T {
  if (child.exitCode !== null || child.signalCode !== null) return child;
  running.add(child);
  child.once("exit", () => running.delete(child));
  return child;
}

/** The tracked processes still running. */
export function runningChildren(): readonly ChildProcess[] {
  return [...running];
}

/**
 * Stops every tracked process still running: SIGTERM (npm passes it on to the server it runs), then
 * SIGKILL to any still running after `graceMs`. Resolves once all have exited.
 */
export async function stopChildren(graceMs = 10_000): Promise<number> {
  const left = [...running];
  await Promise.all(
    left.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
          child.once("exit", () => {
            clearTimeout(timer);
            resolve();
          });
          child.kill("SIGTERM");
        }),
    ),
  );
  return left.length;
}
