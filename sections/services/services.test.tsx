/** The services section, rendered from fixture content through the real pipeline. */
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderSite } from "../../tests/components/render-site.tsx";

const section = (name: string) => screen.getByRole("region", { name });

describe("the services section", () => {
  it("services: a card per service, each with the section's button", () => {
    renderSite("/more");
    const services = section("Our services");
    expect(within(services).getByRole("heading", { name: "Laptops" })).toBeTruthy();
    expect(within(services).getByRole("heading", { name: "Printers" })).toBeTruthy();
    const buttons = within(services).getAllByRole("button", { name: /^Get help/ });
    expect(buttons.map((b) => b.textContent)).toEqual(["Get help", "Get help"]);
  });
});
