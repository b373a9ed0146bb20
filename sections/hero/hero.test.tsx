/** The hero section, rendered from fixture content through the real pipeline. */
import { screen, within } from "@testing-library/react";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { fixture, replace } from "../../tests/content/helpers.ts";
import { loadContent, renderSite } from "../../tests/components/render-site.tsx";

const section = (name: string) => screen.getByRole("region", { name });

describe("the hero section", () => {
  it("hero: the page's h1, its intro and a call-to-action calling the toll-free number", () => {
    renderSite("/");
    expect(screen.getByRole("heading", { level: 1, name: "Welcome" })).toBeTruthy();
    expect(within(section("Welcome")).getByText("Call 1-800-555-0100 any time.")).toBeTruthy();
    expect(within(section("Welcome")).getByRole("link", { name: "Call" }).getAttribute("href")).toBe(
      "tel:+18005550100",
    );
  });

  it("hero: a page's opening picture loads first, the logo eagerly, every other picture lazily", async () => {
    const banner = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: "#336699" } })
      .jpeg()
      .toBuffer();
    const dir = fixture({
      "images/banner.jpg": banner,
      "pages/home.yaml": replace(
        "    intro: Call {{phone}} any time.\n",
        "    intro: Call {{phone}} any time.\n    image:\n      src: images/banner.jpg\n      alt: Our help desk\n",
      ),
    });
    const { container } = renderSite("/", loadContent(dir));
    const hero = within(section("Welcome")).getByRole("img", { name: "Our help desk" });
    expect(hero.closest("picture")).toBeTruthy();
    expect([hero.getAttribute("loading"), hero.getAttribute("fetchpriority"), hero.getAttribute("decoding")]).toEqual([
      "eager",
      "high",
      null,
    ]);
    const logo = within(screen.getByRole("banner")).getByRole("img");
    expect([logo.getAttribute("loading"), logo.getAttribute("fetchpriority")]).toEqual(["eager", null]);
    const others = [...container.querySelectorAll("img")].filter((img) => img !== hero && img !== logo);
    expect(others.length).toBeGreaterThan(0);
    for (const img of others) expect(img.getAttribute("loading"), img.outerHTML).toBe("lazy");
  });
});
