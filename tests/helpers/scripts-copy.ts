/**
 * A copy of the project in a temporary folder (copy-project.ts) and `npm run` in it as a user types
 * it: for the tests that run the project's scripts one by one (tests/commands/every-script.test.ts,
 * tests/commands/benchmarks.test.ts). Set up in `beforeAll`, removed in `afterAll`.
 */
import { spawnSync, type SpawnSyncReturns } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect } from "vitest";
import { copyProject } from "./copy-project.ts";
import { userEnv } from "./user-env.ts";

export interface ScriptsCopy {
  /** The copy's folder (set once `beforeAll` has run). */
  readonly dir: string;
  /** `npm run --silent <script> [-- args]` in the copy, with the user's environment and `env`. */
  npm(script: string, args?: string[], env?: Record<string, string>): SpawnSyncReturns<string>;
}

/**
 * Makes the copy before the file's tests and removes it after them; first runs `setUp`'s scripts in
 * it, in order (`browser`: a browser found or installed, as test:e2e does first; `build`: the site).
 */
export function scriptsCopy(name: string, setUp: string[] = []): ScriptsCopy {
  let dir = "";
  const copy: ScriptsCopy = {
    get dir() {
      return dir;
    },
    npm: (script, args = [], env = {}) =>
      spawnSync("npm", ["run", "--silent", script, ...(args.length ? ["--", ...args] : [])], {
        cwd: dir,
        encoding: "utf8",
        env: { ...userEnv, ...env },
        timeout: 480_000,
      }),
  };
  beforeAll(() => {
    dir = copyProject(mkdtempSync(join(tmpdir(), `${name}-`)));
    for (const script of setUp) {
      const run = copy.npm(script);
      if (run.status !== 0) throw new Error(`npm run ${script} failed in the copy:\n${run.stdout}\n${run.stderr}`);
    }
  }, 300_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return copy;
}

/** The run exited 0 and printed something of this shape. */
export function expectOk(run: SpawnSyncReturns<string>, shape: RegExp): void {
  expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
  expect(`${run.stdout}${run.stderr}`).toMatch(shape);
}
