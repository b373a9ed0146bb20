/**
 * The build's clock: the one place that reads it. Now, or BUILD_TIME (an ISO 8601 date and time
 * with its zone, e.g. "2026-11-27T09:00:00-05:00") when set, so a test, a preview or "the site as it
 * will look on Friday" builds with the same code as the live site. Every stage takes the time it is
 * given (`now`); none reads the clock.
 */
import { timeAt } from "../../schemas/index.ts";

/** The build's time (ms since 1970), or what is wrong with BUILD_TIME. */
export function buildClock(env: Readonly<Record<string, string | undefined>> = process.env, clock: () => number = Date.now): number {
  // The same reading as the preview's chosen time (`?at=`, when.ts), BUILD_TIME naming its zone.
  const at = timeAt(env.BUILD_TIME, undefined, clock);
  if (typeof at === "string") throw new BuildTimeError(`BUILD_TIME: ${at.replace(/, or set timeZone in content\/site\.yaml.*$/, "")}`);
  return at;
}

/** The build's time for a command: undefined, with BUILD_TIME's mistake printed, when it cannot be read (exit 2). */
export function commandClock(): number | undefined {
  try {
    return buildClock();
  } catch (error) {
    if (!(error instanceof BuildTimeError)) throw error;
    console.error(error.message);
    return undefined;
  }
}

/**
 * A clock that runs from the build's time: `npm start` with BUILD_TIME serves the site as it is at
 * that time, and the time runs on from there (so a boundary a minute after it comes a minute later).
 */
export function runningClock(env: Readonly<Record<string, string | undefined>> = process.env, clock: () => number = Date.now): () => number {
  const offset = buildClock(env, clock) - clock();
  return () => clock() + offset;
}

/** BUILD_TIME is set to something that is not a date and time with its zone: the caller's usage, not content. */
export class BuildTimeError extends Error {}
