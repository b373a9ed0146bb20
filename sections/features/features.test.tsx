/** The features section, rendered from fixture content through the real pipeline. */
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderSite } from "../../tests/components/render-site.tsx";

const section = (name: string) => screen.getByRole("region", { name });

describe("the features section", () => {
  it("features: cards with title and text", () => {
    renderSite("/more");
    expect(within(section("Why us")).getByRole("heading", { name: "Always open" })).toBeTruthy();
    expect(within(section("Why us")).getByText("Day and night.")).toBeTruthy();
  });
});
