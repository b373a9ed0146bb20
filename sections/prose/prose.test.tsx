/** The prose section, rendered from fixture content through the real pipeline. */
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderSite } from "../../tests/components/render-site.tsx";

describe("the prose section", () => {
  it("prose: a Markdown page as its heading and body", () => {
    renderSite("/legal");
    expect(screen.getByRole("heading", { level: 1, name: "Legal" })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 2, name: "Terms" })).toBeTruthy();
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    expect(screen.getByRole("link", { name: "us" }).getAttribute("href")).toBe("mailto:help@fixture.example");
  });
});
