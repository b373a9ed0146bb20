import { z } from "zod";
import { ref } from "../primitives";
import { sectionBase } from "./base";

/** Quotes from customers. */
export const testimonialsSection = z.strictObject({
  type: z.literal("testimonials"),
  ...sectionBase,
  testimonials: z.array(ref("testimonials", "testimonial")).min(1).describe("The quotes to show, by id."),
});
