/**
 * The one list of section types. A new type is a folder in sections/ (its schema.ts, renderer, styles
 * and test; `npm run new:section` writes it), a line below and a line in src/sections/registry.ts.
 */
import { z } from "zod";
import { perContext, withoutContext, type ContentContext } from "../context.ts";
import { heroSection } from "../../sections/hero/schema.ts";
import { aboutSection } from "../../sections/about/schema.ts";
import { servicesSection } from "../../sections/services/schema.ts";
import { featuresSection } from "../../sections/features/schema.ts";
import { pricingSection } from "../../sections/pricing/schema.ts";
import { teamSection } from "../../sections/team/schema.ts";
import { gallerySection } from "../../sections/gallery/schema.ts";
import { testimonialsSection } from "../../sections/testimonials/schema.ts";
import { calloutSection } from "../../sections/callout/schema.ts";
import { faqSection } from "../../sections/faq/schema.ts";
import { formSection } from "../../sections/form/schema.ts";
import { proseSection } from "../../sections/prose/schema.ts";
import { entriesSection } from "../../sections/entries/schema.ts";

/** The one list of section types: each a factory of its schema. */
const sectionFactories = [
  heroSection,
  aboutSection,
  servicesSection,
  featuresSection,
  pricingSection,
  teamSection,
  gallerySection,
  testimonialsSection,
  calloutSection,
  faqSection,
  formSection,
  proseSection,
  entriesSection,
] as const;

/** The schemas a list of factories builds, as a tuple in the same order. */
type Built<T extends readonly unknown[]> = {
  -readonly [K in keyof T]: T[K] extends (c: ContentContext) => infer S ? S : never;
};

/** Every section type's schema, built once per context. */
export const sectionSchemas = perContext(
  (c) => sectionFactories.map((factory) => factory(c)) as unknown as Built<typeof sectionFactories>,
);

/** One section of a page, whichever its type. */
export const section = perContext((c) =>
  z.discriminatedUnion("type", sectionSchemas(c)).describe("One block of a page; its type says which."),
);

export type Section = z.output<ReturnType<typeof section>>;
export type SectionType = Section["type"];
export type SectionOf<T extends SectionType> = Extract<Section, { type: T }>;
export const sectionTypes = sectionSchemas(withoutContext).map((s) => s.shape.type.value) as SectionType[];
