/**
 * `npm run content:check` and `npm run content:build` (which also makes the photos' versions: the image
 * stage, cached in node_modules/.cache/images).
 * Usage: tsx scripts/content/cli/cli.ts <check|build> [--format=human|github|json] [--content=DIR] [--out=DIR] [--drafts] [--verbose]
 * --drafts keeps drafts in the output (a preview); without it they are left out, as on the live site.
 * --verbose prints the stack of a fault of the program (fault.ts).
 * BUILD_TIME (ISO 8601 with its zone) sets the build's clock: what is outside its window (publishDate, expiryDate) then is left out.
 * Files unchanged since an earlier run come from the per-file cache (cache.ts) in node_modules/.cache/content;
 * a run whose files, settings and code are all unchanged gives the last run's result (run-memo.ts).
 * Exit codes: 0 content is valid, 1 content has problems (nothing written), 2 wrong usage or a fault of
 * the program itself (fault.ts: reported as ours, never as a problem of a content file).
 */
import { performance } from "node:perf_hooks";
import { cmsRepository } from "../../cms/repository.ts";
import { defaultContentCacheDir } from "../speed/cache.ts";
import { describeFault } from "../problems/fault.ts";
import { format, formats, type Format, type Summary } from "../problems/report.ts";
import { RunMemo, type MemoResult, type ReadFile } from "../speed/run-memo.ts";
import { commandClock } from "../clock.ts";
import type { ParallelOptions } from "../speed/workers.ts";

/** A worker thread's side (workers.ts), loaded only in a worker: jobs wait in its port until then. */
export async function workerMain(): Promise<void> {
  (await import("../speed/workers.ts")).workerMain();
}

/**
 * Runs the command; resolves to the exit code. `parallel` (from the launcher): how to start worker
 * threads that parse and validate many changed files at once (workers.ts); CONTENT_THREADS sets how
 * many threads (1 goes without them), CONTENT_PARALLEL_MIN how many files a thread needs (default
 * 750; the tests use 1). CONTENT_QUICK_YAML=off parses every file with positions (decision 0015).
 */
export async function main(args: readonly string[], parallel?: ParallelOptions): Promise<number> {
  const verbose = args.includes("--verbose");
  try {
    return await runCommand(args.filter((arg) => arg !== "--verbose"), verbose, parallel);
  } catch (error) {
    // Anything that escapes the run is the program's fault: content problems are results, not exceptions.
    const command = `npm run content:${args[0] === "build" ? "build" : "check"}`;
    const { repo } = cmsRepository();
    const reportTo = repo.includes("your-organisation") ? undefined : `https://github.com/${repo}/issues`;
    const text = describeFault(error, { command, reportTo, verbose });
    if (args.includes("--format=github")) console.log(`::error title=Content tool fault::${text.split("\n")[0]!.replace(/%/g, "%25")}`);
    console.error(text);
    return 2;
  }
}

/** The options after the command, or undefined (said) for one it does not know. */
function parseFlags(flags: readonly string[]): { options: Record<string, string>; drafts: boolean } | undefined {
  const options: Record<string, string> = { format: "human", content: "content", out: "src/generated" };
  let drafts = false;
  for (const flag of flags) {
    if (flag === "--drafts") {
      drafts = true;
      continue;
    }
    const match = /^--(format|content|out)=(.+)$/.exec(flag);
    if (!match) {
      console.error(`unknown option "${flag}". Usage: content <check|build> [--format=human|github|json] [--content=DIR] [--out=DIR] [--drafts] [--verbose]`);
      return undefined;
    }
    options[match[1]!] = match[2]!;
  }
  return { options, drafts };
}

