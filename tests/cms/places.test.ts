/**
 * /admin/'s two pure helpers for people: where an entry could show (the sections that list its kind,
 * admin/editor/places.ts) and a field path in the form's labels (admin/editor/labels.ts). Run on the CMS
 * configuration made from the schemas and on fixture page files, never on the shipped content.
 */
import { describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { cmsConfig } from "../../scripts/cms/config.ts";
import { placesFor } from "../../admin/editor/places.ts";
import { labelled } from "../../admin/editor/labels.ts";

const config = cmsConfig({ repo: "example/site" });
const pagesCollection = "pages";
const sections = config.collections
  .find((c) => c.name === pagesCollection)!
  .fields!.find((f) => f.name === "sections")!;
// A section type that lists entries of another collection, and its list field: from the configuration.
const listing = sections
  .types!.flatMap((t) =>
    (t.fields ?? [])
      .filter((f) => f.widget === "list" && f.field?.widget === "relation")
      .map((f) => ({ type: t.name, field: f.name, collection: f.field!.collection! })),
  )
  .at(0)!;

const page = (route: string, title: string, list: string[], extra: Record<string, unknown> = {}) => ({
  rel: `pages/${route === "/" ? "home" : route.slice(1)}.yaml`,
  text: stringify({
    route,
    title,
    sections: [{ type: listing.type, heading: `${title} list`, [listing.field]: list, ...extra }],
  }),
});

describe("where a new entry could show", () => {
  it("offers every section of every page that lists the kind, by page and heading, and says it is shown nowhere", () => {
    const files = [page("/", "Welcome", ["a"]), page("/more", "More", [])];
    const found = placesFor(config.collections as never, pagesCollection, listing.collection, "new-one", files);
    expect(found.shown).toBe(false);
    expect(found.listable).toBe(true);
    expect(found.places.map((p) => p.label)).toEqual(["Welcome (/) – Welcome list", "More (/more) – More list"]);
    expect(found.places[0]).toMatchObject({ page: "home", section: 0, field: listing.field });
  });

  it("knows an entry a published section lists, and not one only a draft section lists", () => {
    expect(
      placesFor(config.collections as never, pagesCollection, listing.collection, "a", [page("/", "W", ["a"])]).shown,
    ).toBe(true);
    const draft = page("/", "W", ["a"], { draft: true });
    expect(placesFor(config.collections as never, pagesCollection, listing.collection, "a", [draft]).shown).toBe(false);
  });

  it("says when no section type lists a kind at all", () => {
    const found = placesFor(config.collections as never, pagesCollection, "no-such-kind", "x", [page("/", "W", [])]);
    expect(found.listable).toBe(false);
  });
});

describe("a field path in the form's words", () => {
  const settings = config.collections.find((c) => c.files)!;
  const site = settings.files![0]!;
  const navigation = site.fields.find((f) => f.name === "navigation")!;
  const footer = navigation.fields!.find((f) => f.name === "footer")!;
  const to = footer.fields!.find((f) => f.name === "to")!;

  it("names each part by its label and each item by the list's noun and number", () => {
    const words = labelled(config, settings.name, site.name, "navigation.footer[5].to");
    expect(words).toBe(
      `${navigation.label} › ${footer.label} › ${footer.label_singular!.toLowerCase()} 6 › ${to.label}: `,
    );
    expect(words).not.toMatch(/\[|\]|navigation\./);
  });

  it("names a key the configuration does not have by its name in words", () => {
    expect(labelled(config, settings.name, site.name, "navigation.extraFooterNote")).toBe(
      `${navigation.label} › Extra footer note: `,
    );
  });

  it("says nothing for the entry as a whole", () => {
    expect(labelled(config, settings.name, site.name, "")).toBe("");
  });
});
