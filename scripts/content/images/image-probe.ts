/**
 * Reads what the content check needs from a picture's bytes without decoding it, fast and
 * synchronously (validation is synchronous): the format, the size as shown (EXIF orientation or
 * AVIF rotation applied), whether it has transparency, and whether the file is complete.
 * In: a file's bytes. Out: a Probe, or why it cannot be read. SVG sizes come from image-size.
 */
import { imageSize } from "image-size";

export type RasterFormat = "jpeg" | "png" | "webp" | "avif" | "gif";

export interface Probe {
  format: RasterFormat | "svg";
  /** Width and height as the picture is shown, after its orientation is applied. */
  width: number;
  height: number;
  /** Whether it may have transparent parts (then its fallback is PNG, not JPEG). */
  alpha: boolean;
}

/** Why a file cannot be used: not a picture at all, cut off, or a HEIC photo. */
export type Unreadable = { reason: "unknown" | "truncated" | "heic" | "no-size" };

const ascii = (bytes: Buffer, start: number, end: number) => bytes.toString("latin1", start, end);

/** EXIF orientation (1-8) from a TIFF structure (the body of an EXIF block), 1 when absent. */
export function exifOrientation(tiff: Buffer): number {
  if (tiff.length < 8) return 1;
  const order = ascii(tiff, 0, 2);
  if (order !== "II" && order !== "MM") return 1;
  const le = order === "II";
  const u16 = (at: number) => (le ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (le ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const ifd = u32(4);
  if (ifd + 2 > tiff.length) return 1;
  const count = u16(ifd);
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > tiff.length) return 1;
    if (u16(entry) === 0x0112) {
      const value = u16(entry + 8);
      return value >= 1 && value <= 8 ? value : 1;
    }
  }
  return 1;
}

/** The TIFF body of an EXIF block, with or without its "Exif\0\0" prefix. */
function tiffOf(block: Buffer): Buffer {
  return ascii(block, 0, 6) === "Exif\0\0" ? block.subarray(6) : block;
}

/** Orientations 5 to 8 turn the picture a quarter: what is stored across is shown down. */
const quarterTurn = (orientation: number) => orientation >= 5;

function jpeg(bytes: Buffer): Probe | Unreadable {
  let at = 2;
  let orientation = 1;
  let size: { width: number; height: number } | undefined;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return { reason: "unknown" };
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at++;
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    const length = bytes.readUInt16BE(at + 2);
    const end = at + 2 + length;
    if (end > bytes.length) return { reason: "truncated" };
    if (marker === 0xe1 && ascii(bytes, at + 4, at + 10) === "Exif\0\0") {
      orientation = exifOrientation(bytes.subarray(at + 10, end));
    }
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame && length >= 7) size = { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
    if (marker === 0xda) {
      if (!size || !size.width || !size.height) return { reason: "unknown" };
      // Inside the compressed data 0xFF is always followed by 0x00 or a restart marker, so the first
      // FF D9 after the scan starts is the end of the picture. Anything after it (the video of a
      // "motion photo", a maker's trailer) is ignored.
      if (bytes.indexOf(Buffer.from([0xff, 0xd9]), end) < 0) return { reason: "truncated" };
      const { width, height } = size;
      return quarterTurn(orientation)
        ? { format: "jpeg", width: height, height: width, alpha: false }
        : { format: "jpeg", width, height, alpha: false };
    }
    at = end;
  }
  return { reason: "truncated" };
}

function png(bytes: Buffer): Probe | Unreadable {
  if (bytes.length < 33 || ascii(bytes, 12, 16) !== "IHDR") return { reason: "truncated" };
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  const colourType = bytes[25]!;
  let alpha = colourType === 4 || colourType === 6;
  let orientation = 1;
  let at = 8;
  while (at + 8 <= bytes.length) {
    const length = bytes.readUInt32BE(at);
    const type = ascii(bytes, at + 4, at + 8);
    const end = at + 12 + length;
    if (end > bytes.length) return { reason: "truncated" };
    if (type === "tRNS") alpha = true;
    if (type === "eXIf") orientation = exifOrientation(tiffOf(bytes.subarray(at + 8, at + 8 + length)));
    if (type === "IEND") {
      return quarterTurn(orientation) ? { format: "png", width: height, height: width, alpha } : { format: "png", width, height, alpha };
    }
    at = end;
  }
  return { reason: "truncated" };
}

