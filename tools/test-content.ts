/**
 * `npm run test:content`: the fast lane for a change of content/ only (a marketer's pull request),
 * every check whose result can depend on content and nothing else, in order, stopping at the first
 * failure, then a summary: the content check (GitHub annotations on the changed lines when run in
 * GitHub Actions), the component and pre-render tests that render the content, the build, the size
 * budget and the browser tests of the built site (end-to-end, axe, keyboard, the Nu Html Checker,
 * the hosting checks). What a content change cannot move (types, lint, the lead endpoint, /admin/,
 * the commands on a fresh copy) runs in the full suite (`npm test`): on every other change and on
 * main after each merge (.github/workflows/ci.yml, tools/ci-lane.mjs).
 * `npm run test:edits` runs this lane on a copy with marketing edits applied, so a full run proves the
 * lane green wherever the full suite is; tests/content/lane.test.ts proves it red, at the same step
 * with the same problems as `npm test`'s first step, on broken content.
 */
import { spawnSync } from "node:child_process";
import { performance } from "node:perf_hooks";

/** The lane's steps: [label, npm script, its arguments]. */
export const laneSteps: [label: string, script: string, args: string[]][] = [
  // `npm test`'s first step, the same script: a broken file fails both here, with the same words.
  ["content check", "content:check", process.env.GITHUB_ACTIONS === "true" ? ["--format=github"] : []],
  // The tests that render the shipped content (they read it through tests/content-facts.ts).
  ["component and pre-render tests of the content", "test:unit:content", []],
  ["build and pre-render", "build", []],
  ["size budget", "size", []],
  ["browser tests, axe, HTML, hosting", "test:e2e", []],
];

/**
 * The lane cut in parts that CI runs side by side on separate runners (ci.yml's `content` matrix),
 * so that its verdict comes in the time of the slowest part, not of the sum:
 * `--part=checks` runs every step but the browser tests; `--part=browser --shard=i/n` runs the
 * content check (without annotations: the checks part writes them), the build and the i-th of n
 * shares of the browser tests (Playwright's `--shard`). Without `--part`, every step (as locally).
 */
export function stepsOf(argv: readonly string[]): [label: string, script: string, args: string[]][] {
  const part = argv.find((arg) => arg.startsWith("--part="))?.slice("--part=".length);
  const shard = argv.find((arg) => arg.startsWith("--shard="))?.slice("--shard=".length);
  const browser = laneSteps.at(-1)!;
  if (part === undefined) return laneSteps;
  if (part === "checks") return laneSteps.slice(0, -1);
  if (part === "browser") {
    if (shard !== undefined && !/^[1-9]\d*\/[1-9]\d*$/.test(shard))
      throw new Error(`--shard=${shard}: write it as --shard=1/2`);
    const [check, , build] = laneSteps;
    return [
      [check![0], check![1], []],
      build!,
      [shard ? `${browser[0]} (share ${shard})` : browser[0], browser[1], shard ? [`--shard=${shard}`] : []],
    ];
  }
  throw new Error(`--part=${part}: the parts are "checks" and "browser"`);
}

if (process.argv[1] === import.meta.filename) {
  const results: { label: string; status: "passed" | "failed" | "skipped"; seconds?: number }[] = [];
  const started = performance.now();
  for (const [label, script, args] of stepsOf(process.argv.slice(2))) {
    if (results.some((r) => r.status === "failed")) {
      results.push({ label, status: "skipped" });
      continue;
    }
    console.log(`\n━━ ${label} (npm run ${[script, ...(args.length ? ["--", ...args] : [])].join(" ")}) ━━`);
    const start = performance.now();
    const run = spawnSync("npm", ["run", "--silent", script, ...(args.length ? ["--", ...args] : [])], {
      stdio: "inherit",
      shell: process.platform === "win32",
    });
    results.push({
      label,
      status: run.status === 0 ? "passed" : "failed",
      seconds: (performance.now() - start) / 1000,
    });
  }
  const total = (performance.now() - started) / 1000;
  const mark = { passed: "✔", failed: "✖", skipped: "–" };
  console.log("\n━━ summary (the fast lane for content) ━━");
  for (const r of results) {
    console.log(
      `${mark[r.status]} ${r.label.padEnd(46)} ${r.status.padEnd(8)} ${r.seconds === undefined ? "" : `${r.seconds.toFixed(1)} s`}`,
    );
  }
  const failed = results.some((r) => r.status !== "passed");
  console.log(`\n${failed ? "✖ FAILED" : "✔ every content-dependent check passed"} in ${total.toFixed(1)} s`);
  process.exitCode = failed ? 1 : 0;
}
