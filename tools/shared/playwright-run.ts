/**
 * What the Playwright configurations of the browser tests and the preview share: how a run goes
 * (`runDefaults`), its servers' ports (`runPort`) and its temporary folder (`runFolder`).
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import type { PlaywrightTestConfig } from "@playwright/test";

/**
 * Parallel files, one worker per core (on CI as on a laptop: Playwright's own default, half the cores,
 * ran the browser tests one at a time on two cores, with the second core idle while a page loaded),
 * no `.only` and no retry on CI, one line per test.
 */
export const runDefaults: Pick<
  PlaywrightTestConfig,
  "fullyParallel" | "workers" | "forbidOnly" | "retries" | "reporter"
> = {
  fullyParallel: true,
  workers: availableParallelism(),
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: [["list"]],
};

/**
 * A free port on 127.0.0.1, picked once by the runner and kept in the environment variable
 * `variable`, so its workers (which load the configuration again) inherit it; never one of `taken`.
 * Synchronous, as a configuration file is read.
 */
export function runPort(variable: string, taken: number[] = []): number {
  while (!process.env[variable] || taken.includes(Number(process.env[variable]))) {
    process.env[variable] = execFileSync(
      process.execPath,
      [
        "-e",
        "const s = require('node:net').createServer().listen(0, '127.0.0.1', () => { process.stdout.write(String(s.address().port)); s.close(); });",
      ],
      { encoding: "utf8" },
    );
  }
  return Number(process.env[variable]);
}

/**
 * A temporary folder for the run (a lead server's data), made once by the runner and kept in the
 * environment variable `variable`, so its workers and servers inherit it; removed when the runner
 * exits, after its servers have stopped. Given from outside (the variable set), it is left alone.
 */
export function runFolder(variable: string, prefix: string): string {
  if (!process.env[variable]) {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    process.env[variable] = dir;
    process.once("exit", () => rmSync(dir, { recursive: true, force: true, maxRetries: 3 }));
  }
  return process.env[variable];
}
