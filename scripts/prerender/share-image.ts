/**
 * Share images (issue 59, item 7): each entry's 1200 × 630 PNG for social cards, made at pre-render
 * unless the entry names a picture of its own: its title and its kind's name, the site's logo, the
 * site's colours. The text is drawn as paths (opentype.js, from the Inter font of @fontsource/inter,
 * shipped with the project, never fetched), so the picture is the same on every machine whatever
 * fonts it has; sharp (librsvg) renders the drawing. Each PNG is kept in a cache by the hash of its
 * drawing, as the photos' versions are (decision 0011): an unchanged entry's image is never made twice.
 * In: the title, the kind, the logo's SVG, the colours. Out: the PNG's bytes, and whether it was cached.
 * The logo is an SVG drawn by librsvg as it is: text in it is drawn with the machine's fonts.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import opentype, { type Font } from "opentype.js";

export const shareImageSize = { width: 1200, height: 630 } as const;

/** The fonts' files, as @fontsource/inter ships them (SIL Open Font License 1.1, in that package). */
const require = createRequire(import.meta.url);
const fontFile = (weight: 400 | 700) => require.resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff`);

let fonts: { bold: Font; regular: Font } | undefined;
function loadFonts(): { bold: Font; regular: Font } {
  const read = (weight: 400 | 700) => {
    const bytes = readFileSync(fontFile(weight));
    return opentype.parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  };
  fonts ??= { bold: read(700), regular: read(400) };
  return fonts;
}

export interface ShareImageInput {
  title: string;
  /** The kind's name as a reader knows it ("Guide", "Case study"). */
  kind: string;
  siteName: string;
  /** The logo's SVG text (drawn top left), or none. */
  logoSvg?: string;
  colours: { background: string; text: string; accent: string };
}

/**
 * Each character's glyph, kerned, without opentype.js's shaping (its substitution tables are not all
 * supported, and Latin text needs none): the width of `text` at `size`, and its outline at (x, y).
 */
function layout(font: Font, text: string, size: number, tracking = 0) {
  const scale = size / font.unitsPerEm;
  const glyphs = [...text].map((char) => font.charToGlyph(char));
  const placed: { glyph: (typeof glyphs)[number]; x: number }[] = [];
  let x = 0;
  glyphs.forEach((glyph, i) => {
    placed.push({ glyph, x });
    x += (glyph.advanceWidth ?? 0) * scale + tracking * size;
    const next = glyphs[i + 1];
    if (next) x += font.getKerningValue(glyph, next) * scale;
  });
  return { width: x, placed, scale };
}

export function textWidth(font: Font, text: string, size: number): number {
  return layout(font, text, size).width;
}

function textPath(font: Font, text: string, x: number, y: number, size: number, tracking = 0): string {
  return layout(font, text, size, tracking)
    .placed.map(({ glyph, x: at }) => glyph.getPath(x + at, y, size).toPathData(1))
    .join(" ");
}

/** Splits `text` into lines no wider than `width` at `size`; the last line ends in "…" when it does not all fit. */
export function wrap(font: Font, text: string, size: number, width: number, maxLines: number): string[] {
  const words = text.split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = "";
  for (const word of words) {
    const candidate = line ? `${line} ${word}` : word;
    if (textWidth(font, candidate, size) <= width || !line) {
      line = candidate;
      continue;
    }
    lines.push(line);
    line = word;
    if (lines.length === maxLines) {
      let last = lines.pop()!;
      while (last && textWidth(font, `${last}…`, size) > width) last = last.replace(/\s*\S+$/, "");
      lines.push(`${last}…`);
      return lines;
    }
  }
  if (line) lines.push(line);
  return lines;
}

const escapeXml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The drawing: an SVG whose text is all paths. */
export function shareImageSvg(input: ShareImageInput): string {
  const { bold, regular } = loadFonts();
  const { width, height } = shareImageSize;
  const margin = 80;
  const textWidth = width - 2 * margin;
  // The largest size at which the title takes at most three lines.
  let size = 76;
  let lines = wrap(bold, input.title, size, textWidth, 3);
  while (size > 48 && (lines.length > 3 || lines.at(-1)!.endsWith("…"))) {
    size -= 4;
    lines = wrap(bold, input.title, size, textWidth, 3);
  }
  const lineHeight = Math.round(size * 1.15);
  const titleTop = height - margin - 70 - lines.length * lineHeight;
  const title = lines
    .map((line, i) => textPath(bold, line, margin, titleTop + (i + 1) * lineHeight - Math.round(size * 0.2), size))
    .join(" ");
  const kind = textPath(regular, input.kind.toUpperCase(), margin, titleTop - 24, 30, 0.08);
  const site = textPath(regular, input.siteName, margin, height - margin + 4, 30);
  const logo = input.logoSvg
    ? `<image x="${margin}" y="${margin - 20}" width="330" height="72" preserveAspectRatio="xMinYMid meet" href="data:image/svg+xml;base64,${Buffer.from(input.logoSvg).toString("base64")}" />`
    : "";
  const { background, text, accent } = input.colours;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<rect width="${width}" height="${height}" fill="${escapeXml(background)}" />`,
    `<rect x="0" y="0" width="${width}" height="12" fill="${escapeXml(accent)}" />`,
    logo ? `<rect x="${margin - 24}" y="${margin - 36}" width="380" height="104" rx="18" fill="#ffffff" />${logo}` : "",
    `<path d="${kind}" fill="${escapeXml(accent)}" />`,
    `<path d="${title}" fill="${escapeXml(text)}" />`,
    `<rect x="${margin}" y="${height - margin - 44}" width="120" height="6" rx="3" fill="${escapeXml(accent)}" />`,
    `<path d="${site}" fill="${escapeXml(text)}" opacity="0.85" />`,
    "</svg>",
  ].join("");
}

/**
 * What the drawing depends on besides its input: this module's code and the fonts' package. An
 * unchanged entry's image is found by its input alone, without loading a font.
 */
const recipe = createHash("sha256")
  .update(readFileSync(import.meta.filename))
  .update(readFileSync(require.resolve("@fontsource/inter/package.json")))
  .digest("hex");

export const defaultShareCache =
  process.env.SHARE_IMAGE_CACHE ?? join(import.meta.dirname, "..", "..", "node_modules", ".cache", "share-images");

/**
 * The PNG of `input`: from the cache when the same drawing was made before, else rendered and kept.
 * `hash`: the drawing's, for the published file's name.
 */
export async function shareImage(
  input: ShareImageInput,
  cacheDir = defaultShareCache,
): Promise<{ png: Buffer; hash: string; cached: boolean }> {
  const hash = createHash("sha256").update(recipe).update(JSON.stringify(input)).digest("hex");
  const file = join(cacheDir, `${hash.slice(0, 32)}.png`);
  if (existsSync(file)) return { png: readFileSync(file), hash, cached: true };
  const svg = shareImageSvg(input);
  const sharp = (await import("sharp")).default;
  const png = await sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true }).toBuffer();
  mkdirSync(cacheDir, { recursive: true });
  // Written aside and renamed, so a build running at the same time never reads half a file.
  const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  writeFileSync(temporary, png);
  renameSync(temporary, file);
  return { png, hash, cached: false };
}
