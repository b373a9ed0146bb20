/**
 * `npm run schedule`: the site's coming changes, in time order, one a line:
 *   Fri Nov 27 00:00 EST: shows faq/holiday-hours (home, FAQ)
 * `npm run schedule -- --due-since <ISO 8601 time>`: whether a change fell due after that time and
 * by now (the scheduled workflow asks it with the time of the last deploy). Exit 0: one is due (build
 * and deploy); 1: none is; 2: wrong usage (a time that cannot be read).
 * Options: --content=DIR (default content). The clock is the build's (BUILD_TIME, or now).
 */
import { formatWhen, parseWhen } from "../../schemas/index.ts";
import { commandClock } from "../content/clock.ts";
import { changesAfter, dueSince, type Change } from "./coming.ts";

const usage = "usage: npm run schedule [-- --due-since <ISO 8601 time, e.g. 2026-11-27T09:00:00Z>] [--content=DIR]";

const line = (change: Change, zone: string | undefined) =>
  `${formatWhen(change.at, zone)}: ${change.verb} ${change.what}${change.where.length ? ` (${change.where.join("; ")})` : ""}`;

export function main(args: readonly string[]): number {
  let contentDir = "content";
  let since: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg.startsWith("--content=")) contentDir = arg.slice("--content=".length);
    else if (arg === "--due-since" && i + 1 < args.length) since = args[++i];
    else if (arg.startsWith("--due-since=")) since = arg.slice("--due-since=".length);
    else {
      console.error(`unknown option "${arg}". ${usage}`);
      return 2;
    }
  }
  const now = commandClock();
  if (now === undefined) return 2;
  if (since === undefined) {
    const { changes, zone } = changesAfter(contentDir, now);
    if (changes.length === 0)
      console.log("Nothing is scheduled: no page, section or entry has a coming Show from or Show until.");
    for (const change of changes) console.log(line(change, zone));
    return 0;
  }
  const from = parseWhen(since, undefined);
  if (typeof from === "string") {
    console.error(`--due-since: ${from.replace(/, or set timeZone in content\/site\.yaml.*$/, "")}`);
    return 2;
  }
  const { due, zone } = dueSince(contentDir, from, now);
  if (due.length === 0) {
    console.log(
      `Nothing fell due between ${formatWhen(from, zone, { year: true })} and ${formatWhen(now, zone, { year: true })}: no build needed.`,
    );
    return 1;
  }
  console.log(`${due.length} change(s) fell due since ${formatWhen(from, zone, { year: true })}: build and deploy.`);
  for (const change of due) console.log(line(change, zone));
  return 0;
}

if (process.argv[1] === import.meta.filename) process.exitCode = main(process.argv.slice(2));
