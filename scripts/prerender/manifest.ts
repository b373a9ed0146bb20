/** Reads Vite's build manifest: which JavaScript files a page needs. */
import { readFileSync } from "node:fs";
import { join } from "node:path";

interface Chunk {
  file: string;
  name?: string;
  src?: string;
  imports?: string[];
  css?: string[];
}
export type Manifest = Record<string, Chunk>;

export function readManifest(dist: string): Manifest {
  return JSON.parse(readFileSync(join(dist, ".vite", "manifest.json"), "utf8")) as Manifest;
}

/** The files of the chunk built from `source` and of every chunk it imports statically. */
export function chunkFiles(manifest: Manifest, source: string): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(source);
  return [...files];
}

/** The source of a page's own module, as the manifest names it. */
export function pageSource(file: string): string {
  return `src/generated/${file}`;
}

/** Whether a chunk holds content (the generated modules) rather than code. */
export function isContentChunk(manifest: Manifest, file: string): boolean {
  const chunk = Object.values(manifest).find((c) => c.file === file);
  return chunk?.name === "content" || Boolean(chunk?.src?.startsWith("src/generated/"));
}
