/**
 * Pictures as visitors get them, on every built page: sized, loaded lazily but for the page's
 * opening picture (preloaded), and, for photos, offered in widths and a `sizes` that match how wide
 * the layout shows them at every screen width, free of camera metadata. The shipped content may
 * have no photos (drawings only): then the photo checks are skipped, and `npm run test:edits` runs
 * them on content with phone photos in it (tests/edits).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import type { Page } from "@playwright/test";
import { expect, routes, test } from "./fixtures.ts";

const dist = join(import.meta.dirname, "..", "..", "dist");
const pageFile = (route: string) => join(dist, route === "/" ? "index.html" : `${route.slice(1)}/index.html`);
const photoPages = routes.filter((route) => /<picture>/.test(readFileSync(pageFile(route), "utf8")));
const screenWidths = [320, 360, 412, 480, 559, 600, 700, 800, 895, 1000, 1140, 1280, 1440];

interface Shown {
  alt: string;
  /** Width the layout gives the picture, in CSS pixels. */
  rendered: number;
  /** Width its `sizes` says, at this screen width. */
  slot: number;
  /** Its largest file's width. */
  largest: number;
}

/** Every photo on the page (an <img> with `sizes`) scrolled into view: how wide it is shown and why. */
function shownPhotos(page: Page): Promise<Shown[]> {
  return page.evaluate(() => {
    const lengthOf = (length: string) => {
      const probe = document.createElement("div");
      probe.style.cssText = `position:absolute;visibility:hidden;width:${length}`;
      document.body.append(probe);
      const width = probe.getBoundingClientRect().width;
      probe.remove();
      return width;
    };
    const slotOf = (sizes: string) => {
      for (const entry of sizes.split(/,\s*(?![^()]*\))/)) {
        const match = /^(\(.*\))\s+(\S.*)$/.exec(entry.trim());
        if (!match) return lengthOf(entry.trim());
        if (matchMedia(match[1]!).matches) return lengthOf(match[2]!);
      }
      return innerWidth;
    };
    return [...document.querySelectorAll<HTMLImageElement>("img[sizes]")].map((img) => ({
      alt: img.alt,
      rendered: img.getBoundingClientRect().width,
      slot: slotOf(img.sizes),
      largest: Math.max(...img.srcset.split(",").map((c) => Number(/(\d+)w\s*$/.exec(c)![1]))),
    }));
  });
}

for (const route of routes) {
  test(`${route}: every picture is sized; all but the opening picture load lazily, and that one is preloaded`, async ({
    page,
  }) => {
    await page.goto(route);
    const images = await page.locator("img").evaluateAll((imgs) =>
      (imgs as HTMLImageElement[]).map((img) => ({
        html: img.outerHTML.slice(0, 120),
        width: img.getAttribute("width"),
        height: img.getAttribute("height"),
        loading: img.loading,
        priority: img.getAttribute("fetchpriority"),
        inHeader: Boolean(img.closest("header")),
        avif: img.closest("picture")?.querySelector<HTMLSourceElement>('source[type="image/avif"]')?.srcset,
        src: img.getAttribute("src"),
      })),
    );
    expect(images.length).toBeGreaterThan(0);
    for (const image of images) {
      expect(image.width, image.html).toMatch(/^\d+$/);
      expect(image.height, image.html).toMatch(/^\d+$/);
    }
    const opening = images.filter((image) => image.priority === "high");
    expect(opening.length).toBeLessThanOrEqual(1);
    for (const image of images) {
      if (image.priority === "high" || image.inHeader) expect(image.loading, image.html).toBe("eager");
      else expect(image.loading, image.html).toBe("lazy");
    }
    const preloads = await page
      .locator('head link[rel="preload"][as="image"]')
      .evaluateAll((links) =>
        links.map((link) => ({ srcset: link.getAttribute("imagesrcset"), href: link.getAttribute("href") })),
      );
    if (opening[0]) {
      expect(preloads).toContainEqual(
        opening[0].avif ? { srcset: opening[0].avif, href: null } : { srcset: null, href: opening[0].src },
      );
    } else expect(preloads).toEqual([]);
  });
}

test.describe("photos", () => {
  test.skip(photoPages.length === 0, "the content has no photos (test:edits adds some)");

  for (const route of photoPages) {
    test(`${route}: at every screen width each photo's sizes is the width it is shown at, and it has twice the pixels`, async ({
      page,
    }) => {
      await page.goto(route);
      for (const width of screenWidths) {
        await page.setViewportSize({ width, height: 900 });
        for (const photo of await shownPhotos(page)) {
          const at = `${photo.alt} at ${width} px`;
          // sizes may round up a little (a scrollbar, 100vw), never under: under would look blurry.
          expect(photo.slot, at).toBeGreaterThanOrEqual(photo.rendered - 1);
          expect(photo.slot, at).toBeLessThanOrEqual(photo.rendered * 1.1 + 20);
          expect(photo.largest, at).toBeGreaterThanOrEqual(Math.floor(photo.rendered * 2));
        }
      }
    });
  }

  test("a phone downloads the AVIF of each photo it shows", async ({ browser }) => {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 2.625,
      isMobile: true,
    });
    const page = await context.newPage();
    await page.goto(photoPages[0]!);
    const photos = page.locator("picture img");
    for (const photo of await photos.all()) {
      await photo.scrollIntoViewIfNeeded();
      await expect
        .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.currentSrc))
        .toMatch(/\.avif$/);
    }
    await context.close();
  });
});

test("no published picture carries camera metadata: no EXIF (so no GPS position), XMP or colour profile", async () => {
  const media = join(dist, "media");
  const rasters = readdirSync(media).filter((file) => !file.endsWith(".svg"));
  expect(rasters.length).toBeGreaterThan(0);
  for (const file of rasters) {
    const { exif, xmp, iptc, icc } = await sharp(join(media, file)).metadata();
    expect({ file, exif, xmp, iptc, icc }).toEqual({
      file,
      exif: undefined,
      xmp: undefined,
      iptc: undefined,
      icc: undefined,
    });
  }
});
