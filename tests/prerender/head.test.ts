/** The head, structured data, sitemap and robots.txt each page gets from content (the fixture site). */
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { runContent } from "../../scripts/content/pipeline.ts";
import {
  escapeHtml,
  faqJsonLd,
  imagePreload,
  organizationJsonLd,
  renderHead,
  robots,
  sitemap,
} from "../../scripts/prerender/head.ts";
import { contentKinds, type ContentKind, type PageData, type ResolvedImage } from "../../schemas/index.ts";
import { Img } from "../../ui/components/Img.tsx";

import { fixture, replace } from "../content/helpers.ts";
import { everyCollection } from "../helpers/every-collection.ts";

// The fixture's FAQ, with a second question whose answer uses a placeholder and Markdown.
const dir = fixture({
  "collections/faq/phone.yaml": 'question: How do I call?\nanswer: "Dial **{{phone}}**."\n',
  "pages/home.yaml": replace("      - first\n", "      - first\n      - phone\n"),
});
const { content } = runContent({ contentDir: dir });
const site = content!.settings.site!;
const collections = everyCollection(content!.collections);
const pages = content!.pages.map((p) => p.page);
const page = (route: string) => pages.find((p) => p.route === route)!;
const head = (route: string) =>
  renderHead({ site, page: page(route), collections, notFound: route === site.notFoundRoute, icons, socialCard });
const icons = { svg: "/favicon.svg", png: "/favicon-32.png", apple: "/apple-touch-icon.png" };
const socialCard = { src: "/media/social-card-abc.png", width: 1200, height: 630 };
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );

describe("the head of each page", () => {
  it("has a unique title from the title template and the page's description", () => {
    const titles = pages.map((p) => /<title>(.*)<\/title>/.exec(head(p.route))![1]);
    expect(new Set(titles).size).toBe(pages.length);
    expect(head("/more")).toContain(`<title>${page("/more").title} | Fixture</title>`);
    expect(head("/more")).toContain(`<meta name="description" content="${page("/more").description}" />`);
  });

  it("has a canonical URL, Open Graph and Twitter card tags with the social image", () => {
    const html = head("/more");
    expect(html).toContain('<link rel="canonical" href="https://fixture.example/more" />');
    expect(html).toContain('<meta property="og:url" content="https://fixture.example/more" />');
    expect(html).toContain('<meta property="og:image" content="https://fixture.example/media/social-card-abc.png" />');
    expect(html).toContain('<meta property="og:image:width" content="1200" />');
    expect(html).toContain('<meta name="twitter:image" content="https://fixture.example/media/social-card-abc.png" />');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(html).toContain('<meta name="theme-color" content="#123456" />');
    expect(html).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml" />');
    expect(html).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.png" />');
    expect(html).not.toContain("noindex");
  });

  it("keeps pages marked index: false and the not-found page out of search engines", () => {
    expect(head("/thanks")).toContain('<meta name="robots" content="noindex" />');
    expect(head("/404")).toContain('<meta name="robots" content="noindex" />');
    expect(head("/404")).not.toContain("canonical");
  });

  it("keeps a campaign landing page out of search engines unless it says index: true, and out of the sitemap", () => {
    const landing: PageData = { ...page("/more"), landing: true, index: undefined };
    const html = (p: PageData) => renderHead({ site, page: p, collections, notFound: false, icons, socialCard });
    expect(html(landing)).toContain('<meta name="robots" content="noindex" />');
    expect(html({ ...landing, index: true })).not.toContain("noindex");
    expect(sitemap(site, [landing])).not.toContain("/more");
  });

  it("escapes text in attributes", () => {
    const tricky: PageData = { ...page("/more"), title: 'Fish & "Chips" <b>', description: "a < b" };
    const html = renderHead({ site, page: tricky, collections, notFound: false, icons, socialCard });
    expect(html).toContain("<title>Fish &amp; &quot;Chips&quot; &lt;b&gt; | Fixture</title>");
    expect(html).toContain('content="a &lt; b"');
  });
});

describe("the preload of a page's priority picture", () => {
  // The fixture's team photo is a photo (AVIF, WebP, JPEG in several widths); its logo a drawing.
  const photo = collections.team[0]!.photo;
  const drawing = site.company.logo;
  const body = (...images: [ResolvedImage, boolean][]) =>
    renderToString(
      createElement("main", null, ...images.map(([image, priority]) => createElement(Img, { image, priority }))),
    );

  it("asks for the photo's AVIF in the same widths and sizes as its <picture>, so the browser picks the same file", () => {
    expect(photo.sources?.[0]?.type).toBe("image/avif");
    expect(imagePreload(body([drawing, false], [photo, true]))).toBe(
      `<link rel="preload" as="image" type="image/avif" imagesrcset="${escapeHtml(photo.sources![0]!.srcset)}" imagesizes="${escapeHtml(photo.sizes!)}" fetchpriority="high" />`,
    );
  });

  it("asks for a drawing by its file", () => {
    expect(imagePreload(body([photo, false], [drawing, true]))).toBe(
      `<link rel="preload" as="image" href="${drawing.src}" fetchpriority="high" />`,
    );
  });

  it("is left out when no picture has priority", () => {
    expect(imagePreload(body([photo, false], [drawing, false]))).toBeUndefined();
  });

  it("goes with an SVG favicon link only when the favicon is an SVG", () => {
    const html = renderHead({
      site,
      page: page("/"),
      collections,
      notFound: false,
      icons: { ...icons, svg: undefined },
      socialCard,
    });
    expect(html).not.toContain("image/svg+xml");
    expect(html).toContain(`<link rel="icon" href="${icons.png}" type="image/png" sizes="32x32" />`);
  });
});

