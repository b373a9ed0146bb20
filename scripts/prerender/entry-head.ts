/**
 * What an entry's page (a guide, a case study) adds to the head (issue 59, item 6): one
 * Article/BlogPosting JSON-LD block and a BreadcrumbList, Open Graph's article fields, its share image
 * for the social cards, and its kind's feeds. The page's address in all of them is the one string
 * `absoluteAddress` makes, the same as its canonical link, its sitemap <loc> and its feeds' link.
 * In: the entry as the page shows it, the site. Out: what renderHead (head.ts) puts in the head.
 */
import { absoluteAddress } from "../../schemas/addresses.ts";

export interface EntryHeadInput {
  siteUrl: string;
  siteName: string;
  /** "BlogPosting" for posts written to be read in order; "Article" otherwise (a guide, a case study). */
  type: "Article" | "BlogPosting";
  /** The entry's path ("/guides/printer-offline"). */
  path: string;
  headline: string;
  description: string;
  /** ISO 8601. */
  published: string;
  modified?: string;
  author: { name: string; path?: string };
  /** The share image (or the entry's own picture), as published: a path or an absolute address. */
  image: { src: string; width: number; height: number; alt: string };
  /** The trail from the home page to the entry's kind, then the entry (named by its headline). */
  trail: readonly { name: string; path: string }[];
  tags?: readonly string[];
}

export interface EntryHead {
  /** Open Graph's and Twitter's fields for an article, beyond what every page has. */
  og: [string, string][];
  /** The JSON-LD blocks: the article, its breadcrumbs. */
  jsonLd: Record<string, unknown>[];
  /** The social card of this entry instead of the site's. */
  socialCard: { src: string; width: number; height: number; alt: string };
}

export function entryHead(input: EntryHeadInput): EntryHead {
  const at = (path: string) => absoluteAddress(input.siteUrl, path);
  const url = at(input.path);
  const image = at(input.image.src);
  const modified = input.modified ?? input.published;
  const article = {
    "@context": "https://schema.org",
    "@type": input.type,
    headline: input.headline,
    description: input.description,
    datePublished: input.published,
    dateModified: modified,
    author: {
      "@type": "Person",
      name: input.author.name,
      ...(input.author.path ? { url: at(input.author.path) } : {}),
    },
    image: { "@type": "ImageObject", url: image, width: input.image.width, height: input.image.height },
    url,
    mainEntityOfPage: { "@type": "WebPage", "@id": url },
    publisher: { "@id": `${at("/")}#organization` },
    ...(input.tags?.length ? { keywords: input.tags.join(", ") } : {}),
  };
  const breadcrumbs = {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: [...input.trail, { name: input.headline, path: input.path }].map((step, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: step.name,
      item: at(step.path),
    })),
  };
  const og: [string, string][] = [
    ["article:published_time", input.published],
    ["article:modified_time", modified],
    ["article:author", input.author.name],
    ...(input.tags ?? []).map((tag): [string, string] => ["article:tag", tag]),
  ];
  return { og, jsonLd: [article, breadcrumbs], socialCard: { ...input.image } };
}
