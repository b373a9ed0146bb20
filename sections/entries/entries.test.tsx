/** The entries section: the latest guides (or those with a tag), rendered from fixture content through the real pipeline. */
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fixture, replace } from "../../tests/content/helpers.ts";
import { loadContent, renderSite } from "../../tests/components/render-site.tsx";

const guide = (title: string, published: string, tag: string) =>
  `---\ntitle: ${title}\ndescription: About it.\npublished: ${published}\nauthor: ada\ntags:\n  - ${tag}\nhero:\n  src: images/photo.svg\n  alt: A picture\n---\n\nText.\n`;

const page = (fields: string) =>
  replace("sections:\n", `sections:\n  - type: entries\n    heading: Latest guides\n    kind: guides\n${fields}`);

const content = (fields: string) =>
  loadContent(
    fixture({
      "collections/tags/printers.yaml": "name: Printers\n",
      "collections/tags/phones.yaml": "name: Phones\n",
      "collections/guides/older.md": guide("Older", "2026-11-01", "printers"),
      "collections/guides/newer.md": guide("Newer", "2026-11-03", "phones"),
      "collections/guides/newest.md": guide("Newest", "2026-11-05", "printers"),
      "pages/home.yaml": page(fields),
    }),
  );

const titles = () =>
  within(screen.getByRole("region", { name: "Latest guides" }))
    .getAllByRole("listitem")
    .map((item) => within(item).getByRole("link").textContent);

describe("the entries section", () => {
  it("shows the latest N, newest first, each a link to its page, and a link to them all", () => {
    renderSite("/", content("    count: 2\n    more:\n      label: All guides\n      to: /guides\n"));
    expect(titles()).toEqual(["Newest", "Newer"]);
    const section = within(screen.getByRole("region", { name: "Latest guides" }));
    expect(section.getByRole("link", { name: "Newest" }).getAttribute("href")).toBe("/guides/newest");
    expect(section.getByRole("link", { name: "All guides" }).getAttribute("href")).toBe("/guides");
  });

  it("shows only those with a tag when it names one", () => {
    renderSite("/", content("    tag: printers\n"));
    expect(titles()).toEqual(["Newest", "Older"]);
  });
});