function webp(bytes: Buffer): Probe | Unreadable {
  if (bytes.length < 30) return { reason: "truncated" };
  if (8 + bytes.readUInt32LE(4) > bytes.length) return { reason: "truncated" };
  let width = 0;
  let height = 0;
  let alpha = false;
  let orientation = 1;
  let at = 12;
  while (at + 8 <= bytes.length) {
    const type = ascii(bytes, at, at + 4);
    const length = bytes.readUInt32LE(at + 4);
    const data = at + 8;
    if (data + length > bytes.length) return { reason: "truncated" };
    if (type === "VP8X") {
      alpha = (bytes[data]! & 0x10) !== 0;
      width = 1 + bytes.readUIntLE(data + 4, 3);
      height = 1 + bytes.readUIntLE(data + 7, 3);
    } else if (type === "VP8 " && !width) {
      width = bytes.readUInt16LE(data + 6) & 0x3fff;
      height = bytes.readUInt16LE(data + 8) & 0x3fff;
    } else if (type === "VP8L" && !width) {
      const bits = bytes.readUInt32LE(data + 1);
      width = 1 + (bits & 0x3fff);
      height = 1 + ((bits >> 14) & 0x3fff);
      alpha = ((bits >> 28) & 1) === 1;
    } else if (type === "EXIF") {
      orientation = exifOrientation(tiffOf(bytes.subarray(data, data + length)));
    }
    at = data + length + (length % 2);
  }
  if (!width || !height) return { reason: "unknown" };
  return quarterTurn(orientation) ? { format: "webp", width: height, height: width, alpha } : { format: "webp", width, height, alpha };
}

function gif(bytes: Buffer): Probe | Unreadable {
  if (bytes.length < 14) return { reason: "truncated" };
  if (bytes[bytes.length - 1] !== 0x3b) return { reason: "truncated" };
  // Transparency is common in GIFs and costly to find: treat every GIF as possibly transparent.
  return { format: "gif", width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8), alpha: true };
}

interface Box {
  type: string;
  start: number;
  /** Where the box's contents start (after its header). */
  body: number;
  end: number;
}

/** The boxes of an ISO media file (AVIF, HEIC) between `start` and `end`; undefined when cut off. */
function boxes(bytes: Buffer, start: number, end: number): Box[] | undefined {
  const out: Box[] = [];
  let at = start;
  while (at + 8 <= end) {
    let size = bytes.readUInt32BE(at);
    let body = at + 8;
    if (size === 1) {
      if (at + 16 > end) return undefined;
      size = Number(bytes.readBigUInt64BE(at + 8));
      body = at + 16;
    } else if (size === 0) size = end - at;
    if (size < body - at || at + size > end) return undefined;
    out.push({ type: ascii(bytes, at + 4, at + 8), start: at, body, end: at + size });
    at += size;
  }
  return at === end || at + 8 > end ? out : undefined;
}

const heicBrands = new Set(["heic", "heix", "hevc", "hevx", "heim", "heis", "hevm", "hevs", "mif1", "msf1"]);

