/** The testimonials section, rendered from fixture content through the real pipeline. */
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderSite } from "../../tests/components/render-site.tsx";

const section = (name: string) => screen.getByRole("region", { name });

describe("the testimonials section", () => {
  it("testimonials: quote, who said it and the rating read aloud", () => {
    renderSite("/more");
    const quotes = section("Kind words");
    expect(within(quotes).getByText("They fixed it in minutes.")).toBeTruthy();
    expect(within(quotes).getByText("Sam P.")).toBeTruthy();
    expect(within(quotes).getByRole("img", { name: "Rated 4 out of 5" })).toBeTruthy();
  });
});
