/** The form section, rendered from fixture content through the real pipeline. */
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderSite } from "../../tests/components/render-site.tsx";

const section = (name: string) => screen.getByRole("region", { name });

describe("the form section", () => {
  it("form: the form beside the contact details from site settings", () => {
    renderSite("/more");
    const contact = section("Write to us");
    expect(within(contact).getByRole("form", { name: "Call me" })).toBeTruthy();
    expect(within(contact).getByRole("heading", { name: "Reach us" })).toBeTruthy();
    expect(within(contact).getByRole("link", { name: "1-800-555-0100" }).getAttribute("href")).toBe("tel:+18005550100");
    expect(within(contact).getByRole("link", { name: "help@fixture.example" }).getAttribute("href")).toBe(
      "mailto:help@fixture.example",
    );
    expect(within(contact).getByText(/1 Test Road/)).toBeTruthy();
    expect(within(contact).getByText("Always")).toBeTruthy();
  });
});
