// The corpus's guides, tags and team, as Astro's content layer reads them (glob loaders), with the
// references checked as ours are (reference()).
import { defineCollection, reference } from "astro:content";
import { glob } from "astro/loaders";
import { z } from "astro/zod";

const guides = defineCollection({
  loader: glob({ pattern: "*.md", base: "./corpus/guides" }),
  schema: z.object({
    title: z.string(),
    description: z.string(),
    published: z.coerce.date(),
    updated: z.coerce.date().optional(),
    author: reference("team"),
    tags: z.array(reference("tags")).max(6).default([]),
    hero: z.object({ src: z.string(), alt: z.string() }),
    draft: z.boolean().default(false),
    unlisted: z.boolean().default(false),
  }),
});

const tags = defineCollection({
  loader: glob({ pattern: "*.yaml", base: "./corpus/tags" }),
  schema: z.object({ name: z.string(), slug: z.string().optional(), description: z.string().optional() }),
});

const team = defineCollection({
  loader: glob({ pattern: "*.yaml", base: "./corpus/team" }),
  schema: z.object({ name: z.string(), role: z.string(), bio: z.string() }),
});

export const collections = { guides, tags, team };
