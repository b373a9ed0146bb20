/** An entry's page and a listing's, rendered from fixture content through the real pipeline. */
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fixture, type Change } from "../content/helpers.ts";
import { loadContent, renderSite } from "./render-site.tsx";

const guide = (id: string, title: string, published: string, text: string) =>
  [
    "---",
    `title: ${title}`,
    `description: About ${title.toLowerCase()}.`,
    `published: ${published}`,
    "author: ada",
    "tags:",
    "  - printers",
    "hero:",
    "  src: images/photo.svg",
    `  alt: A picture for ${id}`,
    "---",
    "",
    text,
    "",
  ].join("\n");

const long = ["First", "Second", "Third"]
  .map((step) => `## ${step} step\n\nDo the ${step.toLowerCase()} thing.`)
  .join("\n\n");
const files: Record<string, Change> = {
  "collections/tags/printers.yaml": "name: Printers\n",
  "collections/guides/offline.md": guide(
    "offline",
    "Printer offline",
    "2026-11-02",
    `${long}\n\nSee [the legal page](/legal).`,
  ),
  "collections/guides/jammed.md": guide("jammed", "Paper jammed", "2026-11-01", "Open the back cover."),
  "site.yaml": (text) =>
    `${text}entryPages:\n  callToAction:\n    heading: Still stuck?\n    intro: Call {{phone}}.\n    form: callback\n`,
};
const content = () => loadContent(fixture(files));

describe("an entry's page", () => {
  it("shows its title, facts, breadcrumbs, table of contents, text, related entries and the call to action with the form and the phone", () => {
    const site = content();
    renderSite("/guides/offline", site);
    expect(screen.getByRole("heading", { level: 1, name: "Printer offline" })).toBeTruthy();
    const crumbs = within(screen.getByRole("navigation", { name: "Help guides" }));
    expect(crumbs.getByRole("link", { name: "Home" }).getAttribute("href")).toBe("/");
    expect(crumbs.getByRole("link", { name: "Help guides" }).getAttribute("href")).toBe("/guides");
    expect(crumbs.getByText("Printer offline").getAttribute("aria-current")).toBe("page");
    expect(screen.getByRole("link", { name: "Ada Tester" }).getAttribute("href")).toBe("/guides/authors/ada");
    expect(screen.getByRole("link", { name: "Printers" }).getAttribute("href")).toBe("/guides/tags/printers");
    expect(screen.getByText("November 2, 2026").getAttribute("datetime")).toBe("2026-11-02");
    const toc = within(screen.getByRole("navigation", { name: "On this page" }));
    expect(toc.getAllByRole("link").map((link) => link.getAttribute("href"))).toEqual([
      "#first-step",
      "#second-step",
      "#third-step",
    ]);
    expect(screen.getByRole("heading", { level: 2, name: "Second step" }).id).toBe("second-step");
    expect(screen.getByRole("img", { name: "A picture for offline" })).toBeTruthy();
    const related = within(screen.getByRole("region", { name: "Related" }));
    expect(related.getByRole("link", { name: "Paper jammed" }).getAttribute("href")).toBe("/guides/jammed");
    const cta = within(screen.getByRole("region", { name: "Still stuck?" }));
    expect(cta.getByRole("link", { name: site.site.contact.phone.display }).getAttribute("href")).toBe(
      `tel:${site.site.contact.phone.e164}`,
    );
    expect(cta.getByRole("button", { name: site.forms.callback!.submitLabel })).toBeTruthy();
  });
});

describe("listings", () => {
  it("a kind's listing: its entries newest first, each a link to its page", () => {
    renderSite("/guides", content());
    expect(screen.getByRole("heading", { level: 1, name: "Help guides" })).toBeTruthy();
    const titles = within(screen.getByRole("main"))
      .getAllByRole("heading", { level: 2 })
      .map((heading) => heading.textContent);
    expect(titles).toEqual(["Printer offline", "Paper jammed"]);
  });
});
