/** The team section, rendered from fixture content through the real pipeline. */
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { loadContent, renderSite } from "../../tests/components/render-site.tsx";

const section = (name: string) => screen.getByRole("region", { name });

describe("the team section", () => {
  it("team: photo, name, role and bio", () => {
    renderSite("/more");
    const team = section("Our people");
    expect(within(team).getByRole("img", { name: "Portrait of Ada Tester" })).toBeTruthy();
    expect(within(team).getByRole("heading", { name: "Ada Tester" })).toBeTruthy();
    expect(within(team).getByText("Chief Tester")).toBeTruthy();
    expect(within(team).getByText("Ada tests things.")).toBeTruthy();
  });

  it("team: a photo comes as a sized, lazily loaded picture offering AVIF and WebP in every width made", () => {
    const content = loadContent();
    const photo = content.collections.team[0]!.photo;
    renderSite("/more", content);
    const image = within(section("Our people")).getByRole("img", { name: photo.alt });
    const picture = image.closest("picture")!;
    expect(picture).toBeTruthy();
    const sources = [...picture.querySelectorAll("source")].map((s) => ({
      type: s.getAttribute("type"),
      srcset: s.getAttribute("srcset"),
      sizes: s.getAttribute("sizes"),
    }));
    expect(sources).toEqual(photo.sources!.map((s) => ({ ...s, sizes: photo.sizes })));
    expect(sources.map((s) => s.type)).toEqual(["image/avif", "image/webp"]);
    expect(image.getAttribute("srcset")).toBe(photo.srcset);
    expect(image.getAttribute("sizes")).toBe(photo.sizes);
    expect(image.getAttribute("src")).toBe(photo.src);
    expect([image.getAttribute("width"), image.getAttribute("height")]).toEqual([
      String(photo.width),
      String(photo.height),
    ]);
    expect(image.getAttribute("loading")).toBe("lazy");
    expect(image.getAttribute("decoding")).toBe("async");
    expect(image.getAttribute("fetchpriority")).toBeNull();
  });
});
