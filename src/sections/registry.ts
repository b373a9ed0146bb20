/**
 * The one list of section renderers. Its type maps every section type in schemas/sections to a
 * component taking exactly that section's fields, so a type without a renderer does not compile.
 */
import type { ComponentType } from "react";
import type { SectionOf, SectionType } from "../../schemas";
import { About } from "./About";
import { Callout } from "./Callout";
import { Faq } from "./Faq";
import { Features } from "./Features";
import { FormSection } from "./FormSection";
import { Gallery } from "./Gallery";
import { Hero } from "./Hero";
import { Pricing } from "./Pricing";
import { Prose } from "./Prose";
import { Services } from "./Services";
import { Team } from "./Team";
import { Testimonials } from "./Testimonials";

export type SectionRenderers = { [K in SectionType]: ComponentType<SectionOf<K>> };

export const sectionRenderers: SectionRenderers = {
  hero: Hero,
  about: About,
  services: Services,
  features: Features,
  pricing: Pricing,
  team: Team,
  gallery: Gallery,
  testimonials: Testimonials,
  callout: Callout,
  faq: Faq,
  form: FormSection,
  prose: Prose,
};
