/**
 * The content pipeline: load → context → validate → cross-file rules, then for a build the image
 * stage → emit.
 * In: a content folder. Out: problems; `runContent` only checks (synchronous, writes nothing);
 * `buildContent` also makes the photos' versions (image-stage.ts, cached) and writes the generated
 * modules and media to `outDir`. A run with problems writes nothing.
 */
import { join } from "node:path";
import { contentKinds, type ContentFacts, type KindTable } from "../../schemas/index.ts";
import { ContentCache } from "./speed/cache.ts";

export { ContentCache };
export { prepareInParallel } from "./speed/workers.ts";
import { contextFrom, contextInputs } from "./stages/context.ts";
import { contextFingerprint, reuseAcrossContexts } from "./speed/context-reuse.ts";
import { renderOutput, writeOutput, type WriteStats } from "./stages/emit.ts";
import { faultPoint } from "./problems/fault.ts";
import { checkFolding } from "./stages/folding.ts";
import { makeImages, defaultCacheDir } from "./images/image-stage.ts";
import type { Asset, ImageResolver } from "./images/images.ts";
import { load, quickReadsByDefault, quickReadsDiffered, type SourceFile } from "./stages/load.ts";
import { locate } from "./problems/position.ts";
import { byPosition, fieldPath, type Problem } from "./problems/problem.ts";
import { checkRules } from "./stages/rules.ts";
import type { ReadFile } from "./speed/run-memo.ts";
import { findUnused } from "./stages/unused.ts";
import { checkSchedule, scheduledIn, shownAt, steadyAround, zoneOf } from "./stages/schedule.ts";
import { buildClock } from "./clock.ts";
import { published, validate, type Content } from "./stages/validate.ts";
import { entryPages } from "./stages/entry-pages.ts";
import { withoutUnbuiltListings } from "./stages/unbuilt-listings.ts";

/** Whether the run found problems so far (then no page is made from content that is not all valid). */
const anyProblem = (loaded: { problems: unknown[] }, found: unknown[]) => loaded.problems.length + found.length > 0;
import { curlyQuoted } from "./problems/yaml-errors.ts";

export interface RunOptions {
  contentDir: string;
  /** Keep drafts in the output (the development preview); the published site leaves them out. */
  drafts?: boolean;
  /**
   * The per-file cache (cache.ts): a folder to keep it in across runs (the CLI: node_modules/.cache/content),
   * or a ContentCache kept by the caller (the dev server, between saves). None: everything afresh.
   */
  cache?: string | ContentCache;
  /** Files already read, with their hashes (run-memo.ts, the dev server): not read again; those read are added. */
  sources?: Map<string, ReadFile>;
  /** Whether plain files may be read quickly (fast-yaml.ts; default: unless CONTENT_QUICK_YAML=off). */
  quickYaml?: boolean;
  /** The table of content kinds (schemas/kinds.ts; a test adds rows to it). */
  kinds?: KindTable;
  /**
   * The build's clock (ms since 1970): what is outside its window then (publishDate, expiryDate) is
   * left out. Default: clock.ts's (now, or BUILD_TIME).
   */
  now?: number;
}

export interface BuildOptions extends RunOptions {
  /** Where to write the generated modules and media. */
  outDir: string;
  /** Where made photo versions are kept between builds (default: node_modules/.cache/images). */
  cacheDir?: string;
  /** What the last build of this process wrote (emit.ts `writeOutput`): the dev server keeps it. */
  written?: Map<string, Buffer>;
}

export interface RunResult {
  /** Errors: any of them and nothing is written. */
  problems: Problem[];
  /** Reported, but do not stop the build (e.g. an entry no page shows). */
  warnings: Problem[];
  /** Number of content files read (images included). */
  files: number;
  content?: Content;
  written?: WriteStats;
  /** For a build: photo versions encoded in this run and found in the cache. */
  images?: { made: number; cached: number; ms: number };
  /** The span of time around the run's clock in which its result stays the same (schedule.ts `steadyAround`). */
  steady: { since?: number; until?: number };
}

/**
 * Checks the content. Its explicit last step: should a file read quickly (fast-yaml.ts) have proved
 * to hold other data than its positioned parse (load.ts `quickReadsDiffered`), the run is done again
 * with every file parsed with positions, so no result rests on a quick read that went wrong.
 */
function check(options: RunOptions): ReturnType<typeof checkOnce> {
  const quick = options.quickYaml ?? quickReadsByDefault();
  const run = checkOnce({ ...options, quickYaml: quick });
  return quick && quickReadsDiffered(run.files) ? checkOnce({ ...options, quickYaml: false }) : run;
}

/** The dev server's one context object per cache it keeps (see checkOnce). */
const keptContexts = new WeakMap<ContentCache, ContentFacts>();

