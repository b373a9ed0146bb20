/**
 * A hash of the sources the content CLI is made of: scripts/content, scripts/cms, schemas, the
 * section schemas (sections/<type>/schema.ts; a section's renderer, styles and test beside it are not
 * hashed), tsconfig.json and package-lock.json (the packages bundled in: an upgraded one makes a new
 * bundle). In: the repository's root (by default this one). Out: a hex digest of every such
 * file's path and bytes (and of the root itself). The launcher (run.mjs) rebuilds the CLI's bundle
 * when it changes; the per-file cache (cache.ts) drops what an older pipeline learned.
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

const here = join(import.meta.dirname, "..", "..", "..");
const sourceDirs = ["scripts/content", "scripts/cms", "schemas", "sections"];

export function sourceHash(root = here) {
  const hash = createHash("sha256").update(root);
  const files = ["tsconfig.json", "package-lock.json"].filter((file) => existsSync(join(root, file)));
  for (const dir of sourceDirs) {
    for (const entry of readdirSync(join(root, dir), { recursive: true, withFileTypes: true })) {
      if (entry.isFile() && /\.(ts|mts|js|mjs|json)$/.test(entry.name)) {
        files.push(relative(root, join(entry.parentPath, entry.name)).split("\\").join("/"));
      }
    }
  }
  for (const file of [...new Set(files)].sort()) hash.update(`\0${file}\0`).update(readFileSync(join(root, file)));
  return hash.digest("hex");
}
