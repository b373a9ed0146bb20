/**
 * The lowest CPU priority for a process and what it starts, so that it takes only the cores others
 * leave idle (run-steps.ts runs the steps `behind` so).
 *
 * A nice value alone is not enough on Linux: with autogroup (on by default), the scheduler first shares
 * the cores between sessions, each session's processes then by their nice values. A browser the tests
 * start runs in a session of its own (Playwright starts it detached), so a niced compiler in the test
 * runner's session still took half the cores from it (measured: the browser tests 161 → 193 s with the
 * type check and lint behind them). A process put at the lowest priority therefore starts a session of
 * its own (`detached`), and both its nice value and its session's are 19; a process it starts detached
 * (a session of its own again) is given its parent's with `keepPriority`. Where there is no autogroup
 * (another system, a kernel without it) the nice value is what counts, and is set anyway.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { getPriority, setPriority } from "node:os";

/** The lowest priority: POSIX nice 19. */
export const lowest = 19;

/** Sets `pid`'s nice value and, where the system has autogroup, its session's; what cannot be set is left. */
function setBoth(pid: number, nice: number): void {
  try {
    setPriority(pid, nice);
  } catch {
    // The process has already ended.
  }
  try {
    writeFileSync(`/proc/${pid}/autogroup`, String(nice));
  } catch {
    // No autogroup here (not Linux, or a kernel without it): the nice value is what counts.
  }
}

/** Puts `pid`, started `detached` (a session of its own), and what it starts at the lowest priority. */
export function lowerPriority(pid: number): void {
  setBoth(pid, lowest);
}

/** This process's session's nice value (autogroup), or undefined where there is none. */
function sessionNice(): number | undefined {
  try {
    const nice = /nice (-?\d+)/.exec(readFileSync("/proc/self/autogroup", "utf8"))?.[1];
    return nice === undefined ? undefined : Number(nice);
  } catch {
    return undefined;
  }
}

/**
 * Gives `pid`, a process just started detached (a session of its own), this process's priority: a
 * test behind the others keeps the servers and commands it starts behind them too.
 */
export function keepPriority(pid: number | undefined): void {
  if (pid === undefined) return;
  const nice = Math.max(getPriority(), sessionNice() ?? 0);
  if (nice > 0) setBoth(pid, nice);
}
