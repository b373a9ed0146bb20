/**
 * What a field can refer to by id. A leaf module: the content context (context.ts) and the schemas
 * (primitives.ts) both read these types, and neither imports the other for them.
 */

/** Everything a field can refer to by id (each collection, and forms), with what one is called. */
export const referenceNouns = {
  services: "service",
  plans: "plan",
  team: "team member",
  faq: "question",
  testimonials: "testimonial",
  forms: "form",
} as const;

export type ReferenceKind = keyof typeof referenceNouns;

/** The machine-readable tag a reference field carries (`.meta()`): JSON Schema, guide and CMS read it. */
export interface ReferenceMeta {
  reference: ReferenceKind;
}