function isoMedia(bytes: Buffer): Probe | Unreadable {
  // The file type box comes first: its brands say what the file is, even when the rest is cut off.
  const ftypEnd = Math.min(bytes.readUInt32BE(0), bytes.length);
  const brands = [ascii(bytes, 8, 12)];
  for (let at = 16; at + 4 <= ftypEnd; at += 4) brands.push(ascii(bytes, at, at + 4));
  const avif = brands.includes("avif") || brands.includes("avis");
  if (!avif) return brands.some((b) => heicBrands.has(b)) ? { reason: "heic" } : { reason: "unknown" };
  const top = boxes(bytes, 0, bytes.length);
  if (!top) return { reason: "truncated" };
  const meta = top.find((b) => b.type === "meta");
  // meta is a "full box": four bytes of version and flags come before its children.
  const iprp = meta && boxes(bytes, meta.body + 4, meta.end)?.find((b) => b.type === "iprp");
  const ipco = iprp && boxes(bytes, iprp.body, iprp.end)?.find((b) => b.type === "ipco");
  const properties = ipco ? boxes(bytes, ipco.body, ipco.end) : undefined;
  if (!properties) return { reason: "truncated" };
  let width = 0;
  let height = 0;
  let turned = false;
  let alpha = false;
  for (const box of properties) {
    if (box.type === "ispe" && box.end - box.body >= 12) {
      const w = bytes.readUInt32BE(box.body + 4);
      const h = bytes.readUInt32BE(box.body + 8);
      // The primary picture is the largest; smaller ones are thumbnails, tiles or its alpha plane.
      if (w * h > width * height) [width, height] = [w, h];
    }
    if (box.type === "irot" && box.end > box.body) turned = (bytes[box.body]! & 1) === 1;
    if (box.type === "auxC" && /auxiliary:alpha|auxid:1/.test(ascii(bytes, box.body, box.end))) alpha = true;
  }
  if (!width || !height) return { reason: "unknown" };
  if (!top.some((b) => b.type === "mdat")) return { reason: "truncated" };
  return turned ? { format: "avif", width: height, height: width, alpha } : { format: "avif", width, height, alpha };
}

function svg(bytes: Buffer): Probe | Unreadable {
  try {
    const { width, height } = imageSize(bytes);
    if (!width || !height) return { reason: "no-size" };
    return { format: "svg", width, height, alpha: true };
  } catch {
    return { reason: "no-size" };
  }
}

/** Whether the bytes are an SVG drawing: XML text whose first element is <svg>. */
export function isSvg(bytes: Buffer): boolean {
  const head = bytes.toString("utf8", 0, Math.min(bytes.length, 4096)).replace(/^\uFEFF/, "");
  return /^\s*(?:<\?xml[^>]*>\s*|<!--[\s\S]*?-->\s*|<!DOCTYPE[^>]*>\s*)*<svg[\s>]/i.test(head);
}

export function probe(bytes: Buffer): Probe | Unreadable {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return jpeg(bytes);
  if (bytes.length >= 8 && bytes.readUInt32BE(0) === 0x89504e47 && bytes.readUInt32BE(4) === 0x0d0a1a0a) return png(bytes);
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return webp(bytes);
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(ascii(bytes, 0, 6))) return gif(bytes);
  if (bytes.length >= 12 && ascii(bytes, 4, 8) === "ftyp") return isoMedia(bytes);
  if (isSvg(bytes)) return svg(bytes);
  return { reason: "unknown" };
}

/** What in an SVG could run code if the file were opened on its own, or undefined when nothing. */
export function svgScript(text: string): string | undefined {
  if (/<script[\s>/]/i.test(text)) return "a <script> element";
  const handler = /<[^>]*\s(on[a-z]+)\s*=/i.exec(text)?.[1];
  if (handler) return `an ${handler}= attribute (code that runs on a click or when it loads)`;
  // Character references can hide the word: &#106;avascript: is javascript:.
  const decoded = text.replace(/&#x([0-9a-f]{1,6});?|&#(\d{1,7});?/gi, (_, hex: string | undefined, dec: string | undefined) => {
    const code = hex ? parseInt(hex, 16) : Number(dec);
    return code <= 0x10ffff ? String.fromCodePoint(code) : "";
  });
  if (/j\s*a\s*v\s*a\s*s\s*c\s*r\s*i\s*p\s*t\s*:/i.test(decoded)) return "a javascript: link";
  return undefined;
}
