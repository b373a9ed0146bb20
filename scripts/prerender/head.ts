/** The <head> of a page from content: title, description, canonical, social cards, JSON-LD. */
import { indexed, type Collections, type PageData, type Site } from "../../schemas/index.ts";
import { absoluteAddress } from "../../schemas/addresses.ts";
import type { EntryHead } from "./entry-head.ts";

export function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** Plain text of compiled Markdown, for meta tags and structured data. */
export function textOf(html: string): string {
  return html
    .replace(/<[^>]+>/g, "")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}

/** An address on the site, absolute: the one form (schemas/addresses.ts) canonical links, the sitemap and feeds share. */
export function absoluteUrl(site: Site, path: string): string {
  return absoluteAddress(site.seo.siteUrl, path);
}

/** The business, for search engines: a LocalBusiness open 24/7 with a toll-free contact point for the US. */
export function organizationJsonLd(site: Site): Record<string, unknown> {
  const { company, contact, seo } = site;
  const allWeek = {
    "@type": "OpeningHoursSpecification",
    dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"],
    opens: "00:00",
    closes: "23:59",
  };
  return {
    "@context": "https://schema.org",
    "@type": "ProfessionalService",
    "@id": `${absoluteUrl(site, "/")}#organization`,
    name: company.name,
    description: seo.description,
    url: absoluteUrl(site, "/"),
    logo: absoluteUrl(site, company.logo.src),
    image: absoluteUrl(site, seo.socialImage.src),
    telephone: contact.phone.e164,
    email: contact.email,
    address: {
      "@type": "PostalAddress",
      streetAddress: contact.address.street,
      addressLocality: contact.address.city,
      addressRegion: contact.address.region,
      postalCode: contact.address.postalCode,
      addressCountry: contact.address.country,
    },
    openingHoursSpecification: allWeek,
    contactPoint: {
      "@type": "ContactPoint",
      telephone: contact.phone.e164,
      email: contact.email,
      contactType: "technical support",
      contactOption: "TollFree",
      areaServed: contact.address.country,
      availableLanguage: [seo.locale.split("-")[0]],
      hoursAvailable: allWeek,
    },
  };
}

/** FAQPage structured data for a page with FAQ sections, or nothing. */
export function faqJsonLd(page: PageData, collections: Collections): Record<string, unknown> | undefined {
  const questions = page.sections.flatMap((section) => (section.type === "faq" ? section.questions : []));
  if (questions.length === 0) return undefined;
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: questions.map(({ id }) => {
      const entry = collections.faq.find((q) => q.id === id)!;
      return {
        "@type": "Question",
        name: entry.question,
        acceptedAnswer: { "@type": "Answer", text: textOf(entry.answer) },
      };
    }),
  };
}

function jsonLdScript(data: Record<string, unknown>): string {
  return `<script type="application/ld+json">${JSON.stringify(data).replace(/</g, "\\u003c")}</script>`;
}

export interface HeadOptions {
  site: Site;
  page: PageData;
  collections: Collections;
  /** Whether this is the not-found page (no canonical address). */
  notFound: boolean;
  /** Public URLs of the icons: the SVG favicon (when it is one), a 32 px PNG and the 180 px Apple touch icon. */
  icons: { svg?: string; png: string; apple: string };
  /** The social card: a PNG made from the site's social image (social networks do not show SVG). */
  socialCard: { src: string; width: number; height: number };
  /** An entry's page (a guide): its article data, breadcrumbs and own social card (entry-head.ts). */
  entry?: EntryHead;
  /** The feeds of the kind the page belongs to, as <link> elements (feeds.ts `feedLinks`). */
  feeds?: readonly string[];
}

