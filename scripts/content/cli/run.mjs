/**
 * The launcher of `npm run content:check` / `content:build`: runs the content CLI as plain JavaScript.
 * In: the CLI's arguments. Out: whatever scripts/content/cli/cli.ts prints, and its exit code.
 * Steps:
 * 1. Hash the sources the CLI is made of (the project's folder, scripts/content, scripts/cms, schemas,
 *    tsconfig.json, package-lock.json: source-hash.mjs). When there is no bundle named after the hash,
 *    bundle scripts/content/cli/cli.ts and the packages it uses with esbuild into one CommonJS file in
 *    node_modules/.cache/content-cli/, `cli-<hash>.cjs` (sharp, native, stays in node_modules). Only a
 *    rebuild loads esbuild. The name is the check: copies of the project share node_modules/, each with
 *    sources of its own (its folder is written into its bundle), so a bundle is never replaced in place,
 *    where another copy, between its check and its read, would run the wrong one. Bundles of other
 *    sources are removed after an hour unused.
 * 2. Compile the bundle with V8's code cache (vm.Script `cachedData`, kept beside the bundle): a
 *    current bundle is neither parsed nor compiled again, which is most of a start-up. The cache is
 *    written after the first run of a bundle, so it holds the functions that run compiled too; V8
 *    rejects a cache from another version of itself, which then is written again; V8 checks only the
 *    source's length, so each bundle has its own cache file, named after the sources' hash.
 * 3. Call the bundle's main() with the arguments; its result is the exit code. It may start worker
 *    threads on this file (workers.ts), which load the same bundle and answer its jobs.
 * A fault of the program (here, or in the CLI: fault.ts) exits with code 2 and is never blamed on content.
 * CONTENT_CLI_DIR moves the bundle's folder (the tests use it); it stays inside node_modules, where sharp is found.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, sep } from "node:path";
import { pathToFileURL } from "node:url";
import { Script } from "node:vm";
import { isMainThread, workerData } from "node:worker_threads";
import { sourceHash } from "../speed/source-hash.mjs";

export { sourceHash };

const root = join(import.meta.dirname, "..", "..", "..");
const outDir = process.env.CONTENT_CLI_DIR ?? join(root, "node_modules", ".cache", "content-cli");
const bundleOf = (hash) => join(outDir, `cli-${hash.slice(0, 16)}.cjs`);
/** How long a bundle of other sources (another copy's, an earlier edit's) is kept unused. */
const keepUnused = 60 * 60 * 1000;

function read(file, encoding) {
  try {
    return readFileSync(file, encoding);
  } catch {
    return undefined;
  }
}

/** Writes beside the target, then renames, so a concurrent run never reads half a file. */
function writeAtomically(file, data) {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, data);
  renameSync(temporary, file);
}

/**
 * `import.meta.dirname`, `.filename` and `.url` of each of our modules (not the packages'), written into
 * it as the module's own place: a folder a module names from its place keeps pointing there from the bundle.
 */
const ownPlace = {
  name: "own-place",
  setup(build) {
    build.onLoad({ filter: /\.(ts|mts|mjs)$/ }, (args) => {
      if (args.path.includes(`${sep}node_modules${sep}`)) return undefined;
      const text = readFileSync(args.path, "utf8");
      if (!text.includes("import.meta.")) return undefined;
      const contents = text
        .replaceAll("import.meta.dirname", JSON.stringify(dirname(args.path)))
        .replaceAll("import.meta.filename", JSON.stringify(args.path))
        .replaceAll("import.meta.url", JSON.stringify(pathToFileURL(args.path).href));
      return { contents, loader: args.path.endsWith(".mjs") ? "js" : "ts" };
    });
  },
};

/**
 * Bundles the CLI when there is no bundle of its sources; returns the bundle's path and hash. `now`
 * (ms) is the clock a bundle's last use is told by.
 */
