/**
 * `npm run bench:velite` runs Velite on our content with schemas derived from ours
 * (tools/bench/velite/derive.ts), so a new section type, field or kind of content needs no edit of
 * the benchmark. Here the derivation runs on Zod 3 (zod/v3: Velite's `s` is Zod 3), with Velite's own
 * work on two tagged fields stood in for (Markdown marked as compiled; a picture's file by its path),
 * so no Velite is installed. Its parse must accept what ours accepts and refuse what ours refuses.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { z } from "zod";
import { z as zod3, type ZodTypeAny } from "zod/v3";
import {
  classifyPath,
  contentKinds,
  fileSchema,
  image,
  link,
  markdown,
  page,
  ref,
  sectionSchemas,
  sectionTypes,
  text,
  type ContentContext,
} from "../../schemas/index.ts";
import { sectionBase } from "../../schemas/sections/base.ts";
import { LinkTarget, oneFile, Reference, veliteSchema } from "../../tools/bench/velite/derive.ts";
import { validFixture } from "./helpers.ts";

const hooks = {
  markdown: (source: ZodTypeAny) => source.transform((md: string) => `<compiled>${md}</compiled>`),
  file: (path: ZodTypeAny) => path.transform((src: string) => ({ src, width: 1, height: 1 })),
};
const derive = (schema: z.ZodType) => veliteSchema(schema, zod3, hooks);
const problems = (schema: ZodTypeAny, data: unknown) =>
  schema.safeParse(data).error?.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`) ?? [];

/** Every file of a content folder, by its path relative to it. */
const filesOf = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(yaml|md)$/.test(entry.name))
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)));

/** A fixture section type with fields of every sort, as a developer would add one (named as no section is). */
let newType = "promo-strip";
while ((sectionTypes as string[]).includes(newType)) newType += "-2";
const promoStrip = (c: ContentContext) =>
  z.strictObject({
    type: z.literal(newType),
    ...sectionBase(c),
    body: markdown(c),
    plans: z.array(ref(c, "plans")).min(1),
    action: link(c).optional(),
    banner: image(c, "gallery"),
    tone: z.enum(["calm", "loud"]).default("calm"),
    limit: z.number().int().min(1).optional(),
    publishDate: z.iso.date().optional(),
    tagline: text.includes("{name}").optional(),
    expires: z.date().optional(),
  });
const pageWithPromo = derive(
  page(oneFile).extend({
    sections: z.array(z.discriminatedUnion("type", [...sectionSchemas(oneFile), promoStrip(oneFile)])).min(1),
  }),
);
const promo = {
  type: newType,
  heading: "Spring offer",
  body: "Call {{phone}}.",
  plans: ["basic", "plus"],
  action: { label: "See plans", to: "/pricing" },
  banner: { src: "images/spring.jpg", alt: "A spring garden" },
  publishDate: "2026-03-01",
  tagline: "Made for {name}",
};
const pageWith = (section: object) => ({ route: "/spring", title: "Spring", description: "An offer.", sections: [section] });

