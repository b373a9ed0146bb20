/**
 * `npm run test:edits` (the last step of `npm test`): every marketing edit in marketing-edits.ts
 * applied to a copy of the project's content, then every other step of `npm test` run on that copy
 * (tools/steps.ts's list, `editSteps`: taken from the list, so a new suite cannot escape it). A valid
 * edit must never turn CI red, whichever step sees it; this is the proof. The fast lane for content
 * (`npm run test:content`) is a part of those steps (tests/content/lane.test.ts).
 * `-- --part=<part>` runs only that part's steps on the copy, `--shard=<i>/<n>` too one share of a part
 * that is cut (CI runs the parts and shares side by side).
 * In: the repository. Out: a temporary copy (removed afterwards unless KEEP_EDITS=1), a summary.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { editSteps, runSteps, selectionOf, stepsOf } from "../../tools/steps.ts";
import { copyProject } from "../helpers/copy-project.ts";
import { marketingEdits } from "./marketing-edits.ts";

const steps = stepsOf(process.argv.slice(2), editSteps);
const copy = copyProject(mkdtempSync(join(tmpdir(), "marketing-edits-")));

console.log(`marketing edits, applied to a copy of content/ in ${copy}:`);
for (const edit of marketingEdits) {
  await edit.apply(join(copy, "content"));
  console.log(`  ✎ ${edit.name}`);
}

const passed = runSteps(steps, {
  title: "summary (after the marketing edits)",
  cwd: copy,
  // The copy's browser tests pick free ports of their own (playwright.config.ts): a fixed port
  // collides with another run of this test on the same machine.
  env: { ...process.env, E2E_PORT: "", E2E_NGINX_PORT: "" },
  shard: selectionOf(process.argv.slice(2)).shard,
  heading: (step) => `\n── after the edits: ${step.label} (npm run ${step.script}) ──`,
});

if (!passed) console.error(`\n✖ a valid marketing edit breaks CI. The edited copy is kept in ${copy}`);
else if (!process.env.KEEP_EDITS) rmSync(copy, { recursive: true, force: true });
process.exitCode = passed ? 0 : 1;
