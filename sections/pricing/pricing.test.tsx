/** The pricing section, rendered from fixture content through the real pipeline. */
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderSite } from "../../tests/components/render-site.tsx";

const section = (name: string) => screen.getByRole("region", { name });

describe("the pricing section", () => {
  it("pricing: name, price per month, most popular badge, included plan and features", () => {
    renderSite("/");
    const plans = within(section("Plans"))
      .getAllByRole("listitem")
      .filter((li) => li.className.startsWith("plan"));
    expect(plans).toHaveLength(2);
    const [basic, plus] = plans as [HTMLElement, HTMLElement];
    expect(within(basic).getByRole("heading", { level: 3, name: "Basic" })).toBeTruthy();
    expect(within(basic).getByText("$10")).toBeTruthy();
    expect(within(basic).getByText("/month")).toBeTruthy();
    expect(within(basic).queryByText("Most Popular")).toBeNull();
    expect(within(plus).getByText("Most Popular")).toBeTruthy();
    expect(within(plus).getByText("$20")).toBeTruthy();
    expect(within(plus).getByText("Everything in Basic, plus:")).toBeTruthy();
    expect(within(plus).getByText("More help")).toBeTruthy();
    expect(within(plus).getByRole("button", { name: "Choose: Plus" })).toBeTruthy();
  });
});
