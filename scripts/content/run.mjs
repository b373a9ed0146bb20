/**
 * The launcher of `npm run content:check` / `content:build`: runs the content CLI as plain JavaScript.
 * In: the CLI's arguments. Out: whatever scripts/content/cli.ts prints, and its exit code.
 * Steps: hash the sources the CLI is made of (scripts/content, scripts/cms, schemas, tsconfig.json);
 * when the hash differs from the one stored beside the bundle (or there is no bundle), bundle
 * scripts/content/cli.ts and the packages it uses with esbuild (sharp, native, stays in node_modules) into node_modules/.cache/content-cli/,
 * then import the bundle. Only the rebuild loads esbuild; a current bundle starts in tens of milliseconds.
 * CONTENT_CLI_DIR moves the bundle's folder (the tests use it); it stays inside node_modules, where sharp is found.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { sourceHash } from "./source-hash.mjs";

export { sourceHash };

const root = join(import.meta.dirname, "..", "..");
const outDir = process.env.CONTENT_CLI_DIR ?? join(root, "node_modules", ".cache", "content-cli");
const bundle = join(outDir, "cli.mjs");
const stampFile = join(outDir, "cli.hash");

function stored() {
  try {
    return readFileSync(stampFile, "utf8");
  } catch {
    return undefined;
  }
}

/** Bundles the CLI when its sources changed since the bundle was made; returns the bundle's path. */
export async function ensureBundle() {
  const hash = sourceHash();
  // The per-file cache's version (cache.ts): the same sources, hashed once.
  process.env.CONTENT_CODE_VERSION = hash;
  if (stored() === hash) return bundle;
  const { build } = await import("esbuild");
  mkdirSync(outDir, { recursive: true });
  // Written beside the bundle then renamed, so a concurrent run never imports half a file.
  const temp = `${bundle}.${process.pid}.tmp.mjs`;
  await build({
    entryPoints: [join(root, "scripts", "content", "cli.ts")],
    outfile: temp,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    // Packages are bundled too (one file to load, not hundreds); sharp is native and loaded on demand.
    external: ["sharp"],
    mainFields: ["module", "main"],
    // Less to compile on every start; names are kept, so stack traces still read.
    minifyWhitespace: true,
    minifySyntax: true,
    // CommonJS packages inside an ES module bundle still find Node's built-ins.
    banner: { js: 'import { createRequire as __contentRequire } from "node:module"; const require = __contentRequire(import.meta.url);' },
    logLevel: "error",
    // The bundle lives elsewhere: folders the sources name from their own place keep pointing there.
    define: { "import.meta.dirname": JSON.stringify(join(root, "scripts", "content")) },
  });
  renameSync(temp, bundle);
  writeFileSync(`${stampFile}.${process.pid}.tmp`, hash);
  renameSync(`${stampFile}.${process.pid}.tmp`, stampFile);
  return bundle;
}

if (process.argv[1] && dirname(process.argv[1]) === import.meta.dirname && process.argv[1].endsWith("run.mjs")) {
  await import(pathToFileURL(await ensureBundle()).href);
}
