/** The about section, rendered from fixture content through the real pipeline. */
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderSite } from "../../tests/components/render-site.tsx";

const section = (name: string) => screen.getByRole("region", { name });

describe("the about section", () => {
  it("about: story, assist categories and the inline form", () => {
    renderSite("/more");
    const about = section("About the fixture");
    expect(within(about).getByText("tests").tagName).toBe("STRONG");
    expect(within(about).getByRole("heading", { name: "We assist with" })).toBeTruthy();
    expect(within(about).getByRole("heading", { name: "Viruses" })).toBeTruthy();
    expect(within(about).getByRole("heading", { name: "Speed" })).toBeTruthy();
    expect(within(about).getByRole("form", { name: "Call me" })).toBeTruthy();
  });
});
