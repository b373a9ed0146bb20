/**
 * What a field can refer to by id, and what a parsed reference is. A leaf module: the content
 * context (context.ts) and the schemas (primitives.ts) both read these types, and neither imports
 * the other for them.
 */

/** Everything a field can refer to by id (each collection, and forms), with what one is called. */
export const referenceNouns = {
  services: "service",
  plans: "plan",
  team: "team member",
  faq: "question",
  testimonials: "testimonial",
  tags: "tag",
  guides: "guide",
  "case-studies": "case study",
  forms: "form",
} as const;

export type ReferenceKind = keyof typeof referenceNouns;

/**
 * A parsed reference: the kind it points into and the id, as Astro's `reference()` gives
 * `{ collection, id }`. Content writes the id alone; the kind comes from the field's schema, so a
 * list of them is resolved without naming the kind again, and a list of questions is not a list of
 * team members to the compiler.
 */
export interface Reference<K extends ReferenceKind = ReferenceKind> {
  kind: K;
  id: string;
}

/** The machine-readable tag a reference field carries (`.meta()`): JSON Schema, guide and CMS read it. */
export interface ReferenceMeta {
  reference: ReferenceKind;
}
