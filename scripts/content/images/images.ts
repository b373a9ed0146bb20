/**
 * Pictures in the content check: each reference is checked for the place it is shown in, and for a
 * photo the versions to make are decided (widths, formats, the part that stays in view), with their
 * content-hashed names. Nothing is decoded or encoded here (validation is synchronous and fast): the
 * image stage (image-stage.ts) makes the planned files before the build writes its output.
 * In: the content folder and its image files. Out: a resolver for the schemas, the SVGs to copy and
 * the photos to make (recipes).
 */
import { createHash } from "node:crypto";
import { readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import {
  didYouMean,
  focusPoints,
  heicMessage,
  neededWidth,
  placements,
  type Focus,
  type ImageInput,
  type Placement,
  type PlacementName,
  type ResolvedImage,
} from "../../../schemas/index.ts";
import { firstLine, ToolFault } from "../problems/fault.ts";
import { probe, svgScript, type Probe, type Unreadable } from "./image-probe.ts";

/** Sources a web page has no use for: refused rather than processed. */
export const limits = { bytes: 25 * 1024 * 1024, megapixels: 50 };

/** Widths made below a placement's largest, so each screen downloads about what it shows. */
export const ladder = [320, 480, 640, 800, 1024, 1280, 1600];

/** Encoder settings (sharp). A change here renames every photo, so none is served stale. */
export const encoders = {
  avif: { quality: 50, effort: 1 },
  webp: { quality: 75, effort: 4 },
  jpeg: { quality: 75, mozjpeg: true },
  png: { compressionLevel: 9, palette: true, quality: 90 },
} as const;

export type OutputFormat = keyof typeof encoders;
const extensions: Record<OutputFormat, string> = { avif: "avif", webp: "webp", jpeg: "jpg", png: "png" };

/**
 * sharp's version: a new encoder may write different bytes, so it is part of every photo's name.
 * Found when the first photo is planned; sharp missing is a fault of the installation (fault.ts).
 */
let sharpVersionFound: string | undefined;
function sharpVersion(): string {
  return (sharpVersionFound ??= findSharpVersion());
}
function findSharpVersion(): string {
  let entry: string;
  try {
    entry = createRequire(import.meta.url).resolve("sharp");
  } catch (error) {
    throw new ToolFault(`the image library (sharp) could not be loaded: ${firstLine(error)}`, { cause: error });
  }
  let dir = dirname(entry);
  for (let i = 0; i < 3; i++, dir = dirname(dir)) {
    try {
      return (JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { version: string }).version;
    } catch {
      // not this folder: try its parent
    }
  }
  return "unknown";
}

/** One file to make from a photo. */
export interface Variant {
  /** Public path in the output's public folder, e.g. "media/ada-1a2b3c4d5e-512.avif". */
  to: string;
  /** File name in the image cache: the same for the same photo, crop, size and settings. */
  cached: string;
  width: number;
  height: number;
  format: OutputFormat;
}

/** A photo and everything to make from it (one decode serves every size). */
export interface Recipe {
  /** The picture as content names it, e.g. "images/team/ada.jpg". */
  src: string;
  /** Absolute path of the file. */
  from: string;
  /** Its size as shown (orientation applied), from its header. */
  width: number;
  height: number;
  /** The part that stays in view, in the picture as shown; absent: all of it. */
  crop?: { left: number; top: number; width: number; height: number };
  /** By public path. */
  variants: Map<string, Variant>;
}

/** An SVG to publish as it is. */
export interface Asset {
  from: string;
  to: string;
}

const group = (n: number) => n.toLocaleString("en-US");

function unreadableMessage(src: string, why: Unreadable["reason"]): string {
  switch (why) {
    case "heic":
      return heicMessage(src);
    case "truncated":
      return `"${src}" is not a picture that can be read: the file is cut off (it may not have finished copying or downloading). Copy the original again, or open it and save it again as JPEG`;
    case "no-size":
      return `could not read the size of "${src}": is it a valid image? An SVG needs width and height attributes or a viewBox`;
    case "unknown":
      return `"${src}" is not a picture that can be read: it is not a JPEG, PNG, WebP, AVIF, GIF or SVG file inside (another kind of file renamed?). Open it in an image editor (or Preview on a Mac) and export it as JPEG for a photo, PNG for a drawing`;
  }
}

function tooSmall(src: string, probed: Probe, placement: Placement): string {
  const need = group(neededWidth(placement));
  const sharpOn = placement.density > 1 ? " on phones and other high-density screens" : "";
  return (
    `"${src}" is ${group(probed.width)} × ${group(probed.height)} px: too small for ${placement.label}. ` +
    `It is shown up to ${group(placement.shownAt)} px wide, so it needs ${need} px${placement.aspect ? " across the part in view" : ""} ` +
    `to look sharp${sharpOn}; this one would look blurry. Use a picture at least ${need} px ` +
    `${placement.aspect ? "on its shorter side" : "wide"} (a photo straight from a phone is fine), or an SVG`
  );
}

/** The largest part of the picture with the shape's proportions, centred on the focus point. */
export function cropFor(width: number, height: number, aspect: number, focus: Focus = "center") {
  const point = typeof focus === "string" ? focusPoints[focus] : focus;
  const cropWidth = Math.min(width, Math.round(height * aspect));
  const cropHeight = Math.min(height, Math.round(cropWidth / aspect));
  const clamp = (value: number, max: number) => Math.max(0, Math.min(max, Math.round(value)));
  return {
    left: clamp((width * point.x) / 100 - cropWidth / 2, width - cropWidth),
    top: clamp((height * point.y) / 100 - cropHeight / 2, height - cropHeight),
    width: cropWidth,
    height: cropHeight,
  };
}

/** The widths to make for a placement: the ladder below the largest, then the largest. */
export function widthsFor(placement: Placement): number[] {
  const largest = neededWidth(placement);
  if (placement.fallbackOnly) return [largest];
  return [...ladder.filter((width) => width <= largest * 0.85), largest];
}

interface Source {
  bytes: number;
  hash: string;
  probed: Probe | Unreadable;
  text?: string;
}

/** Read and probed files, by path, size and modification time: the dev server reads each once. */
const sources = new Map<string, Source>();

function readSource(path: string, size: number, mtimeMs: number): Source {
  const key = `${path}\0${size}\0${mtimeMs}`;
  let source = sources.get(key);
  if (!source) {
    const bytes = readFileSync(path);
    const probed = probe(bytes);
    source = {
      bytes: bytes.length,
      hash: createHash("sha256").update(bytes).digest("hex"),
      probed,
      text: "format" in probed && probed.format === "svg" ? bytes.toString("utf8") : undefined,
    };
    if (sources.size > 2000) sources.clear();
    sources.set(key, source);
  }
  return source;
}

export interface ImageResolver {
  resolveImage: (image: ImageInput, where: PlacementName) => ResolvedImage | string;
  /** SVGs to copy, by public path. */
  svgs: Map<string, Asset>;
  /** Photos to make, by their recipe's hash. */
  recipes: Map<string, Recipe>;
}

/** The image `src` read and probed, or why it cannot be on the site. */
function checkedSource(contentDir: string, images: readonly string[], src: string): { source: Source; from: string } | string {
  if (!images.includes(src)) return `image file "${src}" not found in the content folder.${didYouMean(src, images)}`;
  const from = join(contentDir, src);
  const stat = statSync(from);
  if (stat.size > limits.bytes) {
    return `"${src}" is ${(stat.size / 1024 / 1024).toFixed(1)} MB: far larger than a web page can use (at most ${limits.bytes / 1024 / 1024} MB). Save it again as JPEG, e.g. 4,000 px wide (a photo straight from a phone is fine)`;
  }
  const source = readSource(from, stat.size, stat.mtimeMs);
  const { probed } = source;
  if ("reason" in probed) return unreadableMessage(src, probed.reason);
  if (probed.format === "svg") {
    const script = svgScript(source.text!);
    if (script) {
      return `"${src}" contains ${script}: a picture on the site may not contain code. Export the drawing again as a plain SVG (no scripts, links or interactivity), or as PNG`;
    }
  } else if (probed.width * probed.height > limits.megapixels * 1e6) {
    return `"${src}" is ${group(probed.width)} × ${group(probed.height)} px (${Math.round((probed.width * probed.height) / 1e6)} megapixels): far more than a web page can use (at most ${limits.megapixels} megapixels). Save it smaller, e.g. 4,000 px wide, as JPEG`;
  }
  return { source, from };
}

export function createImageResolver(contentDir: string, images: readonly string[]): ImageResolver {
  const svgs = new Map<string, Asset>();
  const recipes = new Map<string, Recipe>();
  const checked = new Map<string, { source: Source; from: string } | string>();

  const read = (src: string) => {
    let found = checked.get(src);
    if (found === undefined) {
      found = checkedSource(contentDir, images, src);
      checked.set(src, found);
    }
    return found;
  };

  const resolveImage = (image: ImageInput, where: PlacementName): ResolvedImage | string => {
    const found = read(image.src);
    if (typeof found === "string") return found;
    const { source, from } = found;
    const probed = source.probed as Probe;
    const base = image.src.replace(/^.*\//, "").replace(/\.\w+$/, "");
    if (probed.format === "svg") {
      const to = `media/${base}-${source.hash.slice(0, 10)}.svg`;
      svgs.set(to, { from, to });
      return { src: `/${to}`, alt: image.alt, width: probed.width, height: probed.height };
    }

    const placement: Placement = placements[where];
    const crop = placement.aspect ? cropFor(probed.width, probed.height, placement.aspect, image.focus) : undefined;
    if ((crop?.width ?? probed.width) < neededWidth(placement)) return tooSmall(image.src, probed, placement);

    const cropKey = crop ? `${crop.left},${crop.top},${crop.width},${crop.height}` : "whole";
    const digest = createHash("sha256")
      .update(`${source.hash}|${cropKey}|sharp ${sharpVersion()}|${JSON.stringify(encoders)}`)
      .digest("hex");
    let recipe = recipes.get(digest);
    if (!recipe) {
      recipe = { src: image.src, from, width: probed.width, height: probed.height, crop, variants: new Map() };
      recipes.set(digest, recipe);
    }
    const shownWidth = crop?.width ?? probed.width;
    const shownHeight = crop?.height ?? probed.height;
    const fallback: OutputFormat = probed.alpha ? "png" : "jpeg";
    const formats: OutputFormat[] = placement.fallbackOnly ? [fallback] : ["avif", "webp", fallback];
    const made: Record<string, Variant[]> = {};
    for (const format of formats) {
      made[format] = widthsFor(placement).map((width) => {
        const name = `${width}.${extensions[format]}`;
        const variant: Variant = {
          to: `media/${base}-${digest.slice(0, 10)}-${name}`,
          cached: `${digest.slice(0, 24)}-${name}`,
          width,
          height: Math.max(1, Math.round((width * shownHeight) / shownWidth)),
          format,
        };
        recipe.variants.set(variant.to, variant);
        return variant;
      });
    }
    const srcset = (variants: Variant[]) => variants.map((v) => `/${v.to} ${v.width}w`).join(", ");
    const largest = made[fallback]!.at(-1)!;
    const resolved: ResolvedImage = { src: `/${largest.to}`, alt: image.alt, width: largest.width, height: largest.height };
    if (placement.fallbackOnly) return resolved;
    return {
      ...resolved,
      srcset: srcset(made[fallback]!),
      sizes: placement.sizes,
      sources: [
        { type: "image/avif", srcset: srcset(made.avif!) },
        { type: "image/webp", srcset: srcset(made.webp!) },
      ],
    };
  };

  return { resolveImage, svgs, recipes };
}