describe("the Velite schemas of bench:velite, derived from ours", () => {
  it("accept every file of a valid content folder, and refuse a field it does not have", () => {
    const files = filesOf(validFixture);
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) {
      const found = classifyPath(file);
      if (!found || typeof found === "string") throw new Error(`${file}: ${String(found)}`);
      const source = readFileSync(join(validFixture, file), "utf8");
      const data = (found.markdown ? parse(/^---\n([\s\S]*?)\n---/.exec(source)![1]!) : parse(source)) as object;
      const schema = derive(fileSchema(found.kind, found.markdown, oneFile));
      expect(problems(schema, data), file).toEqual([]);
      expect(problems(schema, { ...data, unheardOf: 1 }), file).toEqual([expect.stringContaining("unheardOf")]);
    }
  });

  it("know every section type: a field one does not have is refused by that type's own fields", () => {
    const sections = derive(page(oneFile));
    for (const type of sectionTypes) {
      const refused = problems(sections, pageWith({ type, unheardOf: 1 }));
      expect(refused, type).toContainEqual(expect.stringMatching(/^sections\.0: Unrecognized key\(s\) in object: 'unheardOf'/));
    }
  });

  it("take in a new section type and new fields with no edit: Markdown compiled, references and links kept for prepare", () => {
    const parsed = pageWithPromo.parse(pageWith(promo)) as { sections: Record<string, unknown>[] };
    const section = parsed.sections[0]!;
    expect(section).toMatchObject({
      body: "<compiled>Call {{phone}}.</compiled>",
      banner: { src: "images/spring.jpg", alt: "A spring garden", width: 1, height: 1 },
      tone: "calm",
      draft: false,
      background: "plain",
      publishDate: "2026-03-01",
    });
    expect(section.plans).toEqual([new Reference("plans", "basic"), new Reference("plans", "plus")]);
    expect((section.action as { to: unknown }).to).toEqual(new LinkTarget("/pricing"));
    expect(JSON.stringify(section.action)).toBe('{"label":"See plans","to":"/pricing"}');
  });

  it("refuse in a new section what ours refuses: bounds, patterns, enums, strictness and our own checks", () => {
    const refused = (change: object) => problems(pageWithPromo, pageWith({ ...promo, ...change }));
    expect(refused({ extra: 1 })).toEqual([expect.stringContaining("extra")]);
    expect(refused({ plans: [] })).toEqual([expect.stringMatching(/^sections\.0\.plans: /)]);
    expect(refused({ tone: "shouty" })).toEqual([expect.stringMatching(/^sections\.0\.tone: /)]);
    expect(refused({ limit: 1.5 })).toEqual([expect.stringMatching(/^sections\.0\.limit: /)]);
    expect(refused({ publishDate: "1 March" })).toEqual([expect.stringMatching(/^sections\.0\.publishDate: /)]);
    expect(refused({ tagline: "Made for you" })).toEqual([expect.stringMatching(/^sections\.0\.tagline: /)]);
    expect(refused({ expires: "tomorrow" })).toEqual([expect.stringMatching(/^sections\.0\.expires: /)]);
    expect(refused({ body: "  " })).toEqual([expect.stringMatching(/^sections\.0\.body: /)]);
    // Plain text's markup check and a picture's path are ours, run as they are.
    expect(refused({ heading: "Spring <br> offer" })).toEqual([expect.stringContaining("<br> shows as typed here")]);
    expect(refused({ banner: { src: "photo.heic", alt: "x" } })).toEqual([expect.stringContaining("HEIC photo")]);
    expect(refused({ action: { label: "Go", to: "ftp://example.com" } })).toEqual([
      expect.stringMatching(/^sections\.0\.action\.to: write a page route/),
    ]);
  });

  it("leave what needs other files to Velite's prepare hook: an unknown id or route passes one file's parse", () => {
    const parsed = pageWithPromo.parse(pageWith({ ...promo, plans: ["nonesuch"], action: { label: "Go", to: "/nowhere" } })) as {
      sections: { plans: unknown[]; action: { to: unknown } }[];
    };
    expect(parsed.sections[0]!.plans).toEqual([new Reference("plans", "nonesuch")]);
    expect(parsed.sections[0]!.action.to).toEqual(new LinkTarget("/nowhere"));
  });

  it("say in Velite's own Zod what it can say: strict objects, bounds, patterns, whole numbers", () => {
    const checks = (schema: ZodTypeAny) => (schema._def as { checks: { kind: string }[] }).checks.map((check) => check.kind);
    const id = derive(z.string().trim().regex(/^[a-z]+$/).min(2).max(9));
    expect(id).toBeInstanceOf(zod3.ZodString);
    expect(checks(id)).toEqual(["trim", "regex", "min", "max"]);
    const stars = derive(z.number().int().min(1).max(5));
    expect(stars).toBeInstanceOf(zod3.ZodNumber);
    expect(checks(stars)).toEqual(["int", "min", "max"]);
    const list = derive(z.strictObject({ names: z.array(z.string()).min(1) }));
    expect(list).toBeInstanceOf(zod3.ZodObject);
    expect((list as zod3.AnyZodObject)._def.unknownKeys).toBe("strict");
    expect((list as zod3.AnyZodObject).shape.names._def.minLength).toEqual({ value: 1, message: undefined });
  });

  it("derive every kind of the table", () => {
    for (const kind of contentKinds) expect(() => derive(kind.schema(oneFile)), kind.name).not.toThrow();
  });
});
