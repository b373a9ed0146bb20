/**
 * The launcher of `npm run content:check` / `content:build`: runs the content CLI as plain JavaScript.
 * In: the CLI's arguments. Out: whatever scripts/content/cli.ts prints, and its exit code.
 * Steps: hash the sources the CLI is made of (scripts/content, scripts/cms, schemas, tsconfig.json);
 * when the hash differs from the one stored beside the bundle (or there is no bundle), bundle
 * scripts/content/cli.ts and the packages it uses with esbuild (sharp, native, stays in node_modules) into node_modules/.cache/content-cli/,
 * then import the bundle. Only the rebuild loads esbuild; a current bundle starts in tens of milliseconds.
 * CONTENT_CLI_DIR moves the bundle's folder (the tests use it); it stays inside node_modules, where sharp is found.
 */
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { pathToFileURL } from "node:url";

const root = join(import.meta.dirname, "..", "..");
const sourceDirs = ["scripts/content", "scripts/cms", "schemas"];
const outDir = process.env.CONTENT_CLI_DIR ?? join(root, "node_modules", ".cache", "content-cli");
const bundle = join(outDir, "cli.mjs");
const stampFile = join(outDir, "cli.hash");

/** A hash of every source file's path and bytes (and of where the repository is: the bundle names it). */
export function sourceHash(from = root) {
  const hash = createHash("sha256").update(from);
  const files = ["tsconfig.json", "scripts/content/run.mjs"];
  for (const dir of sourceDirs) {
    for (const entry of readdirSync(join(from, dir), { recursive: true, withFileTypes: true })) {
      if (entry.isFile() && /\.(ts|mts|js|mjs|json)$/.test(entry.name)) {
        files.push(relative(from, join(entry.parentPath, entry.name)).split("\\").join("/"));
      }
    }
  }
  for (const file of [...new Set(files)].sort()) hash.update(`\0${file}\0`).update(readFileSync(join(from, file)));
  return hash.digest("hex");
}

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
