/**
 * How /admin/ names a section in a page's list of sections: Decap fills each row from its type's
 * `summary` template (scripts/cms/config.ts). Filled here by Decap's own template code, as its list
 * does (decap-cms-widget-list's `handleSummary`): the type and the heading, or the type alone for a
 * section without a heading, never a blank row.
 */
import { compileStringTemplate } from "decap-cms-lib-widgets/dist/esm/stringTemplate.js";
import { fromJS, type Map as ImmutableMap } from "immutable";
import { describe, expect, it } from "vitest";
import { cmsConfig, labelOf, type CmsField } from "../../scripts/cms/config.ts";
import { sectionSchemas, withoutContext } from "../../schemas/index.ts";
import { unwrap } from "../../schemas/walk.ts";

const config = cmsConfig({ repo: "example/site", siteUrl: "https://www.example.com" });
const pages = config.collections.find((c) => c.folder === "content/pages" && c.extension === "yaml")!;
const types = pages.fields!.find((f) => f.name === "sections")!.types!;

/** A row's words as Decap's list shows them: the type's summary filled from the item's fields. */
function row(type: CmsField, item: Record<string, unknown>): string {
  const data = (fromJS(item) as ImmutableMap<string, unknown>).set("fields.label", type.label);
  return compileStringTemplate(type.summary!, null, "", data);
}

/**
 * Each section type's name as the schema gives it (its title), as "Add section" offers it; a type
 * with no title (as `npm run new:section` writes one) by its type's words.
 */
const titles = new Map(
  sectionSchemas(withoutContext).map((schema) => {
    const type = String(schema.shape.type.value);
    const title = unwrap(schema).meta.title;
    return [type, typeof title === "string" ? title : labelOf(type)];
  }),
);

describe("a section's row in /admin/'s list of sections", () => {
  it.each(types.map((type) => [type.name, type] as const))("%s: its type, then its heading", (name, type) => {
    expect(row(type, { type: name, heading: "Help when you need it", background: "plain" })).toBe(
      `${titles.get(name)}: Help when you need it`,
    );
  });

  it.each(types.map((type) => [type.name, type] as const))(
    "%s without a heading: its type alone, not a blank row",
    (name, type) => {
      const words = row(type, { type: name, eyebrow: "New", background: "tinted" });
      expect(words).toBe(titles.get(name));
      expect(words.trim()).not.toBe("");
    },
  );
});
