/**
 * `npm run test:edits` (the last step of `npm test`): every marketing edit in marketing-edits.ts
 * applied to a copy of the project's content, then every step that tests the content run on that copy
 * (tools/run/steps.ts's `contentSteps`: the content check, the content's component tests, the build,
 * the size budget, the browser tests). The other steps run on the launch content, which no edit
 * reaches, so they need no second run. A valid edit must never turn CI red; this is the proof. In the
 * whole run it is also where content/ gets those steps (but the content check, run on content/ first):
 * the copy holds all of content/ (steps.ts, `onEdits`).
 * `-- --shard=<i>/<n>` runs one share of the content steps (their cut ones), as `npm test` does.
 * In: the repository. Out: a temporary copy (removed afterwards unless KEEP_EDITS=1), a summary.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runSteps } from "../../tools/run/run-steps.ts";
import { contentSteps, inShare } from "../../tools/run/steps.ts";
import { copyProject } from "../../tools/shared/copy-project.ts";
import { marketingEdits } from "./marketing-edits.ts";

const shard = process.argv.find((arg) => arg.startsWith("--shard="))?.slice("--shard=".length);
const steps = inShare(contentSteps, shard);
const copy = copyProject(mkdtempSync(join(tmpdir(), "marketing-edits-")));

console.log(`marketing edits, applied to a copy of content/ in ${copy}:`);
for (const edit of marketingEdits) {
  await edit.apply(join(copy, "content"));
  console.log(`  ✎ ${edit.name}`);
}

const passed = await runSteps(steps, {
  title: "summary (after the marketing edits)",
  cwd: copy,
  // The copy's browser tests pick free ports of their own (playwright.config.ts): a fixed port
  // collides with another run of this test on the same machine.
  env: { ...process.env, E2E_PORT: "", E2E_NGINX_PORT: "" },
  shard,
  heading: (step) => `\n── after the edits: ${step.label} (npm run ${step.script}) ──`,
});

if (!passed)
  console.error(
    `\n✖ a content step failed on content/ with the marketing edits applied; the edited copy is kept in ${copy}.` +
      "\n  `npm run test:content` runs the same steps on content/ alone: if they pass there, a valid marketing" +
      " edit breaks CI (a test that pins the content), else content/ itself fails them.",
  );
else if (!process.env.KEEP_EDITS) rmSync(copy, { recursive: true, force: true });
process.exitCode = passed ? 0 : 1;
