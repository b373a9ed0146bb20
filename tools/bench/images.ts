/**
 * `npm run bench:images`: the site with a phone photo in place of every picture but the logo
 * (tests/helpers/photo-fixture.ts: twelve 4032 × 3024 JPEGs with EXIF, GPS and a P3 profile, for the
 * shipped content), timed and measured.
 * In: the repository. Out: on stdout, the content build's wall time (process start included) cold
 * (empty image cache) and warm, beside the shipped content's; the full `npm run build` (warm); then
 * `npm run size` on the photo site (image bytes a phone downloads per page, against the budgets).
 * The copy stays in .bench/photos (gitignored): serve it with
 * `npm run serve -- .bench/photos/dist`. Its image cache is .bench/photos-cache, emptied each run.
 * BENCH_PHOTOS=n: only the first n pictures become photos (a small run, as the test of every command
 * runs it); BENCH_RUNS: warm builds per median (default 3).
 */
import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import { join, relative } from "node:path";
import { performance } from "node:perf_hooks";
import { copyProject, root } from "../shared/copy-project.ts";
import { replaceWithPhotos } from "../../tests/helpers/photo-fixture.ts";

const copy = join(root, ".bench", "photos");
const cache = join(root, ".bench", "photos-cache");
rmSync(copy, { recursive: true, force: true });
rmSync(cache, { recursive: true, force: true });
copyProject(copy);
const limit = process.env.BENCH_PHOTOS ? Number(process.env.BENCH_PHOTOS) : undefined;
const photos = await replaceWithPhotos(join(copy, "content"), { limit });
console.log(
  `${photos.length} phone photos in place of ${limit === undefined ? "every picture but the logo" : `the first ${limit} pictures`}, in ${relative(root, copy)}/content\n`,
);

/** Wall time of a command in `cwd`, in ms; exits on failure. */
function timed(cwd: string, args: string[], env: NodeJS.ProcessEnv = {}, quiet = true): number {
  const started = performance.now();
  const run = spawnSync(args[0]!, args.slice(1), {
    cwd,
    env: { ...process.env, IMAGE_CACHE: cache, ...env },
    stdio: quiet ? "pipe" : "inherit",
    encoding: "utf8",
  });
  const ms = performance.now() - started;
  if (run.status !== 0) {
    console.error(run.stdout, run.stderr);
    process.exit(1);
  }
  if (quiet && run.stdout.trim()) console.log(`  ${run.stdout.trim().split("\n").at(-1)}`);
  return ms;
}

const contentBuild = ["node", "--import", "tsx", "scripts/content/cli/cli.ts", "build"];
/** Warm builds timed for each median (BENCH_RUNS=1: one, as the test of every command runs it). */
const warmRuns = Array.from({ length: Number(process.env.BENCH_RUNS ?? 3) }, (_, i) => i);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

console.log("content build, shipped content (SVG drawings), warm:");
const shipped = median(
  warmRuns.map(() => timed(root, contentBuild, { IMAGE_CACHE: join(root, ".bench", "shipped-cache") })),
);
console.log("content build with photos, cold (empty image cache):");
const cold = timed(copy, contentBuild);
console.log("content build with photos, warm:");
const warm = median(warmRuns.map(() => timed(copy, contentBuild)));
console.log("full build with photos (npm run build), warm:");
const full = timed(copy, ["npm", "run", "--silent", "build"]);

console.log(`
content build, shipped content:   ${seconds(shipped)}
content build with photos, cold:  ${seconds(cold)}
content build with photos, warm:  ${seconds(warm)}   (median of ${warmRuns.length})
npm run build with photos, warm:  ${seconds(full)}
`);
console.log("npm run size on the photo site:\n");
timed(copy, ["npm", "run", "--silent", "size"], {}, false);
