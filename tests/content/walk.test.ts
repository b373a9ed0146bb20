/** The schema walker (schemas/walk.ts), on fixture schemas rather than the site's. */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { fieldAt, fieldsOf, literalOf, optionFor, unwrap, valueAt, walk, type Visited } from "../../schemas/walk.ts";

const hero = z
  .strictObject({
    type: z.literal("hero"),
    heading: z.string().describe("The big line."),
    body: z
      .string()
      .transform((text) => text.trim())
      .meta({ markdown: true })
      .optional()
      .describe("Text under it."),
  })
  .meta({ title: "Hero" })
  .describe("The top of a page.");
const list = z.strictObject({
  type: z.literal("list"),
  items: z.array(z.strictObject({ label: z.string().describe("One item.") })).default([]),
});
const block = z.discriminatedUnion("type", [hero, list]);
const page = z.strictObject({
  title: z.string().min(1).describe("The page's title."),
  count: z.number().int().nullable().default(3).meta({ title: "How many" }),
  blocks: z.array(block),
  extra: z.lazy(() => z.record(z.string(), z.strictObject({ note: z.string().optional() }))).optional(),
  focus: z.union([z.enum(["top", "bottom"]), z.strictObject({ x: z.number(), y: z.number() })]).optional(),
});

describe("the schema walker", () => {
  it("unwraps optional, default, nullable, pipes and lazy, keeping what each layer says", () => {
    const count = unwrap(page.shape.count);
    expect(count.def.type).toBe("number");
    expect(count).toMatchObject({ optional: true, nullable: true, default: { value: 3 }, meta: { title: "How many" } });

    const body = unwrap(hero.shape.body);
    expect(body.def.type).toBe("string");
    expect(body).toMatchObject({ optional: true, nullable: false, description: "Text under it.", meta: { markdown: true } });
    expect(body.default).toBeUndefined();

    const title = unwrap(page.shape.title);
    expect(title).toMatchObject({ optional: false, description: "The page's title." });
    expect(title.inner).toBe(title.schema);

    expect(unwrap(page.shape.extra).def.type).toBe("record");
  });

  it("reads an object's fields, a fixed field's value and the union member a value is", () => {
    expect(fieldsOf(hero).map(([name]) => name)).toEqual(["type", "heading", "body"]);
    expect(fieldsOf(z.string())).toEqual([]);
    expect(literalOf(list)).toBe("list");
    expect(optionFor(block, { type: "list" })).toBe(list);
    expect(optionFor(block, { type: "nothing" })).toBeUndefined();
    expect(optionFor(page.shape.focus, { type: "top" })).toBeUndefined();
  });

  it("finds the field at a path of some data, picking union members by the data's type", () => {
    const data = { title: "Home", blocks: [{ type: "hero", heading: "Hi" }, { type: "list", items: [{ label: "a" }] }] };
    expect(valueAt(data, ["blocks", 1, "items", 0, "label"])).toBe("a");

    const heading = fieldAt(page, ["blocks", 0, "heading"], data)!;
    expect(heading.field).toBe(hero.shape.heading);
    expect(heading.resolved?.description).toBe("The big line.");

    const member = fieldAt(page, ["blocks", 1], data)!;
    expect(member.field).toBe(block);
    expect(member.resolved?.schema).toBe(list);

    expect(fieldAt(page, ["blocks", 1, "items"], data)!.resolved).toMatchObject({ default: { value: [] } });
    expect(fieldAt(page, ["blocks", 1, "items", 0, "label"], data)!.field).toBe(list.shape.items.unwrap().element.shape.label);
    // A block of an unknown type: the union itself at its own path, nothing inside it.
    const unknown = { blocks: [{ type: "nothing" }] };
    expect(fieldAt(page, ["blocks", 0], unknown)).toEqual({ field: block });
    expect(fieldAt(page, ["blocks", 0, "heading"], unknown)).toBeUndefined();
    expect(fieldAt(page, ["nothing"], data)).toBeUndefined();
  });

  it("visits every field with its path: objects, list items, record values and each union member", () => {
    const seen: string[] = [];
    walk(page, (field: Visited) => void seen.push(field.path.join(".")));
    expect(seen).toEqual([
      "title",
      "count",
      "blocks",
      "blocks.[]",
      "blocks.[].type",
      "blocks.[].heading",
      "blocks.[].body",
      "blocks.[].type",
      "blocks.[].items",
      "blocks.[].items.[]",
      "blocks.[].items.[].label",
      "extra",
      "extra.{}",
      "extra.{}.note",
      "focus",
      "focus.x",
      "focus.y",
    ]);
  });

  it("leaves a field's inside unvisited when the visitor says so", () => {
    const seen: string[] = [];
    walk(page, (field) => {
      seen.push(field.name);
      return field.name !== "blocks";
    });
    expect(seen).not.toContain("heading");
    expect(seen).toContain("note");
  });

  it("keeps no state: the same schema built twice walks the same", () => {
    const build = (label: string) => z.strictObject({ a: z.string().describe(label).optional() });
    expect(unwrap(build("one").shape.a).description).toBe("one");
    expect(unwrap(build("two").shape.a).description).toBe("two");
  });
});
