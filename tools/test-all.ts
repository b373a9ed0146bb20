/**
 * `npm test`: every check, in order, then a summary with each step's time. Stops at the first failing
 * step (later steps depend on earlier ones: the browser tests need the build) and exits non-zero.
 * The steps are tools/steps.ts's list: content check, type check, lint and formatting, unit and
 * component tests, the commands on a fresh copy, the lead endpoint (tests/leads: real SMTP and webhook
 * receivers, the embedded database and Debian's PostgreSQL, which the run installs where missing and
 * runs as its own cluster on 127.0.0.1), build, size budget, browser tests (end-to-end, axe, keyboard,
 * Nu Html Checker; a browser is installed first when the machine has none; and the hosting checks
 * against `npm start` and against Debian's nginx with deploy/nginx.conf, which the run installs where
 * it is missing, starts on 127.0.0.1 and stops), a pull request's preview built under a sub-path and
 * clicked through (tests/preview), editing in /admin/ in a browser against `npm run cms` on a copy of
 * the project (tests/cms), then every one of those steps again on a copy of the content with
 * realistic marketing edits applied (tests/edits). The launch-content check (`npm run check:spec`) is
 * not a step: tests/commands runs it on the launch content kept in tests/spec/launch-content/.
 * `npm test -- --part=<part>` runs one part of the list, `-- --part=<part> --shard=<i>/<n>` one share of a
 * part that is cut (CI runs the parts and shares on runners side by side: tools/steps.ts's `ciParts`).
 */
import { runSteps, selectionOf, stepsOf } from "./steps.ts";

const argv = process.argv.slice(2);
const { part, shard } = selectionOf(argv);
const title = part ? `summary (${part}${shard ? ` ${shard}` : ""})` : "summary";
process.exitCode = runSteps(stepsOf(argv), { title, shard }) ? 0 : 1;
