/**
 * Scheduled changes while `npm start` serves: the site goes live and comes down at the times the
 * content sets (publishDate, expiryDate) without a restart. For the next boundary, the site as it
 * will be then is built ahead of time, beside the one served (`.sites/<time>/`: content:build and
 * build:site with DIST and BUILD_TIME set to that time, under the build lock `npm start` holds while
 * it builds), and at that time the static handler is pointed at it: one assignment, so a request is
 * answered wholly from the old site or wholly from the new. A build that fails leaves the old site
 * serving and logs why; the one after it is built for the boundary after. The folder served before
 * is removed a minute after the swap, once the requests that were reading it are done.
 * In: the project, its content, the clock (scripts/content/clock.ts `runningClock`) and `swap`.
 */
import { spawn } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { formatWhen } from "../schemas/index.ts";
import { changesAfter } from "../scripts/schedule/coming.ts";
import { acquireLock } from "./leads/lock.ts";
import { log } from "./log.ts";

/** Builds the site as it is at `at` into `outDir`: whether it worked, and what it printed. */
export type SiteBuild = (at: number, outDir: string) => Promise<{ ok: boolean; output: string }>;

/** The build `npm start` runs, in steps that leave dist/ alone: the content at `at`, then the site into `outDir`. */
export function npmBuild(projectDir: string): SiteBuild {
  const run = (script: string, env: NodeJS.ProcessEnv) =>
    new Promise<{ code: number; output: string }>((resolve) => {
      const child = spawn("npm", ["run", "--silent", script], {
        cwd: projectDir,
        env,
        stdio: ["ignore", "pipe", "pipe"],
      });
      let output = "";
      child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
      child.once("exit", (code, signal) => resolve({ code: code ?? (signal ? 143 : 1), output }));
    });
  return async (at, outDir) => {
    const lockFolder = join(projectDir, "node_modules", ".cache", "build");
    mkdirSync(lockFolder, { recursive: true });
    const lock = await acquireLock(lockFolder, { wait: true });
    try {
      const env = { ...process.env, BUILD_TIME: new Date(at).toISOString(), DIST: outDir };
      const content = await run("content:build", env);
      if (content.code !== 0) return { ok: false, output: content.output };
      const site = await run("build:site", env);
      return { ok: site.code === 0, output: content.output + site.output };
    } finally {
      await lock.release();
    }
  };
}

export interface ScheduleOptions {
  projectDir: string;
  contentDir: string;
  clock: () => number;
  /** The time the site served now was built for: the first change looked for is the first after it. */
  builtFor: number;
  /** Points the server at another built folder (serve.ts); throws when the folder cannot be served. */
  swap: (dir: string) => void;
  build?: SiteBuild;
  /** How long the folder served before is kept after a swap (ms). */
  keepMs?: number;
}

/** The longest a timer may wait (about 24.8 days); a longer wait is a chain of them. */
const longestTimer = 2 ** 31 - 1;

/** Starts rebuilding at each boundary; `stop()` ends it (a build under way finishes, nothing is swapped). */
export function rebuildOnSchedule({
  projectDir,
  contentDir,
  clock,
  builtFor,
  swap,
  build = npmBuild(projectDir),
  keepMs = 60_000,
}: ScheduleOptions): { stop(): void; idle(): Promise<void> } {
  const sites = join(projectDir, ".sites");
  // What an earlier run left behind is no longer served by anything.
  rmSync(sites, { recursive: true, force: true });
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let served: string | undefined;
  let working: Promise<void> = Promise.resolve();

  const waitUntil = (at: number) =>
    new Promise<void>((resolve) => {
      const tick = () => {
        const left = at - clock();
        if (stopped || left <= 0) return resolve();
        timer = setTimeout(tick, Math.min(left, longestTimer));
      };
      tick();
    });

  const next = async (after: number): Promise<void> => {
    const { changes, zone: siteZone } = changesAfter(contentDir, after);
    const first = changes[0];
    if (!first || stopped) {
      if (!first) log.info("schedule: no scheduled change ahead (publishDate, expiryDate)");
      return;
    }
    const at = first.at;
    const when = formatWhen(at, siteZone, { year: true });
    const what = changes.filter((change) => change.at === at).map((change) => `${change.verb} ${change.what}`);
    const outDir = join(sites, String(at));
    log.info(`schedule: next change ${when}: ${what.join("; ")}; building the site for it now, beside the one served`);
    const started = clock();
    const result = await build(at, outDir);
    if (stopped) return;
    if (!result.ok) {
      rmSync(outDir, { recursive: true, force: true });
      const tail = result.output.trim().split("\n").slice(-15).join("\n");
      log.error(
        `schedule: the site for ${when} could not be built, so the current site stays as it is. The build said:\n${tail}`,
      );
      return next(at);
    }
    log.info(
      `schedule: the site for ${when} is built (${Math.round((clock() - started) / 1000)} s); it is served from then`,
    );
    await waitUntil(at);
    if (stopped) return;
    try {
      swap(outDir);
    } catch (error) {
      log.error(
        `schedule: the site built for ${when} cannot be served, so the current site stays: ${(error as Error).message}`,
      );
      return next(at);
    }
    const before = served;
    served = outDir;
    log.info(`schedule: ${what.join("; ")}: now serving the site for ${when}`);
    if (before) setTimeout(() => rmSync(before, { recursive: true, force: true }), keepMs).unref();
    return next(at);
  };

  working = next(builtFor).catch((error: unknown) => {
    log.error(
      `schedule: scheduled changes stopped (a bug in the server, not in the content): ${(error as Error).message}`,
    );
  });
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
    idle: () => working,
  };
}
