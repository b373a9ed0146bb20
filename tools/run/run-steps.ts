/**
 * The one step runner: `npm test` (test-all.ts), the fast lane for content (`npm run test:content`,
 * the same file) and the marketing edits' run (tests/edits/run.ts) each hand it steps of
 * tools/run/steps.ts's list; `npm run check` (check.ts) hands it commands. Each step is
 * `npm run --silent <script>` or its command, inheriting the terminal; the runner stops at the first
 * failure (no step starts after it), prints each step's time as it ends, then a summary.
 * Consecutive `beside` steps run together; consecutive `behind` steps run together behind the steps
 * after them, at the lowest CPU priority, and the run waits for them before its summary.
 * Where a step runs: a content step (`content: true`) in the project given (`cwd`, this checkout by
 * default); any other step in one copy of the project whose content/ is the launch content
 * (`fixtureCopy`), made before the first such step and removed at the end (kept when a step failed),
 * unless `launchContent: false` (the developer's loop runs everything on the project).
 */
import { spawn, spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { copyProject } from "../shared/copy-project.ts";
import { lowerPriority } from "../shared/priority.ts";
import type { Step } from "./steps.ts";

/** What the runner runs: a step of the list (an npm script), a command with its arguments, or nothing, and why. */
export type Runnable = Pick<Step, "label" | "content" | "cut" | "beside" | "behind"> &
  (
    | { script: string; command?: undefined; skipped?: undefined }
    | { command: string[]; script?: undefined; skipped?: undefined }
    | { skipped: string; script?: undefined; command?: undefined }
  );

const root = join(import.meta.dirname, "..", "..");

/** The frozen content the steps that do not test content run on. */
export const launchContent = join(root, "tests", "spec", "launch-content");

export interface RunOptions {
  title: string;
  /** The project the content steps run in: this checkout unless given. */
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  heading?: (step: Runnable) => string;
  /** `<i>/<n>`: passed on to the steps that are cut (`--shard=<i>/<n>`). */
  shard?: string;
  /** false: every step runs in the project (`cwd`), none on the launch content. */
  launchContent?: boolean;
}

interface StepResult {
  label: string;
  status: "passed" | "failed" | "skipped";
  seconds?: number;
  /** The machine's CPU time while the step ran (every process, servers included), where the system says. */
  cpuSeconds?: number;
  /** Steps ran behind it: its machine CPU includes theirs. */
  withBehind?: boolean;
  note?: string;
}

/**
 * The CPU time the whole machine has spent so far, in seconds (Linux's /proc/stat: user, nice, system,
 * irq, softirq and steal, in 1/100 s), or undefined where there is none. Read before and after a step,
 * it says how busy the step kept the cores: on a quiet machine, what the step costs, and how much room
 * it leaves beside it.
 */
function machineCpuSeconds(): number | undefined {
  try {
    const [user, nice, system, , , irq, softirq, steal] = readFileSync("/proc/stat", "utf8")
      .split("\n", 1)[0]!
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    return (user! + nice! + system! + irq! + softirq! + (steal ?? 0)) / 100;
  } catch {
    return undefined;
  }
}

const cores = availableParallelism();
/** "12.3 s, CPU 20.1 s (82% of 2 cores)". */
function timeOf(r: StepResult): string {
  const wall = `${r.seconds!.toFixed(1)} s`;
  if (r.cpuSeconds === undefined || r.seconds! < 0.05) return wall;
  const busy = Math.round((100 * r.cpuSeconds) / (r.seconds! * cores));
  return `${wall}, CPU ${r.cpuSeconds.toFixed(1)} s (${busy}% of ${cores} cores${r.withBehind ? ", with the steps behind" : ""})`;
}

/**
 * A copy of this project (tools/shared/copy-project.ts: sources, node_modules linked) with the
 * launch content in place of content/, its generated modules written (as `npm install` does).
 */
export function fixtureCopy(env?: NodeJS.ProcessEnv): string {
  const copy = copyProject(mkdtempSync(join(tmpdir(), "launch-content-")));
  rmSync(join(copy, "content"), { recursive: true, force: true });
  cpSync(launchContent, join(copy, "content"), { recursive: true });
  const prepared = spawnSync("npm", ["run", "--silent", "content:build"], { cwd: copy, env, stdio: "inherit" });
  if (prepared.status !== 0) throw new Error(`npm run content:build failed on the launch content in ${copy}`);
  return copy;
}

/** The arguments a step's script gets: its share when it is cut, annotations on GitHub for the content check. */
function argsOf(step: Runnable, shard: string | undefined): string[] {
  const args: string[] = [];
  if (shard && step.cut) args.push(`--shard=${shard}`);
  if (step.script === "content:check" && process.env.GITHUB_ACTIONS === "true") args.push("--format=github");
  return args.length ? ["--", ...args] : [];
}

/** What a step's process did: its exit status (null: it did not start or was killed), and its output when held. */
interface Ran {
  status: number | null;
  output: string;
}

/** The steps running behind, by process id: stopped with the run when it is interrupted. */
const behindRunning = new Set<number>();
for (const [signal, code] of [
  ["SIGINT", 130],
  ["SIGTERM", 143],
] as const)
  process.once(signal, () => {
    for (const pid of behindRunning) {
      try {
        process.kill(-pid, "SIGTERM");
      } catch {
        // Already ended.
      }
    }
    process.exit(code);
  });

/**
 * Runs a command; its output goes to the terminal, or is held (`hold`) and returned. `behind`: at the
 * lowest CPU priority (tools/shared/priority.ts), in a session of its own, which the run stops when it
 * is interrupted (Ctrl+C reaches the terminal's session only).
 */
function run(
  command: string,
  args: string[],
  cwd: string | undefined,
  env: NodeJS.ProcessEnv | undefined,
  hold: boolean,
  behind = false,
) {
  return new Promise<Ran>((resolve) => {
    let output = "";
    const child = spawn(command, args, {
      cwd,
      env,
      stdio: hold ? ["ignore", "pipe", "pipe"] : "inherit",
      shell: process.platform === "win32",
      detached: behind && process.platform !== "win32",
    });
    const pid = child.pid;
    if (behind && pid !== undefined) {
      lowerPriority(pid);
      behindRunning.add(pid);
      child.once("close", () => behindRunning.delete(pid));
    }
    const keep = (chunk: Buffer) => (output += chunk.toString());
    child.stdout?.on("data", keep);
    child.stderr?.on("data", keep);
    child.once("error", (error) => {
      output += `✖ ${command}: ${error.message}\n`;
      if (!hold) console.error(`✖ ${command}: ${error.message}`);
    });
    child.once("close", (status) => resolve({ status, output }));
  });
}

/** The steps as they run: one at a time, or a run of consecutive `beside` (or `behind`) steps together. */
function groupsOf(steps: readonly Runnable[]): Runnable[][] {
  const groups: Runnable[][] = [];
  for (const step of steps) {
    const last = groups.at(-1)?.[0];
    if ((step.beside && last?.beside) || (step.behind && last?.behind)) groups.at(-1)!.push(step);
    else groups.push([step]);
  }
  return groups;
}

/**
 * Runs the steps in order, stopping at the first failure; true when all passed. Consecutive steps
 * marked `beside` run side by side, each with its output held and printed whole when it ends.
 * Consecutive steps marked `behind` run so too, at the lowest CPU priority, while the run goes on with
 * the steps after them; the run waits for them before its summary.
 */
export async function runSteps(steps: readonly Runnable[], options: RunOptions): Promise<boolean> {
  const results: StepResult[] = [];
  const started = performance.now();
  const cpuAtStart = machineCpuSeconds();
  let fixture: string | undefined;
  /** The groups running behind, and how many of them still run. */
  const behindGroups: Promise<unknown>[] = [];
  let groupsBehind = 0;
  const failed = () => results.some((r) => r.status === "failed");
  for (const group of groupsOf(steps)) {
    const behind = group[0]!.behind === true;
    const together = group.length > 1 || behind;
    const running: Promise<StepResult>[] = [];
    const groupStart = performance.now();
    const groupCpuAtStart = machineCpuSeconds();
    const withBehind = !behind && groupsBehind > 0;
    for (const step of group) {
      if (step.skipped || failed()) {
        results.push({ label: step.label, status: "skipped", note: step.skipped });
        continue;
      }
      const onLaunchContent = !step.content && options.launchContent !== false;
      if (onLaunchContent && !fixture) {
        console.log(`\n━━ the launch content in a copy of the project, for the steps that do not test content ━━`);
        fixture = fixtureCopy(options.env);
        console.log(`  ${fixture}`);
      }
      const [command, ...args] = step.command ?? [
        "npm",
        "run",
        "--silent",
        step.script!,
        ...argsOf(step, options.shard),
      ];
      const what = step.script ? `npm run ${step.script}` : "";
      const heading =
        options.heading?.(step) ??
        `\n━━ ${step.label}${what || onLaunchContent ? ` (${[what, onLaunchContent ? "on the launch content" : ""].filter(Boolean).join(", ")})` : ""} ━━`;
      if (!together) console.log(heading);
      else if (behind) console.log(`\n━━ ${step.label}: behind the steps after it, at the lowest CPU priority ━━`);
      const start = performance.now();
      const cpuAtStart = machineCpuSeconds();
      const result: StepResult = { label: step.label, status: "skipped", note: "running" };
      // Its place in the summary is its place in the list, whenever it ends.
      results.push(result);
      running.push(
        run(command!, args, onLaunchContent ? fixture : options.cwd, options.env, together, behind).then(
          ({ status, output }) => {
            const cpuAtEnd = machineCpuSeconds();
            Object.assign(result, {
              status: status === 0 ? "passed" : "failed",
              note: undefined,
              seconds: (performance.now() - start) / 1000,
              // Side by side, the machine's CPU is the group's, not one step's: said once for the group.
              cpuSeconds:
                together || cpuAtStart === undefined || cpuAtEnd === undefined ? undefined : cpuAtEnd - cpuAtStart,
              withBehind,
            } satisfies Partial<StepResult>);
            if (together) process.stdout.write(`${heading} (${behind ? "behind" : "side by side"})\n${output}`);
            console.log(
              `${result.status === "passed" ? "✔" : "✖"} ${step.label}: ${result.status} in ${timeOf(result)}`,
            );
            return result;
          },
        ),
      );
    }
    const ended = Promise.all(running).then(() => {
      const groupCpuAtEnd = machineCpuSeconds();
      if (!behind && running.length > 1 && groupCpuAtStart !== undefined && groupCpuAtEnd !== undefined)
        console.log(
          `  side by side: ${timeOf({ label: "", status: "passed", seconds: (performance.now() - groupStart) / 1000, cpuSeconds: groupCpuAtEnd - groupCpuAtStart, withBehind })}`,
        );
    });
    if (!behind) await ended;
    else if (running.length > 0) {
      groupsBehind++;
      behindGroups.push(ended.then(() => groupsBehind--));
    }
  }
  await Promise.all(behindGroups);
  const passed = results.every((r) => r.status !== "failed");
  if (fixture && passed) rmSync(fixture, { recursive: true, force: true });
  else if (fixture) console.error(`\nThe copy with the launch content is kept in ${fixture}`);
  const cpuAtEnd = machineCpuSeconds();
  const total = timeOf({
    label: "",
    status: "passed",
    seconds: (performance.now() - started) / 1000,
    cpuSeconds: cpuAtStart === undefined || cpuAtEnd === undefined ? undefined : cpuAtEnd - cpuAtStart,
  });
  const mark = { passed: "✔", failed: "✖", skipped: "–" };
  console.log(`\n━━ ${options.title} ━━`);
  for (const r of results) {
    const time = r.seconds === undefined ? (r.note ?? "") : timeOf(r).padStart(9);
    console.log(`${mark[r.status]} ${r.label.padEnd(46)} ${r.status.padEnd(8)} ${time}`);
  }
  console.log(`\n${passed ? "✔ all checks passed" : "✖ FAILED"} in ${total}`);
  return passed;
}
