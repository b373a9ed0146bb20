/**
 * The steps of `npm test`, the one list: tools/test-all.ts runs them in order, `npm run test:edits`
 * (tests/edits/run.ts) runs every one of them but itself again on a copy with marketing edits
 * applied (each reads content/, even lint's Prettier could; a valid edit must turn none red), and CI runs them cut in parts on runners side by side (.github/workflows/ci.yml's
 * `test` matrix, `npm test -- --part=<part>`). A new suite is a new line here, and all three pick it
 * up. Also the runner they share: each step a `npm run`, stopping at the first failure, then a
 * summary with each step's time.
 */
import { spawnSync } from "node:child_process";
import { performance } from "node:perf_hooks";

/** The CI runner a step runs on: each part is independent of the others (it builds what it needs). */
export const parts = ["checks", "commands", "leads", "site", "preview", "cms", "edits"] as const;
export type Part = (typeof parts)[number];

export interface Step {
  label: string;
  script: string;
  part: Part;
  /**
   * Runners CI cuts this step over (`--shard=<i>/<n>`, which Vitest and Playwright both take): for a
   * step slower than a verdict's ten minutes on one runner.
   */
  shards?: number;
}

export const testSteps: Step[] = [
  { label: "content check", script: "content:check", part: "checks" },
  // content:build first: the generated types come from content.
  { label: "type check", script: "typecheck", part: "checks" },
  { label: "lint and formatting", script: "lint", part: "checks" },
  { label: "unit and component tests", script: "test:unit", part: "checks" },
  { label: "the commands on a fresh copy, cold", script: "test:commands", part: "commands", shards: 4 },
  { label: "lead endpoint and admin login", script: "test:leads", part: "leads", shards: 2 },
  { label: "build and pre-render", script: "build", part: "site" },
  { label: "size budget", script: "size", part: "site" },
  { label: "browser tests, axe, HTML, hosting", script: "test:e2e", part: "site" },
  { label: "a preview built and served under /pr-123/", script: "test:preview", part: "preview" },
  { label: "editing in /admin/ (Decap CMS)", script: "test:cms", part: "cms", shards: 3 },
  { label: "marketing edits pass every check", script: "test:edits", part: "edits" },
];

/** The steps test:edits runs again on the edited copy: every step of npm test but itself. */
export const editSteps: Step[] = testSteps.filter((step) => step.script !== "test:edits");

/**
 * What of the list the arguments ask for: `--part=<part>` (one part), with a share of a part whose
 * steps are cut (`shards`) as `--shard=<i>/<n>` or in the part's name as CI's matrix writes it
 * (`--part=cms 2/2`). Undefined: everything.
 */
export function selectionOf(argv: readonly string[]): { part?: Part; shard?: string } {
  const [part, inName] = (argv.find((arg) => arg.startsWith("--part="))?.slice("--part=".length) ?? "").split(" ");
  const shard = inName ?? argv.find((arg) => arg.startsWith("--shard="))?.slice("--shard=".length);
  if (!part) {
    if (shard !== undefined) throw new Error(`--shard=${shard} needs --part=<part>: the parts are ${parts.join(", ")}`);
    return {};
  }
  if (!(parts as readonly string[]).includes(part))
    throw new Error(`--part=${part}: the parts are ${parts.join(", ")}`);
  if (shard !== undefined) {
    const [i, n] = shard.split("/").map(Number);
    if (!Number.isInteger(i) || !Number.isInteger(n) || i! < 1 || i! > n!)
      throw new Error(`--shard=${shard}: write <i>/<n>, for example --shard=1/2`);
  }
  return { part: part as Part, shard };
}

/**
 * The steps the arguments ask for (selectionOf): a part's steps, or every step. In a share, a step
 * that is not cut runs in the first share only, so nothing runs twice.
 */
export function stepsOf(argv: readonly string[], steps: readonly Step[] = testSteps): Step[] {
  const { part, shard } = selectionOf(argv);
  if (part === undefined) return [...steps];
  return steps.filter((step) => step.part === part && (!shard || step.shards || shard.startsWith("1/")));
}

/** The runners CI gives the list: each part, or each share of a part cut in `shards` (`cms 2/2`). */
export function ciParts(steps: readonly Step[] = testSteps): string[] {
  return parts.flatMap((part) => {
    const n = Math.max(1, ...steps.filter((step) => step.part === part).map((step) => step.shards ?? 1));
    return n === 1 ? [part] : Array.from({ length: n }, (_, i) => `${part} ${i + 1}/${n}`);
  });
}

export interface StepResult {
  label: string;
  status: "passed" | "failed" | "skipped";
  seconds?: number;
}

/**
 * Runs each step's `npm run --silent <script>` in `cwd` (inheriting the terminal), stopping at the
 * first failure, and prints a summary titled `title` with each step's time. Returns true when all passed.
 */
export function runSteps(
  steps: readonly Step[],
  options: {
    title: string;
    cwd?: string;
    env?: NodeJS.ProcessEnv;
    heading?: (step: Step) => string;
    /** `--shard=<i>/<n>`: passed on to the steps that are cut (`shards`). */
    shard?: string;
  },
): boolean {
  const results: StepResult[] = [];
  const started = performance.now();
  for (const step of steps) {
    if (results.some((r) => r.status === "failed")) {
      results.push({ label: step.label, status: "skipped" });
      continue;
    }
    console.log(options.heading?.(step) ?? `\n━━ ${step.label} (npm run ${step.script}) ━━`);
    const start = performance.now();
    const args = options.shard && step.shards ? ["--", `--shard=${options.shard}`] : [];
    const run = spawnSync("npm", ["run", "--silent", step.script, ...args], {
      cwd: options.cwd,
      env: options.env,
      stdio: "inherit",
      shell: process.platform === "win32",
    });
    results.push({
      label: step.label,
      status: run.status === 0 ? "passed" : "failed",
      seconds: (performance.now() - start) / 1000,
    });
  }
  const total = (performance.now() - started) / 1000;
  const mark = { passed: "✔", failed: "✖", skipped: "–" };
  console.log(`\n━━ ${options.title} ━━`);
  for (const r of results) {
    const time = r.seconds === undefined ? "" : `${r.seconds.toFixed(1).padStart(7)} s`;
    console.log(`${mark[r.status]} ${r.label.padEnd(42)} ${r.status.padEnd(8)} ${time}`);
  }
  const passed = results.every((r) => r.status === "passed");
  console.log(`\n${passed ? "✔ all checks passed" : "✖ FAILED"} in ${total.toFixed(1)} s`);
  return passed;
}
