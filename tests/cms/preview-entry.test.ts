/**
 * /admin/'s preview of a collection's entry (admin/preview/preview.ts): the edited fields are checked by the
 * entry's schema, replace the built entry of that id in its collection, and are shown alone in a copy
 * of a built section that lists that collection. Built from the valid fixture through the real pipeline.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { preview, type Built } from "../../admin/preview/preview.ts";
import type { Reference } from "../../schemas/index.ts";
import { runContent } from "../../scripts/content/pipeline.ts";
import { validFixture } from "../content/helpers.ts";
import { everyCollection } from "../helpers/every-collection.ts";

const { content } = runContent({ contentDir: validFixture });
const pages = content!.pages.map((p) => p.page);
const built: Built = {
  site: content!.settings.site!,
  collections: everyCollection(content!.collections),
  forms: content!.forms,
  pages,
  routes: pages.map((p) => p.route),
};
// The fixture's first question, as its file has it.
const [id] = built.collections.faq.map((e) => e.id);
const data = parse(readFileSync(join(validFixture, "collections", "faq", `${id}.yaml`), "utf8")) as Record<
  string,
  unknown
>;
const getAsset = (src: string) => src;

describe("the preview of a collection's entry", () => {
  it("replaces the built entry with the edited one, shown alone in a section listing its collection", () => {
    const shown = preview(
      { kind: "entry", collection: "faq", id: id!, data: { ...data, question: "Edited?" } },
      built,
      getAsset,
    );
    if (!shown.ok) throw new Error(shown.problems.join("\n"));
    expect(shown.collections.faq.filter((e) => e.id === id).map((e) => e.question)).toEqual(["Edited?"]);
    expect(shown.collections.faq).toHaveLength(built.collections.faq.length);
    const page = shown.pages.find((p) => p.route === shown.route)!;
    expect(page.sections).toHaveLength(1);
    const listed = Object.values(page.sections[0]!).filter((value): value is Reference[] => Array.isArray(value));
    expect(listed.flat()).toContainEqual({ kind: "faq", id });
  });

  it("refuses fields its schema refuses, naming the field", () => {
    const shown = preview(
      { kind: "entry", collection: "faq", id: id!, data: { ...data, question: 7 } },
      built,
      getAsset,
    );
    expect(shown.ok).toBe(false);
    expect(!shown.ok && shown.problems.join("\n")).toMatch(/^question: /);
  });
});
