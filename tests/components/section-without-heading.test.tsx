/**
 * A section's heading is optional (a logo strip or a picture band has none): such a section draws no
 * heading element and points no `aria-labelledby` at one; it is no landmark, or is named by a field
 * of its own. Rendered from fixture content through the real pipeline.
 */
import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { SectionFrame } from "../../ui/sections/SectionFrame.tsx";
import { fixture, replace } from "../content/helpers.ts";
import { loadContent, renderSite } from "./render-site.tsx";

/** The home page with its price list and its picture gallery left without headings. */
const withoutHeadings = () =>
  loadContent(
    fixture({
      "pages/home.yaml": (text) => replace("    heading: Pictures\n", "")(replace("    heading: Plans\n", "")(text)),
    }),
  );

/** Every element the page names another by (`aria-labelledby`, `aria-describedby`) points at one with words. */
function expectNoDanglingReferences(root: HTMLElement) {
  for (const attribute of ["aria-labelledby", "aria-describedby"]) {
    for (const element of root.querySelectorAll(`[${attribute}]`)) {
      for (const id of element.getAttribute(attribute)!.split(/\s+/)) {
        const target = root.ownerDocument.getElementById(id);
        expect(target, `${attribute}="${id}" on <${element.tagName.toLowerCase()}>`).not.toBeNull();
        expect(target!.textContent!.trim(), `#${id}`).not.toBe("");
      }
    }
  }
}

describe("a section without a heading", () => {
  it("is content the check accepts, drawn with no heading element and no name to point at", () => {
    const { container } = renderSite("/", withoutHeadings());
    const gallery = screen.getByRole("img", { name: "A photo" }).closest("section")!;
    expect(gallery).not.toBeNull();
    expect(gallery.hasAttribute("aria-labelledby")).toBe(false);
    expect(gallery.hasAttribute("aria-label")).toBe(false);
    expect(gallery.querySelector("h1, h2, h3, h4, h5, h6, .section__header")).toBeNull();

    // No empty heading anywhere, and every reference to a name leads to words.
    for (const heading of screen.getAllByRole("heading")) expect(heading.textContent!.trim()).not.toBe("");
    expectNoDanglingReferences(container);
  });

  it("is no landmark: the page's regions are its sections with headings, each named by its heading", () => {
    renderSite("/", withoutHeadings());
    const regions = within(screen.getByRole("main")).getAllByRole("region");
    const headings = regions.map((region) => within(region).getAllByRole("heading")[0]!.textContent!);
    expect(headings).toEqual(["Welcome", "Questions"]);
    for (const [i, region] of regions.entries())
      expect(screen.getByRole("region", { name: headings[i]! })).toBe(region);
  });

  it("keeps the page's outline: what it holds is headed at the level of sections, not under the section before", () => {
    const content = withoutHeadings();
    renderSite("/", content);
    // The price list's plans: their names are one level below their section's heading when it has one.
    for (const plan of content.collections.plans)
      expect(screen.getByRole("heading", { name: plan.name }).tagName).toBe("H2");
    expect(screen.getAllByRole("heading", { level: 1 }).map((h) => h.textContent)).toEqual(["Welcome"]);
    const levels = screen.getAllByRole("heading").map((h) => Number(h.tagName[1]));
    for (let i = 1; i < levels.length; i++) expect(levels[i]! - levels[i - 1]!, `heading ${i}`).toBeLessThanOrEqual(1);
  });

  it("is a region named by a field of its own when its type gives one", () => {
    render(
      <SectionFrame section={{ background: "plain", draft: false }} label="Companies we work with">
        <p>Logos</p>
      </SectionFrame>,
    );
    const region = screen.getByRole("region", { name: "Companies we work with" });
    expect(region.hasAttribute("aria-labelledby")).toBe(false);
    expect(within(region).queryByRole("heading")).toBeNull();
  });

  it("with a heading, is a region named by it", () => {
    render(
      <SectionFrame section={{ heading: "Our plans", background: "plain", draft: false }} label="not used">
        <p>Plans</p>
      </SectionFrame>,
    );
    const region = screen.getByRole("region", { name: "Our plans" });
    expect(within(region).getByRole("heading", { level: 2, name: "Our plans" })).toBeTruthy();
    expect(region.hasAttribute("aria-label")).toBe(false);
  });
});
