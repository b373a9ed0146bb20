/**
 * `npm test`: every check, in order, then a summary. Stops at the first failing step (later steps
 * depend on earlier ones: the browser tests need the build) and exits non-zero.
 * Steps: content check, type check, lint and formatting, unit and component tests, the lead endpoint
 * (tests/leads: real SMTP and webhook receivers, the embedded database and Debian's PostgreSQL, which
 * the run installs where missing and runs as its own cluster on 127.0.0.1), build, size
 * budget, browser tests (end-to-end, axe, keyboard, Nu Html Checker; a browser is installed first
 * when the machine has none; and the hosting checks against `npm start` and against Debian's nginx
 * with deploy/nginx.conf, which the run installs where it is missing, starts on 127.0.0.1 and
 * stops), a pull request's preview built under a sub-path and clicked through (tests/preview), editing in /admin/ in a browser against `npm run cms` on a copy of the project
 * (tests/cms), then the same checks on a copy of the content with realistic marketing edits applied
 * (tests/edits). The launch-content check (`npm run check:spec`) is not a step.
 */
import { spawnSync } from "node:child_process";
import { performance } from "node:perf_hooks";

const steps: [label: string, script: string][] = [
  ["content check", "content:check"],
  ["type check", "typecheck"],
  ["lint and formatting", "lint"],
  ["unit and component tests", "test:unit"],
  ["the commands on a fresh copy, cold", "test:commands"],
  ["lead endpoint and admin login", "test:leads"],
  ["build and pre-render", "build"],
  ["size budget", "size"],
  ["browser tests, axe, HTML, hosting", "test:e2e"],
  ["a preview built and served under /pr-123/", "test:preview"],
  ["editing in /admin/ (Decap CMS)", "test:cms"],
  ["marketing edits pass every check", "test:edits"],
];

const results: { label: string; status: "passed" | "failed" | "skipped"; seconds?: number }[] = [];
const started = performance.now();
for (const [label, script] of steps) {
  if (results.some((r) => r.status === "failed")) {
    results.push({ label, status: "skipped" });
    continue;
  }
  console.log(`\n━━ ${label} (npm run ${script}) ━━`);
  const start = performance.now();
  const run = spawnSync("npm", ["run", "--silent", script], { stdio: "inherit", shell: process.platform === "win32" });
  results.push({ label, status: run.status === 0 ? "passed" : "failed", seconds: (performance.now() - start) / 1000 });
}

const total = (performance.now() - started) / 1000;
const mark = { passed: "✔", failed: "✖", skipped: "–" };
console.log("\n━━ summary ━━");
for (const r of results) {
  console.log(
    `${mark[r.status]} ${r.label.padEnd(34)} ${r.status.padEnd(8)} ${r.seconds === undefined ? "" : `${r.seconds.toFixed(1)} s`}`,
  );
}
const failed = results.some((r) => r.status !== "passed");
console.log(`\n${failed ? "✖ FAILED" : "✔ all checks passed"} in ${total.toFixed(1)} s`);
process.exitCode = failed ? 1 : 0;
