/**
 * Photos like a phone takes them, for tests and benchmarks of the image stage: 4032 × 3024 JPEGs
 * (12 megapixels, a few MB) with detail at every scale (so they compress like real photos), the
 * camera's EXIF (make, model, date, GPS position), XMP and a Display P3 colour profile, and for
 * portraits the sensor's landscape pixels with EXIF orientation 6, as a phone held upright stores
 * them. Each shows a band of `markColour` along its top edge and of `baseColour` along its bottom,
 * as the picture is meant to be seen, so a test can tell whether it came out upright and in sRGB.
 * In: a seed and an orientation. Out: the JPEG's bytes, cached in node_modules/.cache/photo-fixture
 * (made once per machine: about a second each). `replaceWithPhotos` puts them in a content folder.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { isMap, isSeq, parseDocument, type Node } from "yaml";

/** The colours of the top and bottom bands (sRGB). */
export const markColour = { r: 60, g: 170, b: 90 };
export const baseColour = { r: 40, g: 70, b: 200 };
/** How deep each band is, as a share of the picture's height. */
export const bandShare = 0.04;

export interface PhotoOptions {
  seed: number;
  /** 1: taken in landscape. 6: taken upright (stored turned, shown portrait). */
  orientation?: 1 | 6;
}

const version = 1;
const cacheDir = join(import.meta.dirname, "..", "..", "node_modules", ".cache", "photo-fixture");

