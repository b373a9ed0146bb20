/**
 * Collections: things that are many or shared: the schema of one entry of each, a function of the
 * content context (built once per context). Each entry is one YAML file,
 * content/collections/<collection>/<id>.yaml: the file name is the entry's id, which sections use to
 * show it. One file per entry is what a Git-backed CMS edits, and gives one-entry diffs. Where each
 * collection's files are, and what it is called, is its row in kinds.ts.
 */
import { z } from "zod";
import { perContext, type ContentContext } from "./context.ts";
import { draft, icon, id, markdown, ref, text } from "./primitives.ts";
import { entryBody, entryFields, type PartMeta } from "./entries.ts";
import { image } from "./image.ts";

export const service = perContext((c: ContentContext) =>
  z.strictObject({
    title: text.describe('The service\'s name, e.g. "Laptop & Computer".'),
    icon,
    summary: markdown(c).describe("What we help with, in a sentence or two (Markdown)."),
    draft,
  }),
);

export const plan = perContext((c: ContentContext) =>
  z.strictObject({
    name: text.describe('The plan\'s name as shown, e.g. "Starter".'),
    price: z.number().nonnegative().describe("Price per month, in the currency below, e.g. 49."),
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/, { error: 'write a three-letter currency code, e.g. "USD"' })
      .default("USD")
      .describe('Three-letter currency code, e.g. "USD".'),
    summary: text.describe("Who the plan is for, in one sentence."),
    includes: ref(c, "plans")
      .optional()
      .describe('Another plan whose features this one also has; shows "Everything in <plan>, plus".'),
    features: z.array(text).min(1).describe("What the plan adds, one line each."),
    popular: z.boolean().default(false).describe('Marks the plan "Most Popular". At most one plan may.'),
    draft,
  }),
);

export const teamMember = perContext((c: ContentContext) =>
  z.strictObject({
    name: text.describe("Full name."),
    role: text.describe('Job title, e.g. "Head of Support".'),
    bio: markdown(c).describe("A short introduction (Markdown)."),
    photo: image(c, "portrait"),
    draft,
  }),
);

export const question = perContext((c: ContentContext) =>
  z.strictObject({
    question: text.describe("The question, as a visitor would ask it."),
    answer: markdown(c).describe("The answer (Markdown)."),
    draft,
  }),
);

export const testimonial = perContext((c: ContentContext) =>
  z.strictObject({
    quote: markdown(c).describe("What the customer said (Markdown)."),
    name: text.describe("Who said it."),
    detail: text.describe('Where they are from or what they do, e.g. "Small business owner, Ohio".'),
    rating: z.number().int().min(1).max(5).optional().describe("Stars out of 5."),
    draft,
  }),
);

/** A tag: a word entries carry, with a page listing them (its address part is `slug`, or the id). */
export const tag = perContext(() =>
  z.strictObject({
    name: text.describe('The tag as shown, e.g. "Printers".'),
    slug: id
      .optional()
      .describe(
        "The tag's part of its pages' address, e.g. \"printers\" makes /guides/tags/printers; leave it out to use the file name. Two tags may not make the same address.",
      ),
    description: text.optional().describe("A sentence shown at the top of the tag's pages."),
    draft,
  }),
);

/** A help guide: how to fix or do one thing, step by step (the text is the Markdown after the front matter). */
export const guide = perContext((c: ContentContext) =>
  z.strictObject({
    ...entryFields(c),
    body: entryBody(c),
  }),
);

/** A case study: a customer's problem, what we did, the result, and their words. */
export const caseStudy = perContext((c: ContentContext) =>
  z.strictObject({
    ...entryFields(c),
    customer: text.describe('Who the customer is, e.g. "A dental practice with six staff".'),
    problem: markdown(c)
      .meta({ part: "The problem" } satisfies PartMeta)
      .describe("The customer's problem, as they saw it (Markdown)."),
    solution: markdown(c)
      .meta({ part: "What we did" } satisfies PartMeta)
      .describe("What we did, step by step (Markdown)."),
    result: markdown(c)
      .meta({ part: "The result" } satisfies PartMeta)
      .describe("What changed for the customer, with numbers where there are some (Markdown)."),
    body: entryBody(c).optional(),
  }),
);
