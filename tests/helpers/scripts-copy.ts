/**
 * A copy of the project in a temporary folder (tools/shared/copy-project.ts) and `npm run` in it as a user types
 * it: for the tests that run the project's scripts one by one (tests/commands/every-script.test.ts, the
 * benchmarks' files, committed-files.test.ts). Set up in `beforeAll`, removed in `afterAll`.
 * Each run is a process group of its own: a run past its time limit is stopped whole (npm, the script
 * and whatever it started: a server, a browser), so nothing is left running to starve the next test.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect } from "vitest";
import { copyProject } from "../../tools/shared/copy-project.ts";
import { keepPriority } from "../../tools/shared/priority.ts";
import { userEnv } from "./user-env.ts";

/** How a run ended: its exit code (null when it was stopped) and what it printed. */
export interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

export interface ScriptsCopy {
  /** The copy's folder (set once `beforeAll` has run). */
  readonly dir: string;
  /** `npm run --silent <script> [-- args]` in the copy, with the user's environment and `env`. */
  npm(script: string, args?: string[], env?: Record<string, string>): Promise<Run>;
}

/** A run's time limit: far above what a small run takes on a busy machine, so only a hang meets it. */
const limitMs = 480_000;

/** `argv` in `cwd` as a process group of its own; past `limitMs`, the whole group is stopped (SIGKILL). */
function run(argv: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(argv[0]!, argv.slice(1), { cwd, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
    // A session of its own: a test behind the other steps keeps it behind them too.
    keepPriority(child.pid);
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => {
      stderr += `\n✖ stopped after ${limitMs / 1000} s: \`${argv.join(" ")}\` had not ended (its whole process group killed)`;
      process.kill(-child.pid!, "SIGKILL");
    }, limitMs);
    child.once("error", reject);
    child.once("close", (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
  });
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
      run(["npm", "run", "--silent", script, ...(args.length ? ["--", ...args] : [])], dir, { ...userEnv, ...env }),
  };
  beforeAll(async () => {
    dir = copyProject(mkdtempSync(join(tmpdir(), `${name}-`)));
    for (const script of setUp) {
      const done = await copy.npm(script);
      if (done.status !== 0) throw new Error(`npm run ${script} failed in the copy:\n${done.stdout}\n${done.stderr}`);
    }
  }, 300_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return copy;
}

/** The run exited 0 and printed something of this shape. */
export async function expectOk(running: Promise<Run>, shape: RegExp): Promise<void> {
  const done = await running;
  expect(done.status, `${done.stdout}\n${done.stderr}`).toBe(0);
  expect(`${done.stdout}${done.stderr}`).toMatch(shape);
}