async function runCommand(args: readonly string[], verbose: boolean, parallel?: ParallelOptions): Promise<number> {
  const started = performance.now();
  const [command, ...flags] = args;
  const parsed = parseFlags(flags);
  if (!parsed) return 2;
  const { options, drafts } = parsed;
  // The per-file cache across runs (cache.ts); CONTENT_CACHE moves it, "off" goes without.
  const cache = process.env.CONTENT_CACHE === "off" ? undefined : (process.env.CONTENT_CACHE ?? defaultContentCacheDir);
  if ((command !== "check" && command !== "build") || !formats.includes(options.format as Format)) {
    console.error("usage: content <check|build> [--format=human|github|json] [--content=DIR] [--out=DIR] [--drafts] [--verbose]");
    return 2;
  }

  // The build's clock, read once: what is outside its window (publishDate, expiryDate) then is left out.
  const now = commandClock();
  if (now === undefined) return 2;
  const contentDir = options.content!;
  const outDir = command === "build" ? options.out! : undefined;
  const kept = await keptAddresses(contentDir, now, cache ?? defaultContentCacheDir, options.format as Format);
  // A build that would drop a published address writes nothing: the last good output stays.
  if (command === "build" && kept.lost.length > 0) return kept.refuse(started);
  // Nothing changed since the last run of this command: its result, without loading the pipeline.
  const memo = cache === undefined ? undefined : new RunMemo(contentDir, cache);
  // What a build reads besides content: the CMS settings it writes into its configuration, the photos' cache.
  const environment = command === "build" ? [process.env.IMAGE_CACHE] : undefined;
  const snapshot = memo?.snapshot(command, { drafts, outDir, environment });
  const remembered = snapshot && memo!.lookup(command, snapshot.key, outDir, now);
  let result: Omit<MemoResult, "outputs" | "photos"> & Pick<Summary, "written" | "images">;
  if (remembered) {
    const { problems, warnings, files, outputs, photos } = remembered;
    result = { problems, warnings, files };
    if (outputs) result.written = { written: 0, unchanged: outputs.length, removed: 0, outDir: outDir! };
    if (photos) result.images = { made: 0, cached: photos, ms: 0 };
  } else {
    // Loaded only when there is work to do: most of the CLI's code is the pipeline and its packages.
    const { buildContent, runContent, ContentCache, prepareInParallel } = await import("../pipeline.ts");
    // The files as read for the memo; without one, those read for the workers, so none is read twice.
    const sources = snapshot?.texts ?? new Map<string, ReadFile>();
    const contentCache = new ContentCache(contentDir, cache);
    if (parallel) {
      const threads = Number(process.env.CONTENT_THREADS) || undefined;
      const minFiles = process.env.CONTENT_PARALLEL_MIN === undefined ? undefined : Number(process.env.CONTENT_PARALLEL_MIN);
      const stats = await prepareInParallel(contentDir, contentCache, sources, { ...parallel, threads, minFiles, now });
      if (verbose && stats.workers > 0) {
        console.error(
          `threads: ${stats.workers} worker thread(s) started; ${stats.parsed} file(s) parsed and ${stats.validated} validated shared out` +
            (stats.failed ? `; the workers stopped (${stats.failed}) and this thread did their share` : ""),
        );
      }
    }
    const run =
      command === "build"
        ? await buildContent({ contentDir, outDir: outDir!, drafts, cache: contentCache, sources, now })
        : runContent({ contentDir, drafts, cache: contentCache, sources, now });
    const { problems, warnings, files, images, steady } = run;
    result = { problems, warnings, files, ...(images ? { images } : {}) };
    if (run.written) {
      const { written, unchanged, removed } = run.written;
      result.written = { written, unchanged, removed, outDir: outDir! };
    }
    const photos = images ? images.made + images.cached : undefined;
    if (snapshot) memo!.store(command, snapshot.key, { problems, warnings, files, steady, ...(photos ? { photos } : {}) }, outDir);
  }
  const ms = Math.round(performance.now() - started);
  // What this build published, for a later check without Git history (a build whose content is unchanged wrote it already).
  if (command === "build" && result.problems.length === 0 && !remembered) await kept.record();
  const text = format(
    {
      problems: [...kept.lost, ...result.problems],
      warnings: [...kept.warnings, ...result.warnings],
      files: result.files,
      ms,
      written: result.written,
      images: result.images,
    },
    options.format as Format,
  );
  if (result.problems.length > 0 && options.format === "human") console.error(text);
  else console.log(text);
  return result.problems.length + kept.lost.length > 0 ? 1 : 0;
}

/**
 * A published address never becomes a 404 (base-addresses.ts): the content's addresses against
 * main's. The addresses it drops (`lost`: refused), those it drops against the last build when there
 * is no history (`warnings`), and how to record what a build published. Without history it says so.
 */
async function keptAddresses(contentDir: string, now: number, cacheDir: string, style: Format) {
  const { checkKeptAddresses, recordBuiltAddresses } = await import("./base-addresses.ts");
  const kept = await checkKeptAddresses(contentDir, { now, cacheDir });
  if (kept.note && style === "human") console.error(kept.note);
  return {
    lost: kept.problems.filter((problem) => problem.severity !== "warning"),
    warnings: kept.problems.filter((problem) => problem.severity === "warning"),
    record: () => recordBuiltAddresses(contentDir, { now, cacheDir }),
    refuse(started: number) {
      const ms = Math.round(performance.now() - started);
      console.error(format({ problems: this.lost, warnings: [], files: 0, ms }, style));
      return 1;
    },
  };
}

// Run directly (tsx, in development and tests); the launcher (run.mjs) calls main() of the bundle.
if (process.argv[1] === import.meta.filename) void main(process.argv.slice(2)).then((code) => (process.exitCode = code));
