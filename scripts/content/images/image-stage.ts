/**
 * The image stage of a content build (`npm run content:build`, the dev server), after validation and
 * before emit: makes every planned photo version (images.ts) that the cache does not hold yet.
 * In: recipes (a photo, the part in view, the versions to make). Out: the files in the cache folder
 * (node_modules/.cache/images, or $IMAGE_CACHE), named after the photo's bytes, crop, size and
 * encoder settings, so an unchanged photo is never encoded twice; the pictures that failed.
 * Steps per photo: read its size again and compare with its header (what validation used), turn it
 * upright (EXIF orientation), cut it to its shape, scale it once to the largest width needed
 * (converted to sRGB; EXIF, GPS, XMP and the ICC profile are not carried over), then encode every
 * missing width and format from that. Photos are processed a few at a time (`concurrency`).
 */
import { existsSync, mkdirSync, renameSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import type { OutputInfo, default as Sharp } from "sharp";
import { faultPoint, firstLine, ToolFault } from "../problems/fault.ts";
import { encoders, type Recipe, type Variant } from "./images.ts";

// Loaded on first use: a check, and a build whose photos are all cached, never pay for it.
let sharpModule: typeof Sharp | undefined;
async function loadSharp(): Promise<typeof Sharp> {
  try {
    sharpModule ??= (await import("sharp")).default;
  } catch (error) {
    throw new ToolFault(`the image library (sharp) could not be loaded: ${firstLine(error)}`, { cause: error });
  }
  return sharpModule;
}
async function sharp(...args: Parameters<typeof Sharp>): Promise<ReturnType<typeof Sharp>> {
  return (await loadSharp())(...args);
}

/** Something really wrong with a picture's bytes, found by this stage: blamed on the picture. */
class DamagedPicture extends Error {}

/**
 * Whether the picture itself is at fault for `error`: its bytes cannot be decoded on their own. When
 * they can, the failure was ours (a bug, the cache folder, the image library), not the picture's.
 */
async function pictureIsDamaged(recipe: Recipe, error: unknown): Promise<boolean> {
  if (error instanceof DamagedPicture) return true;
  if (error instanceof ToolFault) return false;
  try {
    await (await sharp(recipe.from, { failOn: "error" })).autoOrient().resize(64).raw().toBuffer();
    return false;
  } catch {
    return true;
  }
}

export const defaultCacheDir = process.env.IMAGE_CACHE ?? join(import.meta.dirname, "..", "..", "..", "node_modules", ".cache", "images");

export interface StageResult {
  /** Pictures that could not be made: their path in content → what to tell the editor. */
  failed: Map<string, string>;
  /** Files encoded in this run, and files found in the cache. */
  made: number;
  cached: number;
  ms: number;
}

async function encode(raw: { data: Buffer; info: OutputInfo }, variant: Variant): Promise<Buffer> {
  const { width, height, channels } = raw.info;
  let image = await sharp(raw.data, { raw: { width, height, channels } });
  if (variant.width !== width || variant.height !== height) {
    image = image.resize(variant.width, variant.height, { fit: "fill", kernel: "lanczos3" });
  }
  switch (variant.format) {
    case "avif":
      return image.avif(encoders.avif).toBuffer();
    case "webp":
      return image.webp(encoders.webp).toBuffer();
    case "jpeg":
      return image.flatten({ background: "#ffffff" }).jpeg(encoders.jpeg).toBuffer();
    case "png":
      return image.png(encoders.png).toBuffer();
  }
}

async function make(recipe: Recipe, missing: Variant[], cacheDir: string): Promise<void> {
  const header = await (await sharp(recipe.from, { failOn: "error" })).metadata();
  const turned = (header.orientation ?? 1) >= 5;
  const width = turned ? header.height : header.width;
  const height = turned ? header.width : header.height;
  if (width !== recipe.width || height !== recipe.height) {
    throw new DamagedPicture(`its size reads as ${width} × ${height} px, but its header says ${recipe.width} × ${recipe.height} px`);
  }
  faultPoint("images");
  const largest = missing.reduce((a, b) => (b.width > a.width ? b : a));
  let image = (await sharp(recipe.from, { failOn: "error" })).autoOrient();
  if (recipe.crop) image = image.extract(recipe.crop);
  const raw = await image
    .resize(largest.width, largest.height, { fit: "fill", kernel: "lanczos3" })
    .toColourspace("srgb")
    .raw()
    .toBuffer({ resolveWithObject: true });
  for (const variant of missing) {
    const bytes = await encode(raw, variant);
    // Written aside and renamed, so a build running at the same time never reads half a file.
    const target = join(cacheDir, variant.cached);
    const temporary = `${target}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    writeFileSync(temporary, bytes);
    renameSync(temporary, target);
  }
}

/** Runs `work` on every item, at most `limit` at a time. */
async function pool<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
}

export async function makeImages(
  recipes: Iterable<Recipe>,
  cacheDir = defaultCacheDir,
  concurrency = Math.min(4, availableParallelism()),
): Promise<StageResult> {
  const started = performance.now();
  const result: StageResult = { failed: new Map(), made: 0, cached: 0, ms: 0 };
  mkdirSync(cacheDir, { recursive: true });
  const todo: { recipe: Recipe; missing: Variant[] }[] = [];
  for (const recipe of recipes) {
    const missing = [...recipe.variants.values()].filter((variant) => !existsSync(join(cacheDir, variant.cached)));
    result.cached += recipe.variants.size - missing.length;
    if (missing.length > 0) todo.push({ recipe, missing });
  }
  if (todo.length > 0) await loadSharp();
  await pool(todo, concurrency, async ({ recipe, missing }) => {
    try {
      await make(recipe, missing, cacheDir);
      result.made += missing.length;
    } catch (error) {
      if (!(await pictureIsDamaged(recipe, error))) {
        throw new ToolFault(`making the versions of "${recipe.src}" failed, though the picture itself reads well: ${firstLine(error)}`, {
          cause: error,
        });
      }
      const reason = firstLine(error).replace(/^Input file /, "");
      result.failed.set(
        recipe.src,
        `"${recipe.src}" could not be read as a picture: it looks like one, but its contents are damaged (${reason}). Copy the original again, or open it and save it again as JPEG`,
      );
    }
  });
  result.ms = performance.now() - started;
  return result;
}
