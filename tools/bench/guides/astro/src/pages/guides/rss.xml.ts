import rss from "@astrojs/rss";
import type { APIContext } from "astro";
import { listedGuides } from "../../listed.ts";

export async function GET(context: APIContext) {
  const guides = (await listedGuides()).slice(0, 20);
  return rss({
    title: "Guides",
    description: "Help guides",
    site: context.site!,
    items: guides.map((entry) => ({
      title: entry.data.title,
      description: entry.data.description,
      pubDate: entry.data.published,
      link: `/guides/${entry.id}/`,
      content: entry.rendered?.html ?? "",
    })),
  });
}
