import { z } from "zod";
import { ref } from "../../schemas/primitives.ts";
import { sectionBase } from "../../schemas/sections/base.ts";

export const teamSection = z
  .strictObject({
    type: z.literal("team"),
    ...sectionBase,
    members: z.array(ref("team")).min(1).describe("The people to show, by id, in order."),
  })
  .describe("The people: photo, name, role and a short bio each.");
