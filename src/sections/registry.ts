/**
 * The one list of section renderers (each in its section's folder, sections/<type>/). Its type maps
 * every section type in schemas/sections/index.ts to a component taking exactly that section's
 * fields, so a type without a renderer does not compile.
 */
import type { ComponentType } from "react";
import type { SectionOf, SectionType } from "../../schemas";
import { About } from "../../sections/about/About";
import { Callout } from "../../sections/callout/Callout";
import { Entries } from "../../sections/entries/Entries";
import { Faq } from "../../sections/faq/Faq";
import { Features } from "../../sections/features/Features";
import { FormSection } from "../../sections/form/FormSection";
import { Gallery } from "../../sections/gallery/Gallery";
import { Hero } from "../../sections/hero/Hero";
import { Pricing } from "../../sections/pricing/Pricing";
import { Prose } from "../../sections/prose/Prose";
import { Services } from "../../sections/services/Services";
import { Team } from "../../sections/team/Team";
import { Testimonials } from "../../sections/testimonials/Testimonials";

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
  entries: Entries,
};
