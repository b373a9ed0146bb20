/**
 * `npm run bench:guides`: the site with many help guides (issue 59: 1,000 guides, 30 tags, 5 authors;
 * tools/bench/guides/corpus.ts), beside Astro 7 building the same guides.
 * On a copy of the project (.bench/guides-project, its caches its own), wall time of whole processes:
 * - the content check (`npm run content:check`'s command), cold (no per-file cache) and warm;
 * - the full build (`npm run build`), once with nothing cached (share images and photos made) and
 *   BENCH_RUNS times with the images cached (dist/ emptied each time, as a deploy builds);
 * - Astro 7.3.5 (tools/bench/guides/astro/: entry pages, the listing, tag and author pages in pages of
 *   ten, an RSS feed with full content), installed with its own lockfile in .bench/astro/, never a
 *   dependency of the site, building the same guides, tags and team cold (its caches removed) and
 *   warm (its content store kept, as a second `astro build` runs); BENCH_ASTRO=skip leaves it out;
 * - in `npm run dev` (Chromium, one guide's page open), a save of the guide's title, of its text and
 *   of one of its tags' names → the first frame painted with it (tools/bench/dev/vite-page.ts),
 *   BENCH_RUNS saves each after one to warm up.
 * Goals: our build with images cached takes at most Astro's (warm) time; every save is shown within
 * 300 ms. JavaScript before interaction (≤ 4 KB on entry and listing pages) is `npm run size`'s, on
 * every page of the content; Lighthouse is `npm run lighthouse -- /guides/<id>`.
 * In: content/ (what it has counts toward the numbers). Out: a report on stdout; folders in .bench/.
 * BENCH_GUIDES (default 1000), BENCH_RUNS (default 3).
 */
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { bench } from "../../tests/helpers/bench-corpus.ts";
import { freePort } from "../../tests/helpers/free-port.ts";
import { chromiumArgs, chromiumPath } from "../shared/chromium.ts";
import { copyProject, root } from "../shared/copy-project.ts";
import { savedUntilShown, startVite, stopVite, watcherScript } from "./dev/vite-page.ts";
import { makeGuidesCorpus } from "./guides/corpus.ts";

const count = Number(process.env.BENCH_GUIDES ?? 1000);
const runs = Number(process.env.BENCH_RUNS ?? 3);
const withAstro = process.env.BENCH_ASTRO !== "skip";
const saveGoal = 300;
const astroSource = join(root, "tools", "bench", "guides", "astro");
const astroDir = join(bench, "astro");