export function renderHead({
  site,
  page,
  collections,
  notFound,
  icons,
  socialCard,
  entry,
  feeds = [],
}: HeadOptions): string {
  const { seo } = site;
  const title = seo.titleTemplate.replace("%s", page.title);
  const url = absoluteUrl(site, page.route);
  const image = entry?.socialCard ?? { ...socialCard, alt: seo.socialImage.alt };
  const tags: string[] = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(page.description)}" />`,
  ];
  if (!indexed(page) || notFound) tags.push(`<meta name="robots" content="noindex" />`);
  if (!notFound) tags.push(`<link rel="canonical" href="${escapeHtml(url)}" />`);
  // A listing's pages: each canonical to itself, linked to the pages before and after it.
  if (page.listing?.prev) tags.push(`<link rel="prev" href="${escapeHtml(absoluteUrl(site, page.listing.prev))}" />`);
  if (page.listing?.next) tags.push(`<link rel="next" href="${escapeHtml(absoluteUrl(site, page.listing.next))}" />`);
  const og: [string, string][] = [
    ["og:type", entry ? "article" : "website"],
    ["og:site_name", site.company.name],
    ["og:title", title],
    ["og:description", page.description],
    ["og:locale", seo.locale.replace("-", "_")],
    ["og:image", absoluteUrl(site, image.src)],
    ["og:image:width", String(image.width)],
    ["og:image:height", String(image.height)],
    ["og:image:alt", image.alt],
  ];
  if (!notFound) og.splice(4, 0, ["og:url", url]);
  if (entry) og.push(...entry.og);
  for (const [property, content] of og) tags.push(`<meta property="${property}" content="${escapeHtml(content)}" />`);
  const twitter: [string, string][] = [
    ["twitter:card", "summary_large_image"],
    ["twitter:title", title],
    ["twitter:description", page.description],
    ["twitter:image", absoluteUrl(site, image.src)],
    ["twitter:image:alt", image.alt],
  ];
  for (const [name, content] of twitter) tags.push(`<meta name="${name}" content="${escapeHtml(content)}" />`);
  tags.push(
    `<meta name="theme-color" content="${escapeHtml(seo.themeColor)}" />`,
    ...(icons.svg ? [`<link rel="icon" href="${escapeHtml(icons.svg)}" type="image/svg+xml" />`] : []),
    `<link rel="icon" href="${escapeHtml(icons.png)}" type="image/png" sizes="32x32" />`,
    `<link rel="apple-touch-icon" href="${escapeHtml(icons.apple)}" />`,
    ...feeds,
    jsonLdScript(organizationJsonLd(site)),
    ...(entry?.jsonLd ?? []).map(jsonLdScript),
  );
  const faq = faqJsonLd(page, collections);
  if (faq) tags.push(jsonLdScript(faq));
  return tags.join("\n    ");
}

/** The value of `name` in an HTML start tag, as written (still escaped), or undefined. */
function attribute(tag: string, name: string): string | undefined {
  return new RegExp(`\\s${name}="([^"]*)"`, "i").exec(tag)?.[1];
}

/**
 * The preload of a page's priority picture (the <img fetchpriority="high"> the app rendered), so the
 * browser fetches it while it reads the head: for a photo the same AVIF srcset and sizes as its
 * <picture> (a browser without AVIF skips the preload rather than fetch twice), for an SVG its file.
 */
export function imagePreload(body: string): string | undefined {
  const img = /<img\s[^>]*\sfetchpriority="high"[^>]*>/i.exec(body);
  if (!img) return undefined;
  const before = body.slice(0, img.index);
  const pictureStart = before.lastIndexOf("<picture");
  const inPicture = pictureStart >= 0 && !before.slice(pictureStart).includes("</picture>");
  const avif = inPicture
    ? [...before.slice(pictureStart).matchAll(/<source\s[^>]*>/g)]
        .map((m) => m[0])
        .find((tag) => attribute(tag, "type") === "image/avif")
    : undefined;
  const srcset = avif ? attribute(avif, "srcset") : attribute(img[0], "srcset");
  const sizes = avif ? attribute(avif, "sizes") : attribute(img[0], "sizes");
  if (srcset) {
    const type = avif ? ` type="image/avif"` : "";
    return `<link rel="preload" as="image"${type} imagesrcset="${srcset}" imagesizes="${sizes ?? ""}" fetchpriority="high" />`;
  }
  const src = attribute(img[0], "src");
  return src ? `<link rel="preload" as="image" href="${src}" fetchpriority="high" />` : undefined;
}

/** The sitemap: every indexed page (entries' pages too), with its last change when known. */
export function sitemap(
  site: Site,
  pages: readonly Pick<PageData, "route" | "index" | "landing" | "updated">[],
): string {
  const urls = pages
    .filter((page) => indexed(page) && page.route !== site.notFoundRoute)
    .sort((a, b) => a.route.localeCompare(b.route))
    .map((page) => {
      const lastmod = page.updated ? `<lastmod>${page.updated}</lastmod>` : "";
      return `  <url><loc>${escapeHtml(absoluteUrl(site, page.route))}</loc>${lastmod}</url>`;
    });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

export function robots(site: Site): string {
  // /admin/ is the editing UI: not for search engines (its page says noindex too).
  return `User-agent: *\nAllow: /\nDisallow: /admin/\n\nSitemap: ${absoluteUrl(site, "/sitemap.xml")}\n`;
}