export async function ensureBundle(now = Date.now()) {
  const hash = sourceHash();
  // The per-file cache's version (cache.ts): the same sources, hashed once.
  process.env.CONTENT_CODE_VERSION = hash;
  const bundle = bundleOf(hash);
  if (existsSync(bundle)) {
    // Its time is its last use: what keeps it from removal by another copy's run (below).
    utimesSync(bundle, new Date(now), new Date(now));
    return { bundle, hash };
  }
  const { build } = await import("esbuild");
  mkdirSync(outDir, { recursive: true });
  const temporary = `${bundle}.${process.pid}.tmp.cjs`;
  const cli = join(root, "scripts", "content", "cli", "cli.ts");
  await build({
    entryPoints: [cli],
    outfile: temporary,
    bundle: true,
    platform: "node",
    // CommonJS, because only a script (not an ES module) can use V8's code cache on Node 20.
    format: "cjs",
    target: "node20",
    // Packages are bundled too (one file to load, not hundreds); sharp is native and loaded on demand,
    // and so is esbuild (the base's table of kinds, base-addresses.ts).
    external: ["sharp", "esbuild"],
    // Every import() becomes a require() (sharp's too): a script compiled by vm, as this bundle is,
    // has no callback for import(), which would throw "A dynamic import callback was not specified".
    supported: { "dynamic-import": false },
    mainFields: ["module", "main"],
    // Less to compile; names are kept, so stack traces still read.
    minifyWhitespace: true,
    minifySyntax: true,
    logLevel: "error",
    // The bundle lives elsewhere: each of our modules keeps its own folder and file name.
    plugins: [ownPlace],
  });
  renameSync(temporary, bundle);
  // Other bundles, with their code caches, once an hour unused: another copy may be running one now.
  // (cli.cjs and cli.hash: the one bundle of earlier launchers, whose code caches have no bundle.)
  for (const name of readdirSync(outDir)) {
    const file = join(outDir, name);
    if (/^cli-\w+\.v8cache$/.test(name) && !existsSync(file.replace(/\.v8cache$/, ".cjs"))) rmSync(file, { force: true });
    if (!/^cli(-\w+)?\.(cjs|hash)$/.test(name) || file === bundle) continue;
    const used = statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? now;
    if (now - used > keepUnused) {
      rmSync(file, { force: true });
      rmSync(file.replace(/\.cjs$/, ".v8cache"), { force: true });
    }
  }
  return { bundle, hash };
}

/** Loads the bundle through V8's code cache; returns its exports and a function that keeps the cache current. */
export function loadBundle({ bundle: file, hash }) {
  const codeCache = join(dirname(file), `cli-${hash.slice(0, 16)}.v8cache`);
  const source = readFileSync(file, "utf8");
  const cachedData = read(codeCache);
  const script = new Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, {
    filename: file,
    cachedData,
  });
  const module = { exports: {} };
  script.runInThisContext()(module.exports, createRequire(file), module, file, dirname(file));
  const saveCache = () => {
    if (cachedData !== undefined && !script.cachedDataRejected) return;
    try {
      writeAtomically(codeCache, script.createCachedData());
    } catch {
      // A cache that cannot be written costs time next run, nothing else.
    }
  };
  return { exports: module.exports, saveCache };
}

if (!isMainThread && workerData?.contentBundle) {
  // A worker thread of the CLI (workers.ts): the same bundle, answering jobs.
  await loadBundle(workerData.contentBundle).exports.workerMain();
} else if (process.argv[1] && dirname(process.argv[1]) === import.meta.dirname && process.argv[1].endsWith("run.mjs")) {
  let loaded;
  try {
    const bundle = await ensureBundle();
    loaded = { bundle, ...loadBundle(bundle) };
  } catch (error) {
    // The CLI could not even start (esbuild missing, a source that does not compile): ours, never the content's.
    const verbose = process.argv.includes("--verbose");
    console.error(
      "✖ the content tool could not start: this is a fault in the program, not in your content (nothing was written).\n" +
        `  What went wrong: ${String(error?.message ?? error).split("\n")[0]}\n` +
        "  Please report it to the site's developers, with the command and what it prints with --verbose." +
        (verbose ? `\n\n${error?.stack ?? error}` : ""),
    );
    process.exit(2);
  }
  const { bundle, exports, saveCache } = loaded;
  process.exitCode = await exports.main(process.argv.slice(2), { script: import.meta.filename, workerData: { contentBundle: bundle } });
  saveCache();
}