function checkOnce({ contentDir, drafts = false, cache: option, sources, quickYaml, kinds = contentKinds, now = buildClock() }: RunOptions): { result: RunResult; images: ImageResolver; files: SourceFile[] } {
  const cache = typeof option === "string" ? new ContentCache(contentDir, option) : option;
  faultPoint("load");
  const loaded = load(contentDir, cache, sources, { quick: quickYaml, kinds });
  faultPoint("context");
  const inputs = contextInputs(contentDir, loaded, kinds, now);
  const made = contextFrom(inputs);
  const { images } = made;
  // A cache kept by the caller (the dev server, between saves): one context object for all its runs,
  // its facts replaced by this run's, so the schemas built for it (once per context object) serve
  // every save. The schemas read the facts when they check, never when they are built.
  let context = made.context;
  if (cache && typeof option === "object") {
    const kept = keptContexts.get(cache);
    if (kept) context = Object.assign(kept, made.context);
    else keptContexts.set(cache, context);
  }
  const fingerprint = cache && contextFingerprint(loaded, inputs);
  // A cache kept by the caller (the dev server, between saves) remembers the contexts it has seen.
  const reusable = cache && typeof option === "object" ? reuseAcrossContexts(cache, fingerprint!, inputs) : undefined;
  const validateCache = cache && { context: fingerprint!, touch: () => cache.touch(), reusable };
  faultPoint("validate");
  const { content: everything, problems: found } = validate(loaded.files, context, validateCache, kinds);
  // Folded blocks and curly quotes depend on the file alone: a file that passed them is not checked again.
  const unchecked = loaded.files.filter((file) => !file.cached?.clean);
  faultPoint("rules");
  found.push(...checkRules(everything, loaded.files, kinds));
  const contextFree = checkFolding(unchecked);
  for (const file of unchecked) contextFree.push(...curlyQuoted(file));
  if (cache) {
    const flagged = new Set(contextFree.map((problem) => problem.file));
    const passed = unchecked.filter((file) => file.cached && !flagged.has(file.path));
    for (const file of passed) file.cached!.clean = true;
    if (passed.length > 0) cache.touch();
  }
  found.push(...contextFree);
  // What is shown when: the windows (publishDate, expiryDate) read at the build's clock.
  const zone = zoneOf(loaded.files);
  const scheduled = scheduledIn(loaded.files, zone, kinds);
  const timed = checkSchedule(loaded.files, scheduled, now, zone, inputs.notFoundRoute);
  found.push(...timed.problems);
  const shown = drafts ? everything : shownAt(published(everything), now);
  // The pages of the kinds with pages, from what is shown: an entry not shown has no page and is on no listing.
  const entries = anyProblem(loaded, found) ? undefined : entryPages(shown, kinds);
  const content: Content = entries
    ? { ...withoutUnbuiltListings(shown, entries.pages, kinds), made: entries.pages, cards: entries.cards }
    : shown;
  // A file that cannot be read (or used) is the cause of what goes wrong around it: it comes first.
  const problems = [...loaded.problems.sort(byPosition), ...found.sort(byPosition)];
  const warnings = problems.length ? [] : [...findUnused(published(everything), loaded.files, kinds), ...timed.warnings].sort(byPosition);
  const files = loaded.files.length + loaded.unreadable.length + loaded.images.length;
  cache?.save();
  return { result: { problems, warnings, files, content, steady: steadyAround(scheduled, now) }, images, files: loaded.files };
}

/** Checks the content: every problem, nothing written. */
export function runContent(options: RunOptions): RunResult {
  return check(options).result;
}

/** Where a picture is used: each field `src: <src>` in the content files. */
function usesOf(src: string, files: readonly SourceFile[]): { file: SourceFile; path: PropertyKey[] }[] {
  const found: { file: SourceFile; path: PropertyKey[] }[] = [];
  const walk = (file: SourceFile, node: unknown, path: PropertyKey[]) => {
    if (node === null || typeof node !== "object") return;
    if (!Array.isArray(node) && (node as { src?: unknown }).src === src) found.push({ file, path: [...path, "src"] });
    for (const [key, value] of Object.entries(node)) walk(file, value, [...path, Array.isArray(node) ? Number(key) : key]);
  };
  for (const file of files) walk(file, file.data, []);
  return found;
}

/** Checks the content, makes the photos' versions, and writes everything to `outDir` when all is well. */
export async function buildContent({ outDir, cacheDir = defaultCacheDir, written, ...options }: BuildOptions): Promise<RunResult> {
  const { result, images, files } = check(options);
  if (result.problems.length > 0) return result;
  const stage = await makeImages(images.recipes.values(), cacheDir);
  result.images = { made: stage.made, cached: stage.cached, ms: stage.ms };
  if (stage.failed.size > 0) {
    for (const [src, message] of stage.failed) {
      for (const use of usesOf(src, files)) {
        const { line, column } = locate(use.file, use.path);
        result.problems.push({ file: use.file.path, line, column, field: fieldPath(use.path), message });
      }
    }
    // As in check(): a quick read that proved wrong while locating these, and the build is done again with positions.
    if (options.quickYaml !== false && quickReadsDiffered(files)) return buildContent({ outDir, cacheDir, written, ...options, quickYaml: false });
    result.problems.sort(byPosition);
    result.warnings = [];
    return result;
  }
  const assets = new Map<string, Asset>(images.svgs);
  for (const recipe of images.recipes.values()) {
    for (const variant of recipe.variants.values()) assets.set(variant.to, { from: join(cacheDir, variant.cached), to: variant.to });
  }
  faultPoint("emit");
  result.written = writeOutput(outDir, renderOutput(result.content!, assets, outDir, options.kinds), written);
  return result;
}
