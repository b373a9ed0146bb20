/** An entry's share image (scripts/prerender/share-image.ts): 1200 × 630, its text as paths, made once per drawing. */
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { shareImage, shareImageSvg, type ShareImageInput } from "../../scripts/prerender/share-image.ts";

const cache = mkdtempSync(join(tmpdir(), "share-images-"));
afterAll(() => rmSync(cache, { recursive: true, force: true }));
const input: ShareImageInput = {
  title: "Why the printer says offline when it is on, and the five checks that bring it back every time",
  kind: "Help guides",
  siteName: "Example Support",
  logoSvg: '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><rect width="40" height="40" fill="#1769d1"/></svg>',
  colours: { background: "#0e2240", text: "#f4f7fb", accent: "#ffc94a" },
};

describe("an entry's share image", () => {
  it("is a 1200 × 630 PNG, made once: the same input comes from the cache", async () => {
    const first = await shareImage(input, cache);
    expect(first.cached).toBe(false);
    const { width, height, format } = await sharp(first.png).metadata();
    expect({ width, height, format }).toEqual({ width: 1200, height: 630, format: "png" });
    const again = await shareImage(input, cache);
    expect(again.cached).toBe(true);
    expect(again.png.equals(first.png)).toBe(true);
    const other = await shareImage({ ...input, title: "Another title" }, cache);
    expect(other.cached).toBe(false);
    expect(other.hash).not.toBe(first.hash);
    expect(readdirSync(cache).filter((file) => file.endsWith(".png"))).toHaveLength(2);
  });

  it("draws its text as outlines (no font needed to show it), and the site's colours", async () => {
    const svg = shareImageSvg(input);
    expect(svg).not.toMatch(/<text\b/);
    expect(svg).toContain(`fill="${input.colours.background}"`);
    // The background's colour is where no text or logo is: the bottom right corner.
    const { data } = await sharp((await shareImage(input, cache)).png).extract({ left: 1190, top: 620, width: 1, height: 1 }).raw().toBuffer({ resolveWithObject: true });
    expect([...data.subarray(0, 3)]).toEqual([0x0e, 0x22, 0x40]);
  });
});
