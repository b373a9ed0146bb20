// The guides shown in listings, newest first (not drafts, not unlisted), and a listing page's cards.
import { getCollection, type CollectionEntry } from "astro:content";

export const perPage = 10;

export async function listedGuides(): Promise<CollectionEntry<"guides">[]> {
  const all = await getCollection("guides", ({ data }) => !data.draft && !data.unlisted);
  return all.sort((a, b) => b.data.published.getTime() - a.data.published.getTime());
}
