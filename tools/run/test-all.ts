/**
 * `npm test`: every step of tools/run/steps.ts's list, in order, through the one runner (run-steps.ts),
 * stopping at the first failure, then a summary with each step's time; exits non-zero on a failure.
 * The content check runs on content/; the steps that test the content run, as the last step, on a copy
 * of content/ with marketing edits applied (tests/edits/run.ts; steps.ts, `onEdits`); the others on the
 * launch content, in a copy. `npm run test:content` is this file with `--part=content`: the fast lane
 * for a content-only change.
 * `-- --part=<part>` runs one part (repeatable, or `--part=commands,leads`), `"--part=content 2/2"` or
 * `--part=content --shard=2/2` one share of a part, as the fast lane's runners do (ci.yml's `content` job).
 */
import { runSteps } from "./run-steps.ts";
import { selectionOf, stepsOf } from "./steps.ts";

const argv = process.argv.slice(2);
const { parts, shard } = selectionOf(argv);
const title = parts.length ? `summary (${parts.join(", ")}${shard ? ` ${shard}` : ""})` : "summary";
process.exitCode = (await runSteps(stepsOf(argv), { title, shard })) ? 0 : 1;
