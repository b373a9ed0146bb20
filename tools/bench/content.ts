/**
 * `npm run bench:content`: how long the content pipeline takes, as wall time of the real command
 * (`node scripts/content/cli/run.mjs`, process start included), median of 5 runs each:
 * - start-up: an empty content folder (as run again: the run memo answers), and with CONTENT_CACHE=off
 *   (no memo: the pipeline is loaded and runs);
 * - the shipped content, and synthetic folders of 1,000 and 4,000 files (the shipped site, collections
 *   and images, plus generated YAML and Markdown pages), check and build, each
 *   cold (no per-file cache), warm (nothing changed) and one file changed (a page's title);
 * - the dev server: from saving one page to its generated module holding the edit (the content watcher
 *   and the content plugin, no browser), 1,000 and 4,000 files.
 * In: content/. Out: a table on stdout; the folders are left in .bench/ (gitignored).
 * Cold runs use the worker threads the CLI starts by default (scripts/content/speed/workers.ts: none on 2
 * processors); CONTENT_THREADS sets how many.
 * BENCH_SIZES=1000 runs fewer sizes, BENCH_RUNS=1 one run of each (the test of every command does both). Targets (issue 14): nothing changed under 0.5 s at 4,000 files;
 * a save reaching its module under 150 ms at 4,000 files.
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { aYamlPage, bench, countFiles, makeFolder } from "../../tests/helpers/bench-corpus.ts";
import { root } from "../shared/copy-project.ts";

const runs = Number(process.env.BENCH_RUNS ?? 5);

const cacheDir = join(bench, "cache");
const median = (samples: number[]) => samples.sort((a, b) => a - b)[Math.floor(samples.length / 2)]!;

function run(args: string[], cache = cacheDir): number {
  const start = performance.now();
  const result = spawnSync(process.execPath, ["scripts/content/cli/run.mjs", ...args], {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, CONTENT_CACHE: cache },
  });
  const ms = performance.now() - start;
  if (result.status !== 0 && !args.includes(`--content=${empty}`)) {
    throw new Error(`content ${args.join(" ")} failed:\n${result.stderr}${result.stdout}`);
  }
  return ms;
}

/** Cold (no cache), warm (nothing changed) and one file changed, each the median of `runs`. */
function measure(args: string[], edit: (i: number) => void) {
  const cold: number[] = [];
  const warm: number[] = [];
  const changed: number[] = [];
  for (let i = 0; i < runs; i++) {
    rmSync(cacheDir, { recursive: true, force: true });
    cold.push(run(args));
    warm.push(run(args));
    edit(i);
    changed.push(run(args));
  }
  return { cold: median(cold), warm: median(warm), changed: median(changed) };
}

/** Changes one page's title (in place, so the folder keeps its size). */
function editor(dir: string) {
  const file = aYamlPage(dir);
  const original = readFileSync(file, "utf8");
  return (i: number) => writeFileSync(file, original.replace(/^title: (.*)$/m, `title: $1 (edit ${i})`));
}

const empty = join(bench, "empty");
rmSync(empty, { recursive: true, force: true });
mkdirSync(empty, { recursive: true });
run(["check", `--content=${empty}`]); // builds the CLI's bundle if its sources changed
const startup = median(Array.from({ length: runs }, () => run(["check", `--content=${empty}`])));
// Without the per-file cache and the run memo: the pipeline is loaded and run on the empty folder.
const startupPipeline = median(Array.from({ length: runs }, () => run(["check", `--content=${empty}`], "off")));
const node = median(
  Array.from({ length: runs }, () => {
    const start = performance.now();
    spawnSync(process.execPath, ["-e", "0"]);
    return performance.now() - start;
  }),
);

const sizes = (process.env.BENCH_SIZES ?? "1000,4000").split(",").map(Number);
const rows: { name: string; files: number; check: ReturnType<typeof measure>; build: ReturnType<typeof measure> }[] =
  [];
const shipped = join(bench, "content-shipped");
rmSync(shipped, { recursive: true, force: true });
cpSync(join(root, "content"), shipped, { recursive: true });
for (const [name, dir] of [
  ["shipped content", shipped] as const,
  ...sizes.map((n) => [`synthetic ${n}`, makeFolder(n)] as const),
]) {
  const out = join(bench, `out-${name.replace(/\W+/g, "-")}`);
  rmSync(out, { recursive: true, force: true });
  const edit = editor(dir);
  rows.push({
    name,
    files: countFiles(dir),
    check: measure(["check", `--content=${dir}`], edit),
    build: measure(["build", `--content=${dir}`, `--out=${out}`], edit),
  });
}

