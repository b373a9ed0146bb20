import { z } from "zod";
import { ref } from "../../schemas/primitives.ts";
import type { ContentContext } from "../../schemas/context.ts";
import { sectionBase } from "../../schemas/sections/base.ts";

export const teamSection = (c: ContentContext) =>
  z
    .strictObject({
      type: z.literal("team"),
      ...sectionBase(c),
      members: z.array(ref(c, "team")).min(1).describe("The people to show, in order: add one and pick it by name."),
    })
    .describe("The people: photo, name, role and a short bio each.")
    .meta({ title: "Team" });