const median = (samples: readonly number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Runs a command to its end in `cwd`; its wall time in ms. Throws with its output when it fails. */
function timed(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): number {
  const start = performance.now();
  const result = spawnSync(command, args, { cwd, env, encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
  const ms = performance.now() - start;
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(" ")} failed in ${cwd}:\n${result.stdout}\n${result.stderr}`);
  return ms;
}

const corpus = makeGuidesCorpus(join(root, "content"), count);
const project = join(bench, "guides-project");
rmSync(project, { recursive: true, force: true });
copyProject(project);
rmSync(join(project, "content"), { recursive: true, force: true });
cpSync(corpus.content, join(project, "content"), { recursive: true });
const caches = join(project, ".cache");
const env = {
  ...process.env,
  CONTENT_CACHE: join(caches, "content"),
  IMAGE_CACHE: join(caches, "images"),
  SHARE_IMAGE_CACHE: join(caches, "share-images"),
};
const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const contentCli = ["scripts/content/cli/run.mjs", "check"];
const emptyOutput = () => {
  for (const dir of ["dist", ".ssr"]) rmSync(join(project, dir), { recursive: true, force: true });
};

console.log(
  `bench:guides: ${corpus.guides.length} guides, ${corpus.tags} tags, ${corpus.authors} authors; Node ${process.version}, ${cpus().length} cores, load ${loadavg()[0]!.toFixed(1)}`,
);

const checkCold: number[] = [];
const checkWarm: number[] = [];
for (let i = 0; i < runs; i++) {
  rmSync(env.CONTENT_CACHE, { recursive: true, force: true });
  checkCold.push(timed(process.execPath, contentCli, project, env));
  checkWarm.push(timed(process.execPath, contentCli, project, env));
}

rmSync(caches, { recursive: true, force: true });
emptyOutput();
const buildCold = timed(npm, ["run", "build"], project, env);
const pages = readdirSync(join(project, "dist"), { recursive: true }).filter((file) =>
  String(file).endsWith("index.html"),
).length;
const buildCached: number[] = [];
for (let i = 0; i < runs; i++) {
  emptyOutput();
  buildCached.push(timed(npm, ["run", "build"], project, env));
}

/** Astro's builds, or why there are none. */
function astro(): { cold: number[]; warm: number[]; pages: number; version: string } | string {
  const [major, minor] = process.versions.node.split(".").map(Number);
  if (major! < 22 || (major === 22 && minor! < 12))
    return `Astro 7 needs Node 22.12 or later (this is ${process.version})`;
  // Installed once, again when its lockfile changes: the copy's lockfile is the one it was installed from.
  const lock = readFileSync(join(astroSource, "package-lock.json"), "utf8");
  const installed = join(astroDir, "package-lock.json");
  if (
    !existsSync(installed) ||
    readFileSync(installed, "utf8") !== lock ||
    !existsSync(join(astroDir, "node_modules"))
  ) {
    rmSync(astroDir, { recursive: true, force: true });
    cpSync(astroSource, astroDir, { recursive: true });
    timed(npm, ["ci", "--no-audit", "--no-fund"], astroDir, process.env);
  } else {
    rmSync(join(astroDir, "src"), { recursive: true, force: true });
    cpSync(astroSource, astroDir, { recursive: true });
  }
  // The same guides, tags and team; pictures in a guide's text are paths from content/, which Astro
  // resolves from the guide's folder, so content/images sits there too.
  const into = join(astroDir, "corpus");
  rmSync(into, { recursive: true, force: true });
  mkdirSync(into);
  const collections = join(corpus.content, "collections");
  for (const kind of ["guides", "tags", "team"]) cpSync(join(collections, kind), join(into, kind), { recursive: true });
  cpSync(join(corpus.content, "images"), join(into, "guides", "images"), { recursive: true });
  const astroEnv = { ...process.env, ASTRO_TELEMETRY_DISABLED: "1" };
  const build = () => timed(process.execPath, ["node_modules/astro/bin/astro.mjs", "build"], astroDir, astroEnv);
  const cold: number[] = [];
  const warm: number[] = [];
  for (let i = 0; i < runs; i++) {
    for (const dir of ["dist", ".astro", "node_modules/.astro"])
      rmSync(join(astroDir, dir), { recursive: true, force: true });
    cold.push(build());
    rmSync(join(astroDir, "dist"), { recursive: true, force: true });
    warm.push(build());
  }
  const built = readdirSync(join(astroDir, "dist"), { recursive: true }).filter((file) =>
    String(file).endsWith("index.html"),
  ).length;
  const version = (
    JSON.parse(readFileSync(join(astroDir, "node_modules", "astro", "package.json"), "utf8")) as { version: string }
  ).version;
  return { cold, warm, pages: built, version };
}
const astroResult = withAstro ? astro() : "left out (BENCH_ASTRO=skip)";

/** Save → shown in `npm run dev`, on the edited guide's page. */
async function saves(): Promise<Map<string, number[]>> {
  const file = join(project, "content", "collections", "guides", `${corpus.edited}.md`);
  const original = readFileSync(file, "utf8");
  const tagId = /^tags:\n\s+- (\S+)/m.exec(original)?.[1];
  const tagFile = join(project, "content", "collections", "tags", `${tagId}.yaml`);
  const tagOriginal = readFileSync(tagFile, "utf8");
  const edits: { name: string; file: string; change: (mark: string) => string }[] = [
    { name: "the guide's title", file, change: (mark) => original.replace(/^title: .*$/m, `title: ${mark}`) },
    {
      name: "the guide's text",
      file,
      change: (mark) => original.replace(/(\n---\r?\n[\s\S]*?^)([A-Za-z])/m, `$1${mark} $2`),
    },
    {
      name: "a tag's name (tags/*.yaml)",
      file: tagFile,
      change: (mark) => tagOriginal.replace(/^name: .*$/m, `name: ${mark}`),
    },
  ];
  const port = await freePort();
  const vite = await startVite(project, port);
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  const samples = new Map<string, number[]>();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`http://127.0.0.1:${port}/guides/${corpus.edited}`, { waitUntil: "commit", timeout: 180_000 });
    await page.getByRole("heading", { level: 1 }).waitFor({ timeout: 180_000 });
    await page.evaluate(watcherScript);
    let n = 0;
    for (let i = 0; i < runs + 1; i++) {
      for (const edit of edits) {
        const mark = `Bench edit ${++n}`;
        const ms = await savedUntilShown(page, edit.file, edit.change(mark), mark);
        if (i > 0) samples.set(edit.name, [...(samples.get(edit.name) ?? []), ms]);
      }
    }
    if (!(await page.evaluate("window.benchMarker === true"))) throw new Error("the guide's page reloaded on a save");
  } finally {
    writeFileSync(file, original);
    writeFileSync(tagFile, tagOriginal);
    await browser.close();
    await stopVite(vite);
  }
  return samples;
}
const saveSamples = await saves();

console.log(`\n${corpus.guides.length} guides, wall time (median of ${runs} unless said)\n`);
const rows: [string, string][] = [
  ["content check, cold (no per-file cache)", seconds(median(checkCold))],
  ["content check, warm", seconds(median(checkWarm))],
  [`full build (npm run build), nothing cached, once: ${pages} pages`, seconds(buildCold)],
  ["full build, share images and photos cached", seconds(median(buildCached))],
];
if (typeof astroResult === "string") rows.push(["Astro", astroResult]);
else {
  rows.push([
    `Astro ${astroResult.version} build, cold: ${astroResult.pages} pages`,
    seconds(median(astroResult.cold)),
  ]);
  rows.push([`Astro ${astroResult.version} build, warm (its content store kept)`, seconds(median(astroResult.warm))]);
}
for (const [label, value] of rows) console.log(`${label.padEnd(64)}${value.padStart(12)}`);

console.log(`\nnpm run dev: save → shown on /guides/${corpus.edited} (median of ${runs} saves, ms)`);
for (const [name, values] of saveSamples)
  console.log(
    `${name.padEnd(64)}${median(values).toFixed(0).padStart(12)}   (${values.map((v) => v.toFixed(0)).join(", ")})`,
  );

console.log("\ngoals:");
if (typeof astroResult !== "string") {
  const ratio = median(buildCached) / median(astroResult.warm);
  console.log(
    `  build with images cached ≤ Astro's warm build: ${seconds(median(buildCached))} against ${seconds(median(astroResult.warm))}, ×${ratio.toFixed(2)} ${ratio <= 1 ? "✔" : "✖"}`,
  );
}
const slowest = Math.max(...[...saveSamples.values()].map(median));
console.log(
  `  every save shown within ${saveGoal} ms: slowest median ${slowest.toFixed(0)} ms ${slowest <= saveGoal ? "✔" : "✖"}`,
);