describe("structured data", () => {
  it("describes the business with its toll-free number, e-mail, address and a 24/7 US contact point", () => {
    const org = organizationJsonLd(site);
    expect(org).toMatchObject({
      "@context": "https://schema.org",
      "@type": "ProfessionalService",
      name: "Fixture Support",
      telephone: "+18005550100",
      email: "help@fixture.example",
      address: { "@type": "PostalAddress", addressLocality: "Testville", addressRegion: "CA", addressCountry: "US" },
      contactPoint: {
        "@type": "ContactPoint",
        telephone: "+18005550100",
        contactType: "technical support",
        contactOption: "TollFree",
        areaServed: "US",
        hoursAvailable: { "@type": "OpeningHoursSpecification", opens: "00:00", closes: "23:59" },
      },
    });
    const days = (org.contactPoint as { hoursAvailable: { dayOfWeek: string[] } }).hoursAvailable.dayOfWeek;
    expect(days).toHaveLength(7);
    expect(String(org.url)).toBe("https://fixture.example/");
  });

  it("builds an FAQPage from the FAQ content, on the page that shows it", () => {
    const faq = faqJsonLd(page("/"), collections)!;
    expect(faq["@type"]).toBe("FAQPage");
    const entities = faq.mainEntity as {
      "@type": string;
      name: string;
      acceptedAnswer: { "@type": string; text: string };
    }[];
    expect(entities.map((q) => q.name)).toEqual(["Is this a test?", "How do I call?"]);
    for (const question of entities) {
      expect(question["@type"]).toBe("Question");
      expect(question.name).toMatch(/\?$/);
      expect(question.acceptedAnswer["@type"]).toBe("Answer");
      expect(question.acceptedAnswer.text).not.toMatch(/<|\{\{/);
    }
    expect(entities[1]!.acceptedAnswer.text).toBe("Dial 1-800-555-0100.");
    expect(faqJsonLd(page("/more"), collections)).toBeUndefined();
  });

  it("is embedded as parseable JSON-LD: the business on every page, the FAQ on the landing page", () => {
    expect(jsonLd(head("/")).map((d) => d["@type"])).toEqual(["ProfessionalService", "FAQPage"]);
    expect(jsonLd(head("/more")).map((d) => d["@type"])).toEqual(["ProfessionalService"]);
  });
});

describe("sitemap.xml and robots.txt", () => {
  it("list every indexable page and nothing else", () => {
    const xml = sitemap(site, pages);
    const locs = [...xml.matchAll(/<loc>(.*?)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(["/", "/legal", "/more"].map((r) => `https://fixture.example${r}`));
    expect(xml).toContain("<lastmod>2026-01-31</lastmod>");
    expect(robots(site)).toBe(
      "User-agent: *\nAllow: /\nDisallow: /admin/\n\nSitemap: https://fixture.example/sitemap.xml\n",
    );
  });
});

describe("the pages of a kind with pages", () => {
  const entry = (id: string, published: string, more = "") =>
    `---\ntitle: Guide ${id}\ndescription: About ${id}.\npublished: ${published}\nauthor: ada\nhero:\n  src: images/photo.svg\n  alt: A picture\n${more}---\n\nText.\n`;
  const dir = fixture({
    "collections/guides/one.md": entry("one", "2026-11-01"),
    "collections/guides/two.md": entry("two", "2026-11-02", "updated: 2026-11-20\n"),
    "collections/guides/hidden.md": entry("hidden", "2026-11-03", "unlisted: true\n"),
  });
  // One guide a page, so the two listed take two pages.
  const kinds = contentKinds.map((kind) =>
    kind.name === "guides" ? { ...kind, perPage: 1 } : kind,
  ) as readonly ContentKind[];
  const { content: built } = runContent({ contentDir: dir, kinds });
  const made = built!.made!;
  const of = (route: string) => made.find((p) => p.route === route)!;
  const headOf = (route: string) =>
    renderHead({ site: built!.settings.site!, page: of(route), collections, notFound: false, icons, socialCard });

  it("each listing page is canonical to itself and links the pages before and after it", () => {
    expect(headOf("/guides")).toContain('<link rel="canonical" href="https://fixture.example/guides" />');
    expect(headOf("/guides")).toContain('<link rel="next" href="https://fixture.example/guides/page/2" />');
    expect(headOf("/guides")).not.toContain('rel="prev"');
    expect(headOf("/guides/page/2")).toContain('<link rel="canonical" href="https://fixture.example/guides/page/2" />');
    expect(headOf("/guides/page/2")).toContain('<link rel="prev" href="https://fixture.example/guides" />');
  });

  it("an unlisted entry's page asks search engines not to list it, and is left out of the sitemap; the others are in it with their dates", () => {
    expect(headOf("/guides/hidden")).toContain('<meta name="robots" content="noindex" />');
    const xml = sitemap(built!.settings.site!, made);
    expect(xml).not.toContain("/guides/hidden");
    expect(xml).toContain("<loc>https://fixture.example/guides/two</loc><lastmod>2026-11-20</lastmod>");
    expect(xml).toContain("<loc>https://fixture.example/guides/page/2</loc>");
  });
});
