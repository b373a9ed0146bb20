/** The one list of section types. A new type is a file here, a line below and a renderer in src/sections. */
import { z } from "zod";
import { heroSection } from "./hero.ts";
import { aboutSection } from "./about.ts";
import { servicesSection } from "./services.ts";
import { featuresSection } from "./features.ts";
import { pricingSection } from "./pricing.ts";
import { teamSection } from "./team.ts";
import { gallerySection } from "./gallery.ts";
import { testimonialsSection } from "./testimonials.ts";
import { calloutSection } from "./callout.ts";
import { faqSection } from "./faq.ts";
import { formSection } from "./form.ts";
import { proseSection } from "./prose.ts";

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
