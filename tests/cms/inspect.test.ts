/**
 * Edit on the page (issue 28): the invisible marks on the preview's values, and which values of an
 * entry show on the page and how each is edited, read from the schemas. Fixture schemas made of the
 * content model's own field types; nothing here depends on the shipped content.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { image, linkTarget, markdown, ref, route, id, text, withoutContext } from "../../schemas/index.ts";
import { shownFields } from "../../admin/inspect/fields.ts";
import { hasMarks, mark, readMarks } from "../../admin/inspect/marks.ts";

describe("marks", () => {
  it("read back as the numbers written, in order, and leave the text as it was", () => {
    const numbers = [0, 1, 3, 4, 15, 16, 255, 1024, 65_535, 1_000_003];
    const text = numbers.map((n, i) => `word ${i}${mark(n)}`).join(" ");
    expect(hasMarks(text)).toBe(true);
    const read = readMarks(text);
    expect(read.numbers).toEqual(numbers);
    expect(read.text).toBe(numbers.map((_, i) => `word ${i}`).join(" "));
    expect(hasMarks(read.text)).toBe(false);
  });

  it("take no room: a marked text has no visible character more", () => {
    expect(mark(12_345)).toMatch(/^(?:\u2063|\u2064|\u200b|\u200c|\u200d|\u2060)+$/);
  });

  it("keep content's own joiners (an emoji sequence) and drop what is left of a mark cut in half", () => {
    const emoji = "Our team 👩\u200d💻";
    expect(readMarks(emoji + mark(7)).text).toBe(emoji);
    const cut = `Heading${mark(300).slice(0, 3)}`;
    expect(hasMarks(readMarks(cut).text)).toBe(false);
    expect(readMarks(cut).numbers).toEqual([]);
  });
});

describe("the values of an entry that show on the page", () => {
  const c = withoutContext;
  const card = z.strictObject({
    type: z.literal("card"),
    heading: text,
    body: markdown(c),
    photo: image(c, "logo").optional(),
    action: z.strictObject({ label: text, to: linkTarget(c) }).optional(),
    questions: z.array(ref(c, "faq")).optional(),
    tags: z.array(text).optional(),
  });
  const banner = z.strictObject({
    type: z.literal("banner"),
    heading: text,
    route: route.optional(),
    slug: id.optional(),
  });
  const schema = z.strictObject({
    title: text,
    email: z.email().optional(),
    count: z.number().optional(),
    sections: z.array(z.discriminatedUnion("type", [card, banner])),
  });
  const data = {
    title: "A page",
    email: "help@example.com",
    count: 3,
    sections: [
      {
        type: "card",
        heading: "Card heading",
        body: "Some *text*.",
        photo: { src: "images/a.jpg", alt: "A photo" },
        action: { label: "Call us", to: "/contact" },
        questions: ["one", "two"],
        tags: ["fast", "friendly"],
      },
      { type: "banner", heading: "Banner heading", route: "/about", slug: "about" },
    ],
  };
  const found = shownFields(schema, data);
  const at = (path: (string | number)[]) => found.find((f) => f.path.join(".") === path.join("."));

  it("plain text is text, typed on the page; Markdown opens its field; a picture is found by its alt text and opens its picture", () => {
    expect(at(["title"])?.kind).toBe("text");
    expect(at(["sections", 0, "heading"])?.kind).toBe("text");
    expect(at(["sections", 0, "body"])?.kind).toBe("markdown");
    expect(at(["sections", 0, "photo", "alt"])).toEqual({
      path: ["sections", 0, "photo", "alt"],
      field: ["sections", 0, "photo", "src"],
      kind: "picture",
    });
    expect(at(["sections", 0, "action", "label"])?.kind).toBe("text");
    expect(at(["sections", 0, "tags", 1])?.kind).toBe("text");
  });

  it("each member of a union by the item's own type", () => {
    expect(at(["sections", 1, "heading"])?.kind).toBe("text");
  });

  it("addresses, link targets, ids, e-mail addresses, numbers and references are not words on the page", () => {
    for (const path of [
      ["email"],
      ["count"],
      ["sections", 0, "action", "to"],
      ["sections", 0, "questions", 0],
      ["sections", 1, "route"],
      ["sections", 1, "slug"],
      ["sections", 0, "photo", "src"],
    ])
      expect(at(path), path.join(".")).toBeUndefined();
  });

  it("in the order of the fields, each once", () => {
    const paths = found.map((f) => f.path.join("."));
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths.indexOf("title")).toBeLessThan(paths.indexOf("sections.0.heading"));
    expect(paths.indexOf("sections.0.heading")).toBeLessThan(paths.indexOf("sections.1.heading"));
  });
});