/** From saving a page to its generated module holding the edit, in the dev server (median of `runs`). */
async function devLatency(dir: string): Promise<number> {
  const { createServer } = await import("vite");
  const { contentPlugin } = await import("../../scripts/content/dev/vite-plugin.ts");
  const out = join(bench, "dev-out");
  rmSync(out, { recursive: true, force: true });
  // Vite's root holds a page and nothing else, so its watcher starts at once (as in the tests).
  const viteRoot = join(bench, "dev-root");
  mkdirSync(viteRoot, { recursive: true });
  writeFileSync(join(viteRoot, "index.html"), "<!doctype html>\n<title>Preview</title>\n");
  const server = await createServer({
    configFile: false,
    root: viteRoot,
    logLevel: "silent",
    server: { port: 0, host: "127.0.0.1" },
    plugins: [contentPlugin({ contentDir: dir, outDir: out })],
    optimizeDeps: { noDiscovery: true },
  });
  await server.listen();
  const file = aYamlPage(dir);
  const original = readFileSync(file, "utf8");
  const route = /^route: (.*)$/m.exec(original)?.[1]?.trim();
  // The page's module, as the content plugin's first build (on the server's start) names it.
  let module: string | undefined;
  for (const start = performance.now(); !module; await new Promise((done) => setTimeout(done, 20))) {
    try {
      const routes = JSON.parse(readFileSync(join(out, "routes.json"), "utf8")) as { route: string; file: string }[];
      module = join(out, routes.find((page) => page.route === route)!.file);
    } catch {
      if (performance.now() - start > 60_000) throw new Error(`no module for ${route} in ${out}`);
    }
  }
  // The content folder is watched as soon as the server listens (content-watcher.ts).
  const samples: number[] = [];
  for (let i = 0; i < runs + 1; i++) {
    const mark = `Saved ${Date.now()}-${i}`;
    await new Promise((done) => setTimeout(done, 300));
    const start = performance.now();
    writeFileSync(file, original.replace(/^title: (.*)$/m, `title: ${mark}`));
    for (;;) {
      try {
        if (readFileSync(module, "utf8").includes(mark)) break;
      } catch {
        // being renamed into place
      }
      await new Promise((done) => setTimeout(done, 2));
      if (performance.now() - start > 30_000) throw new Error("the edit never reached its module");
    }
    if (i > 0) samples.push(performance.now() - start); // the first save after the build warms up
  }
  writeFileSync(file, original);
  await server.close();
  return median(samples);
}
const dev: { files: number; ms: number }[] = [];
for (const n of sizes) {
  const dir = join(bench, `content-${n}`);
  dev.push({ files: countFiles(dir), ms: await devLatency(dir) });
}

const f = (ms: number) => ms.toFixed(0).padStart(7);
console.log(`content pipeline, wall time of the command in ms (median of ${runs}, process start included)\n`);
console.log(
  `start-up (empty folder): ${startup.toFixed(0)} ms; with the pipeline loaded (CONTENT_CACHE=off): ${startupPipeline.toFixed(0)} ms (node -e 0: ${node.toFixed(0)} ms)\n`,
);
console.log("content            files   check: cold    warm  1 changed   build: cold    warm  1 changed");
for (const { name, files, check, build } of rows) {
  console.log(
    `${name.padEnd(18)} ${String(files).padStart(5)}        ${f(check.cold)} ${f(check.warm)} ${f(check.changed)}         ${f(build.cold)} ${f(build.warm)} ${f(build.changed)}`,
  );
}
console.log("\ndev server, a save to its generated module:");
for (const { files, ms } of dev) console.log(`  ${files} files: ${ms.toFixed(0)} ms`);
const largest = rows[rows.length - 1]!;
console.log(
  `\nnothing changed at ${largest.files} files: check ${largest.check.warm.toFixed(0)} ms, build ${largest.build.warm.toFixed(0)} ms (target < 500 ms) ${Math.max(largest.check.warm, largest.build.warm) < 500 ? "✔" : "✖"}`,
);
const lastDev = dev[dev.length - 1]!;
console.log(
  `dev save to module at ${lastDev.files} files: ${lastDev.ms.toFixed(0)} ms (target < 150 ms) ${lastDev.ms < 150 ? "✔" : "✖"}`,
);
