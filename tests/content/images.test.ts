/**
 * The image stage with photos straight from a phone (tests/helpers/photo-fixture.ts: EXIF with GPS, XMP, a
 * Display P3 profile, portraits stored turned): what the build publishes is upright, in sRGB, free
 * of camera metadata, no wider than needed, in AVIF, WebP and JPEG, and made only once. Two photos
 * keep this quick; the build the tests read is made with a cache of its own, empty at first, which
 * the test of what is made only once then builds with again.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { buildContent, runContent } from "../../scripts/content/pipeline.ts";
import { bandShare, baseColour, markColour, phonePhoto } from "../helpers/photo-fixture.ts";
import { neededWidth, placements, type PageData, type ResolvedImage, type TeamMember } from "../../schemas/index.ts";
import { tempDir } from "../helpers/temp-dirs.ts";
import { fixture, replace, snapshotDir } from "./helpers.ts";

const portrait = await phonePhoto({ seed: 101, orientation: 6 });
const landscape = await phonePhoto({ seed: 102 });
const withPhotos = (teamFocus = "top") =>
  fixture({
    "images/team/ada.jpg": portrait,
    "images/gallery/desk.jpg": landscape,
    "collections/team/ada.yaml": replace("  src: images/portrait.jpg", `  src: images/team/ada.jpg\n  focus: ${teamFocus}`),
    "pages/home.yaml": replace("src: images/photo.svg", "src: images/gallery/desk.jpg"),
  });
const outDir = () => tempDir("images-out-");

const content = withPhotos();
const out = outDir();
// A cache of the photos' versions of its own, empty at first, so what is made is known.
const cacheDir = tempDir("images-cache-");
const built = await buildContent({ contentDir: content, outDir: out, cacheDir });
const read = <T>(rel: string) => JSON.parse(readFileSync(join(out, rel), "utf8")) as T;
const ada = read<{ team: TeamMember[] }>("collections.json").team[0]!.photo;
const home = read<PageData>("pages/index.json");
const gallery = home.sections.flatMap((s) => (s.type === "gallery" ? s.images : []))[0]!.image;
const media = join(out, "public", "media");
const rasters = readdirSync(media).filter((f) => !f.endsWith(".svg"));
const fileOf = (url: string) => join(out, "public", url);
const candidates = (srcset: string) =>
  srcset.split(", ").map((candidate) => {
    const [url, width] = candidate.split(" ");
    return { url: url!, width: Number(width!.replace("w", "")) };
  });

/** The average colour of a band of rows of a published picture, as a browser decodes it (sRGB). */
async function colourOf(url: string, band: "top" | "bottom") {
  const { data, info } = await sharp(fileOf(url)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const rows = Math.max(1, Math.floor(info.height * bandShare * 0.5));
  const start = band === "top" ? 1 : info.height - 1 - rows;
  const sum = [0, 0, 0];
  for (let y = start; y < start + rows; y++)
    for (let x = 0; x < info.width; x++) for (let c = 0; c < 3; c++) sum[c]! += data[(y * info.width + x) * 3 + c]!;
  const [r, g, b] = sum.map((v) => v / (rows * info.width));
  return { r: r!, g: g!, b: b! };
}
const near = (colour: { r: number; g: number; b: number }, expected: typeof markColour) =>
  Math.max(Math.abs(colour.r - expected.r), Math.abs(colour.g - expected.g), Math.abs(colour.b - expected.b));

describe("photos straight from a phone", { timeout: 60_000 }, () => {
  it("build without problems", () => {
    expect(built.problems).toEqual([]);
    expect(rasters.length).toBeGreaterThan(0);
  });

  it("publish no camera metadata: no EXIF, GPS, XMP or colour profile, and none of the camera's words", async () => {
    for (const file of rasters) {
      const bytes = readFileSync(join(media, file));
      const metadata = await sharp(bytes).metadata();
      expect({ file, exif: metadata.exif, xmp: metadata.xmp, iptc: metadata.iptc, icc: metadata.icc }).toEqual({
        file,
        exif: undefined,
        xmp: undefined,
        iptc: undefined,
        icc: undefined,
      });
      for (const word of ["Exif", "GPS", "Fixture", "Pittsburgh", "Display P3"]) {
        expect(bytes.includes(word), `${file} contains "${word}"`).toBe(false);
      }
    }
  });

  it("turn a portrait taken upright the right way up, cut it square around its focus, and convert it to sRGB", async () => {
    expect(ada.width).toBe(ada.height);
    // The band along the top of the picture as taken: only there when upright and cut from the top.
    // The photo stores it in Display P3; read as sRGB without conversion it would be far off.
    expect(near(await colourOf(ada.src, "top"), markColour)).toBeLessThan(10);
    const best = candidates(ada.sources![0]!.srcset).at(-1)!;
    expect(near(await colourOf(best.url, "top"), markColour)).toBeLessThan(10);
  });

  it("make each picture in widths up to what its place needs, never wider than the photo", async () => {
    const placement = placements.gallery;
    const widths = candidates(gallery.srcset!).map((c) => c.width);
    expect(Math.max(...widths)).toBe(neededWidth(placement));
    expect(widths).toEqual([...widths].sort((a, b) => a - b));
    expect(Math.max(...widths)).toBeLessThanOrEqual(4032);
    expect(gallery.width).toBe(Math.max(...widths));
    expect(gallery.height).toBe(Math.round((gallery.width * 3024) / 4032));
    expect(gallery.sizes).toBe(placement.sizes);
    for (const srcset of [gallery.srcset!, ...gallery.sources!.map((s) => s.srcset)]) {
      for (const { url, width } of candidates(srcset)) {
        const metadata = await sharp(fileOf(url)).metadata();
        expect([url, metadata.width, metadata.height]).toEqual([url, width, Math.round((width * 3024) / 4032)]);
      }
    }
    expect(near(await colourOf(gallery.src, "bottom"), baseColour)).toBeLessThan(10);
  });

  it("offer AVIF, then WebP, with a JPEG fallback, under content-hashed names", async () => {
    const image: ResolvedImage = gallery;
    expect(image.sources!.map((s) => s.type)).toEqual(["image/avif", "image/webp"]);
    const formats = await Promise.all(
      [image.sources![0]!.srcset, image.sources![1]!.srcset, image.srcset!].map(
        async (srcset) => (await sharp(fileOf(candidates(srcset)[0]!.url)).metadata()).format,
      ),
    );
    expect(formats).toEqual(["heif", "webp", "jpeg"]);
    for (const { url } of candidates(image.srcset!)) expect(url).toMatch(/^\/media\/desk-[0-9a-f]{10}-\d+\.jpg$/);
  });

  it("encode an unchanged photo only once, and a change only where it needs to", async () => {
    // The first build, with the cache empty, made every version.
    expect(built.images).toMatchObject({ cached: 0 });
    expect(built.images!.made).toBeGreaterThan(0);

    const again = outDir();
    const second = await buildContent({ contentDir: withPhotos(), outDir: again, cacheDir });
    expect(second.images).toMatchObject({ made: 0, cached: built.images!.made });
    const [a, b] = [snapshotDir(media), snapshotDir(join(again, "public", "media"))];
    expect([...b.keys()].sort()).toEqual([...a.keys()].sort());
    for (const [file, { bytes }] of a) expect(b.get(file)!.bytes, file).toBe(bytes);

    // A new focus re-cuts the team photo alone: its widths in three formats.
    const moved = await buildContent({ contentDir: withPhotos("bottom"), outDir: outDir(), cacheDir });
    expect(moved.images).toMatchObject({ made: candidates(ada.srcset!).length * 3 });
  });

  it("never finds an SVG too small: a drawing is sharp at any size", () => {
    const tiny = `<svg xmlns="http://www.w3.org/2000/svg" width="12" height="8"><rect width="12" height="8"/></svg>\n`;
    expect(runContent({ contentDir: fixture({ "images/photo.svg": tiny }) }).problems).toEqual([]);
  });

  it("refuses a photo whose pixels cannot be decoded at the line that uses it, and writes nothing", async () => {
    const damaged = Buffer.from(landscape);
    const frame = damaged.indexOf(Buffer.from([0xff, 0xc0]));
    damaged[frame + 12] = 9; // the first colour component names a quantisation table that is not there
    const dir = fixture({
      "images/photo.jpg": damaged,
      "pages/home.yaml": replace("src: images/photo.svg", "src: images/photo.jpg"),
    });
    const target = outDir();
    const result = await buildContent({ contentDir: dir, outDir: target });
    expect(result.problems).toEqual([
      expect.objectContaining({
        line: 29,
        field: "sections[3].images[0].image.src",
        message: expect.stringMatching(/"images\/photo\.jpg" could not be read as a picture: .*damaged.*save it again as JPEG/),
      }),
    ]);
    expect(result.written).toBeUndefined();
    expect(snapshotDir(target).size).toBe(0);
  });
});
