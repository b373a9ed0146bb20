/**
 * Reading the content folder, and the shapes the stages share with whatever speeds them up: a file's
 * text and hash, the listing of a folder, and what a cache may hand load() instead of parsing a file
 * again (`FileCache`). The stages work the same with no cache at all; the speed machinery
 * (speed/: the per-file cache, the run memo, worker threads) implements these interfaces and the
 * stages never import it.
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve, sep } from "node:path";
import type { ImageInput, PlacementName } from "../../../schemas/index.ts";

/** A text file as read for the snapshot: load() takes it instead of reading the file again. */
export interface ReadFile {
  text: string;
  hash: string;
}

/** A text file's text and hash. */
export function read(path: string): ReadFile {
  const text = readFileSync(path, "utf8");
  return { text, hash: hashOf(text) };
}

/** Files under `dir` (links to files included), sorted, relative with "/" separators. */
export function listFiles(folder: string): string[] {
  if (!statSync(folder).isDirectory()) throw new Error(`${folder} is not a folder`);
  const dir = resolve(folder);
  const files: string[] = [];
  // File types come with the listing: no stat per file (a link is followed). Paths are cut, not
  // worked out by path.relative: thousands of files are listed on every save in the dev server.
  const cut = dir.length + 1;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const parent = entry.parentPath;
    const path = parent.length < cut ? entry.name : `${parent.slice(cut)}${sep}${entry.name}`;
    if (entry.isFile() || (entry.isSymbolicLink() && statSync(join(dir, path)).isFile())) {
      files.push(sep === "/" ? path : path.split(sep).join("/"));
    }
  }
  return files.sort();
}

export function hashOf(text: string): string {
  return createHash("sha1").update(text).digest("base64url");
}

/** Plain JSON survives the round trip through the file; NaN, Infinity and the like would not. */
export function jsonSafe(value: unknown): boolean {
  switch (typeof value) {
    case "string":
    case "boolean":
      return true;
    case "number":
      return Number.isFinite(value);
    case "object": {
      if (value === null) return true;
      if (Array.isArray(value)) return value.every(jsonSafe);
      const prototype = Object.getPrototypeOf(value) as unknown;
      if (prototype !== Object.prototype && prototype !== null) return false;
      for (const key in value) {
        const field = (value as Record<string, unknown>)[key];
        // A field without a value is left out by JSON, and reads back as one without a value.
        if (field !== undefined && !jsonSafe(field)) return false;
      }
      return true;
    }
    default:
      // undefined (dropped or turned into null by JSON), bigint, function, symbol
      return false;
  }
}

export interface CachedFile {
  /** Hash of the file's bytes. */
  hash: string;
  /** The YAML (for a Markdown page, the front matter) as plain data. */
  data: unknown;
  /** Where the YAML starts and ends in the file (a Markdown page's front matter), and its body. */
  yamlOffset: number;
  yamlEnd: number;
  body?: { text: string; offset: number };
  /** Context-free checks passed: no folded block read as one paragraph, no curly-quoted value. */
  clean?: boolean;
  /** The data is from the quick read (fast-yaml.ts): its Document, when made, is compared with it. */
  quick?: boolean;
  /** The validated value, for the context fingerprint it was validated in. */
  valid?: { context: string; value: unknown; images: [ImageInput, PlacementName][] };
}

/** What load() asks of a cache: a file's entry for these bytes, and to keep a new one. */
export interface FileCache {
  get(rel: string, hash: string): CachedFile | undefined;
  set(rel: string, entry: CachedFile): void;
}
