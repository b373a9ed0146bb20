/**
 * The one list of section types. A new type is a folder in sections/ (its schema.ts, renderer, styles
 * and test; `npm run new:section` writes it), a line below and a line in src/sections/registry.ts.
 */
import { z } from "zod";
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

export const sectionSchemas = [
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
] as const;

export const section = z
  .discriminatedUnion("type", sectionSchemas)
  .describe("One block of a page; its type says which.");

export type Section = z.output<typeof section>;
export type SectionType = Section["type"];
export type SectionOf<T extends SectionType> = Extract<Section, { type: T }>;
export const sectionTypes = sectionSchemas.map((s) => s.shape.type.value) as SectionType[];
