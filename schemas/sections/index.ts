/** The one list of section types. A new type is a file here, a line below and a renderer in src/sections. */
import { z } from "zod";
import { heroSection } from "./hero";
import { aboutSection } from "./about";
import { servicesSection } from "./services";
import { featuresSection } from "./features";
import { pricingSection } from "./pricing";
import { teamSection } from "./team";
import { gallerySection } from "./gallery";
import { testimonialsSection } from "./testimonials";
import { calloutSection } from "./callout";
import { faqSection } from "./faq";
import { formSection } from "./form";
import { proseSection } from "./prose";

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
