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
import { fixture, validFixture } from "../content/helpers.ts";
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

describe("the preview of an entry with a page of its own", () => {
  const guide = (title: string, extra = "") =>
    `---\ntitle: ${title}\ndescription: What it helps with.\npublished: 2026-11-01\nauthor: ada\ntags:\n  - printers\n${extra}hero:\n  src: images/photo.svg\n  alt: A printer\n---\n\nTurn it off and on again.\n`;
  const dir = fixture({
    "collections/tags/printers.yaml": "name: Printers\n",
    "collections/guides/kept.md": guide("Kept"),
    "collections/guides/edited.md": guide("As built"),
  });
  const result = runContent({ contentDir: dir });
  if (!result.content) throw new Error(result.problems.map((p) => p.message).join("\n"));
  const all = [...result.content.pages.map((p) => p.page), ...result.content.made!];
  const around: Built = {
    site: result.content.settings.site!,
    collections: everyCollection(result.content.collections),
    forms: result.content.forms,
    entries: result.content.cards!,
    pages: all,
    routes: all.map((p) => p.route),
  };
  const front = (text: string) => parse(text.split("---")[1]!) as Record<string, unknown>;
  const edited = (extra: string) => ({
    ...front(guide("Edited title", extra)),
    body: "Turn it off and on again.",
  });

  it("draws its page at its address with the edited fields, and its card, as the pipeline makes them", () => {
    const shown = preview({ kind: "entry", collection: "guides", id: "edited", data: edited("") }, around, getAsset);
    if (!shown.ok) throw new Error(shown.problems.join("\n"));
    const page = shown.pages.find((p) => p.route === shown.route)!;
    expect(shown.route).toBe("/guides/edited");
    expect(page.title).toBe("Edited title");
    expect(page.entry!.related.map((c) => c.id)).toEqual(["kept"]);
    expect(shown.pages.find((p) => p.route === "/guides")!.listing!.entries.map((c) => c.title)).toContain(
      "Edited title",
    );
    expect(shown.card!.entries.guides!.map((c) => c.title)).toEqual(["Edited title"]);
    expect(shown.card!.page.sections).toMatchObject([{ type: "entries", kind: "guides", count: 1 }]);
  });

  it("shows a draft as it will be once published, and an unlisted entry's card as if listed", () => {
    const draft = preview(
      { kind: "entry", collection: "guides", id: "edited", data: edited("draft: true\n") },
      around,
      getAsset,
    );
    expect(draft.ok && draft.route).toBe("/guides/edited");
    const unlisted = preview(
      { kind: "entry", collection: "guides", id: "edited", data: edited("unlisted: true\n") },
      around,
      getAsset,
    );
    if (!unlisted.ok) throw new Error(unlisted.problems.join("\n"));
    expect(unlisted.pages.find((p) => p.route === "/guides")!.listing!.entries.map((c) => c.id)).not.toContain(
      "edited",
    );
    expect(unlisted.card!.entries.guides!.map((c) => c.id)).toEqual(["edited"]);
    expect(unlisted.card!.page.sections[0]!.heading).toMatch(/unlisted/);
  });
});
