/** The gallery section, rendered from fixture content through the real pipeline. */
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderSite } from "../../tests/components/render-site.tsx";

const section = (name: string) => screen.getByRole("region", { name });

describe("the gallery section", () => {
  it("gallery: pictures with alt text, intrinsic size and captions", () => {
    renderSite("/");
    const image = within(section("Pictures")).getByRole("img", { name: "A photo" });
    expect(image.getAttribute("width")).toBe("300");
    expect(image.getAttribute("height")).toBe("200");
    expect(image.getAttribute("src")).toMatch(/^\/media\/photo-[0-9a-f]+\.svg$/);
  });
});