/** A small, fast, seeded random number generator (mulberry32). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The picture as it is meant to be seen, at a third of its size: soft light, texture, edges. */
async function scene(seed: number, width: number, height: number): Promise<Buffer> {
  const next = random(seed);
  const noise = async (cells: number, channels: 1 | 3) => {
    const w = Math.ceil(width / cells) + 1;
    const h = Math.ceil(height / cells) + 1;
    const grid = Buffer.alloc(w * h * channels);
    for (let i = 0; i < grid.length; i++) grid[i] = Math.floor(next() * 256);
    return sharp(grid, { raw: { width: w, height: h, channels } })
      .resize(width, height, { kernel: cells > 2 ? "cubic" : "nearest" })
      .raw()
      .toBuffer();
  };
  // Detail at every scale, as in photos: broad light, then ever finer texture.
  const light = new Float32Array(width * height);
  for (const [cells, amplitude] of [
    [400, 60],
    [130, 40],
    [40, 26],
    [12, 18],
    [4, 26],
    [1.5, 18],
  ] as const) {
    const layer = await noise(cells, 1);
    for (let i = 0; i < light.length; i++) light[i]! += ((layer[i]! - 128) / 128) * amplitude;
  }
  const tint = [await noise(300, 3), await noise(60, 3)];
  const base = [next() * 140 + 60, next() * 140 + 60, next() * 140 + 60];
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < width * height; i++) {
    for (let c = 0; c < 3; c++) {
      const value = base[c]! + light[i]! + (tint[0]![i * 3 + c]! - 128) * 0.7 + (tint[1]![i * 3 + c]! - 128) * 0.25;
      pixels[i * 3 + c] = value < 0 ? 0 : value > 255 ? 255 : value;
    }
  }
  // Objects: sharp edges are what make photos cost bytes.
  const colour = () => `rgb(${Math.floor(next() * 255)},${Math.floor(next() * 255)},${Math.floor(next() * 255)})`;
  let shapes = "";
  for (let i = 0; i < 120; i++) {
    const x = Math.round(next() * width);
    const y = Math.round(next() * height);
    const size = Math.round(8 + next() * next() * 300);
    const opacity = (0.25 + next() * 0.6).toFixed(2);
    const kind = next();
    if (kind < 0.4) {
      const turn = Math.round(next() * 40 - 20);
      shapes += `<rect x="${x}" y="${y}" width="${size}" height="${Math.round(size * (0.3 + next()))}" fill="${colour()}" opacity="${opacity}" transform="rotate(${turn} ${x} ${y})"/>`;
    } else if (kind < 0.75) {
      shapes += `<ellipse cx="${x}" cy="${y}" rx="${size >> 1}" ry="${Math.round((size / 2) * (0.4 + next()))}" fill="${colour()}" opacity="${opacity}"/>`;
    } else {
      const [dx, dy] = [Math.round(next() * 400 - 200), Math.round(next() * 400 - 200)];
      shapes += `<line x1="${x}" y1="${y}" x2="${x + dx}" y2="${y + dy}" stroke="${colour()}" stroke-width="${1 + Math.floor(next() * 5)}" opacity="${opacity}"/>`;
    }
  }
  const band = Math.round(height * bandShare);
  const rgb = ({ r, g, b }: typeof markColour) => `rgb(${r},${g},${b})`;
  shapes += `<rect x="0" y="0" width="${width}" height="${band}" fill="${rgb(markColour)}"/>`;
  shapes += `<rect x="0" y="${height - band}" width="${width}" height="${band}" fill="${rgb(baseColour)}"/>`;
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${shapes}</svg>`,
  );
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .composite([{ input: svg }])
    .removeAlpha()
    .raw()
    .toBuffer();
}

async function render({ seed, orientation = 1 }: PhotoOptions): Promise<Buffer> {
  const [width, height] = orientation === 6 ? [3024, 4032] : [4032, 3024];
  const small = await scene(seed, width / 3, height / 3);
  const upright = await sharp(small, { raw: { width: width / 3, height: height / 3, channels: 3 } })
    .resize(width, height, { kernel: "cubic" })
    .raw()
    .toBuffer();
  let photo = sharp(upright, { raw: { width, height, channels: 3 } });
  // A phone held upright stores the sensor's landscape pixels and says "turn a quarter right".
  if (orientation === 6) photo = photo.rotate(270);
  return photo
    .jpeg({ quality: 92 })
    .withIccProfile("p3")
    .withExif({
      IFD0: { Make: "Fixture", Model: "Phone 15 Pro", Software: "17.4" },
      IFD2: { DateTimeOriginal: "2026:03:14 09:26:53", LensModel: "Fixture back camera 6.86mm f/1.78" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "40/1 26/1 4612/100",
        GPSLongitudeRef: "W",
        GPSLongitude: "79/1 58/1 5600/100",
      },
    })
    .withXmp(
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/" photoshop:City="Pittsburgh"/></rdf:RDF></x:xmpmeta>',
    )
    .withMetadata({ orientation })
    .toBuffer();
}

/** A phone photo's bytes (made once, then read from the cache). */
export async function phonePhoto(options: PhotoOptions): Promise<Buffer> {
  const key = createHash("sha256")
    .update(JSON.stringify({ version, seed: options.seed, orientation: options.orientation ?? 1 }))
    .digest("hex")
    .slice(0, 16);
  const file = join(cacheDir, `${key}.jpg`);
  if (existsSync(file)) return readFileSync(file);
  const bytes = await render(options);
  mkdirSync(cacheDir, { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, bytes);
  renameSync(temporary, file);
  return bytes;
}

/** Every `src:` of a picture in a content folder's YAML files (site, pages, collections), in file order. */
function pictureFields(contentDir: string): { rel: string; src: string }[] {
  const found: { rel: string; src: string }[] = [];
  const yamlIn = (dir: string) =>
    readdirSync(join(contentDir, dir))
      .filter((f) => f.endsWith(".yaml"))
      .sort()
      .map((f) => `${dir}/${f}`);
  const collections = readdirSync(join(contentDir, "collections")).sort();
  const files = ["site.yaml", ...yamlIn("pages"), ...collections.flatMap((name) => yamlIn(`collections/${name}`))];
  for (const rel of files) {
    const walk = (node: unknown) => {
      if (isMap(node)) {
        const src = node.get("src");
        if (typeof src === "string" && node.has("alt")) found.push({ rel, src });
        for (const pair of node.items) walk(pair.value);
      } else if (isSeq(node)) for (const item of node.items) walk(item);
    };
    walk(parseDocument(readFileSync(join(contentDir, rel), "utf8")).contents as Node);
  }
  return found;
}

export interface ReplaceOptions {
  /** Only these pictures (by their src), instead of every picture but the logo. */
  only?: readonly string[];
  /** At most this many pictures, the first found (a benchmark's small run). */
  limit?: number;
}

/**
 * Puts a phone photo in place of pictures of a content folder: each picture `images/x.svg` becomes
 * `images/x.jpg` (portraits for team photos, landscape otherwise) and every reference follows. Every
 * picture but the logo, or `only` those named, or the first `limit`. Returns the replaced pictures' new paths.
 */
export async function replaceWithPhotos(contentDir: string, options: ReplaceOptions = {}): Promise<string[]> {
  const site = parseDocument(readFileSync(join(contentDir, "site.yaml"), "utf8"));
  const logo = site.getIn(["company", "logo", "src"]);
  const fields = pictureFields(contentDir);
  const portraits = new Set(fields.filter((f) => f.rel.startsWith("collections/team/")).map((f) => f.src));
  const sources = [...new Set(fields.map((f) => f.src))]
    .filter((src) => (options.only ? options.only.includes(src) : src !== logo))
    .slice(0, options.limit);
  const renamed = new Map<string, string>();
  for (const [index, src] of sources.entries()) {
    const target = src.replace(/\.\w+$/, ".jpg");
    const bytes = await phonePhoto({ seed: index + 1, orientation: portraits.has(src) ? 6 : 1 });
    rmSync(join(contentDir, src), { force: true });
    writeFileSync(join(contentDir, target), bytes);
    renamed.set(src, target);
  }
  for (const rel of new Set(fields.map((f) => f.rel))) {
    const path = join(contentDir, rel);
    const text = readFileSync(path, "utf8");
    const next = text.replace(/(\bsrc:\s*["']?)(images\/[\w./-]+)/g, (whole, lead: string, src: string) =>
      renamed.has(src) ? `${lead}${renamed.get(src)}` : whole,
    );
    if (next !== text) writeFileSync(path, next);
  }
  return [...renamed.values()];
}
