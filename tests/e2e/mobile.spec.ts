import { callButtonName, expect, hydrated, routes, test } from "./fixtures.ts";

for (const width of [360, 320]) {
  test.describe(`on a ${width}px wide phone`, () => {
    test.use({ viewport: { width, height: 640 }, isMobile: true, hasTouch: true });
    for (const route of routes) {
      test(`${route}: the call button is on the first screen and nothing scrolls sideways`, async ({ page }) => {
        await page.goto(route);
        await hydrated(page);
        const call = page.getByRole("link", { name: callButtonName });
        await expect(call).toBeInViewport({ ratio: 1 });
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      });
    }
  });
}
