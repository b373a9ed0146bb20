/** The callout section, rendered from fixture content through the real pipeline. */
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderSite } from "../../tests/components/render-site.tsx";

const section = (name: string) => screen.getByRole("region", { name });

describe("the callout section", () => {
  it("callout: tags, picture and action", () => {
    renderSite("/more");
    const callout = section("Industries");
    expect(within(callout).getByText("Clinics")).toBeTruthy();
    expect(within(callout).getByRole("img", { name: "Shops and clinics" })).toBeTruthy();
    expect(within(callout).getByRole("link", { name: "Talk to us" }).getAttribute("href")).toBe("/legal");
  });
});
