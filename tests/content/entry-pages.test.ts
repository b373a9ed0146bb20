/**
 * Kinds with pages (schemas/kinds.ts rows with an `address`): the pages the pipeline makes for their
 * entries and listings (scripts/content/stages/entry-pages.ts), on the valid fixture with guides
 * added; drafts, schedules and unlisted entries; the addresses' uniqueness across kinds.
 */
import { describe, expect, it } from "vitest";
import { runContent } from "../../scripts/content/pipeline.ts";
import { contentKinds, type ContentKind, type PageData } from "../../schemas/index.ts";
import { fixture, type Change } from "./helpers.ts";

/** A guide's file: its front matter's lines (with defaults for those not given), then its text. */
function guide(fields: Record<string, string | string[]>, text = "Turn it off and on again."): string {
  const all: Record<string, string | string[]> = {
    title: "A guide",
    description: "What it helps with.",
    published: "2026-11-01",
    author: "ada",
    tags: ["printers"],
    ...fields,
  };
  const lines = Object.entries(all).flatMap(([key, value]) => (Array.isArray(value) ? [`${key}:`, ...value.map((v) => `  - ${v}`)] : [`${key}: ${value}`]));
  return ["---", ...lines, "hero:", "  src: images/photo.svg", "  alt: A printer", "---", "", text, ""].join("\n");
}

const long = [1, 2, 3]
  .map((n) => `## Step ${n}\n\n${"Check the cable and the light on the front. ".repeat(60)}\n\n### Then ${n}\n\nMore.`)
  .join("\n\n");

const files: Record<string, Change> = {
  "collections/tags/printers.yaml": "name: Printers\n",
  "collections/tags/wifi.yaml": "name: Wi-Fi\nslug: wi-fi\n",
  "collections/tags/unused.yaml": "name: Only on a draft\n",
  "collections/guides/a-oldest.md": guide({ title: "Oldest", published: "2026-10-01", tags: ["printers", "wifi"] }),
  "collections/guides/b-long.md": guide({ title: "Long", published: "2026-10-02", tags: ["printers", "wifi"] }, `${long}\n\n![A diagram of the cable](images/photo.svg)`),
  "collections/guides/c-middle.md": guide({ title: "Middle", published: "2026-10-03", updated: "2026-10-20" }),
  "collections/guides/d-newer.md": guide({ title: "Newer", published: "2026-10-04", tags: ["wifi"] }),
  "collections/guides/e-newest.md": guide({ title: "Newest", published: "2026-10-05" }),
  "collections/guides/f-draft.md": guide({ title: "Draft", published: "2026-10-06", draft: "true", tags: ["printers", "unused"] }),
  "collections/guides/g-unlisted.md": guide({ title: "Unlisted", published: "2026-10-07", unlisted: "true" }),
  "collections/guides/h-future.md": guide({ title: "Future", published: "2026-10-08", publishDate: "2030-01-01T00:00:00Z" }),
};

// Two guides a page, so five listed guides take three pages.
const kinds = contentKinds.map((kind) => (kind.name === "guides" ? { ...kind, perPage: 2 } : kind)) as readonly ContentKind[];
const now = Date.parse("2026-12-01T00:00:00Z");

function built(at = now) {
  const result = runContent({ contentDir: fixture(files), kinds, now: at });
  expect(result.problems).toEqual([]);
  const made = result.content!.made!;
  const at_ = (route: string) => made.find((page) => page.route === route);
  return { made, at: at_, cards: result.content!.cards!, steady: result.steady };
}

describe("a kind with pages", () => {
  it("gives each shown entry a page: its facts, its text with anchored headings, a table of contents when long, its picture", () => {
    const { at } = built();
    const long = at("/guides/b-long")!;
    expect(long).toMatchObject({ title: "Long", index: true, draft: false, sections: [] });
    const entry = long.entry!;
    expect(entry.author).toMatchObject({ id: "ada", name: "Ada Tester", url: "/guides/authors/ada" });
    expect(entry.tags).toEqual([
      { id: "printers", name: "Printers", url: "/guides/tags/printers" },
      { id: "wifi", name: "Wi-Fi", url: "/guides/tags/wi-fi" },
    ]);
    expect(entry.breadcrumbs.map((crumb) => crumb.url)).toEqual(["/", "/guides", "/guides/b-long"]);
    expect(entry.body).toContain('<h2 id="step-1"><a href="#step-1" class="heading-anchor">Step 1</a></h2>');
    expect(entry.toc.map((item) => `${item.depth} ${item.id}`)).toEqual(["2 step-1", "3 then-1", "2 step-2", "3 then-2", "2 step-3", "3 then-3"]);
    expect(entry.readingMinutes).toBeGreaterThanOrEqual(5);
    expect(entry.body).toMatch(/<img src="\/media\/photo-[0-9a-f]{10}\.svg" alt="A diagram of the cable" width="\d+" height="\d+" loading="lazy"/);
    // A short entry has no table of contents.
    expect(at("/guides/c-middle")!.entry!.toc).toEqual([]);
    expect(at("/guides/c-middle")!.updated).toBe("2026-10-20");
  });

  it("lists its entries newest first, two a page, each page canonical to itself with the pages before and after", () => {
    const { at, made } = built();
    const pages = ["/guides", "/guides/page/2", "/guides/page/3"].map((route) => at(route)!.listing!);
    expect(pages.map((page) => page.entries.map((card) => card.id))).toEqual([["e-newest", "d-newer"], ["c-middle", "b-long"], ["a-oldest"]]);
    expect(pages.map((page) => [page.prev, page.next])).toEqual([
      [undefined, "/guides/page/2"],
      ["/guides", "/guides/page/3"],
      ["/guides/page/2", undefined],
    ]);
    expect(at("/guides/page/4")).toBeUndefined();
    expect(new Set(made.map((page: PageData) => page.title)).size).toBe(made.length);
  });

  it("makes a page for each tag and author with listed entries, and none for a tag only a draft carries", () => {
    const { at, made } = built();
    expect(at("/guides/tags/printers")!.listing!.entries.map((card) => card.id)).toEqual(["e-newest", "c-middle"]);
    expect(at("/guides/tags/printers/page/2")!.listing!.entries.map((card) => card.id)).toEqual(["b-long", "a-oldest"]);
    expect(at("/guides/tags/wi-fi")!.listing!.entries.map((card) => card.id)).toEqual(["d-newer", "b-long"]);
    expect(at("/guides/authors/ada/page/3")!.listing!.by).toMatchObject({ type: "author", id: "ada" });
    expect(made.filter((page) => page.route.startsWith("/guides/tags/")).map((page) => page.route)).toEqual(["/guides/tags/printers", "/guides/tags/printers/page/2", "/guides/tags/wi-fi", "/guides/tags/wi-fi/page/2"]);
  });

  it("leaves drafts and future entries without a page, and unlisted ones out of every listing, related list and card", () => {
    const { at, made, cards } = built();
    expect(at("/guides/f-draft")).toBeUndefined();
    expect(at("/guides/h-future")).toBeUndefined();
    expect(at("/guides/g-unlisted")).toMatchObject({ index: false, entry: { state: { unlisted: true } } });
    const listed = made.flatMap((page) => page.listing?.entries ?? []).map((card) => card.id);
    const related = made.flatMap((page) => page.entry?.related ?? []).map((card) => card.id);
    for (const id of ["f-draft", "g-unlisted", "h-future"]) {
      expect(listed).not.toContain(id);
      expect(related).not.toContain(id);
    }
    expect(cards.guides!.map((card) => card.id)).toEqual(["e-newest", "d-newer", "c-middle", "b-long", "a-oldest"]);
  });

  it("relates entries that share tags, most shared first, never the entry itself", () => {
    const { at } = built();
    expect(at("/guides/a-oldest")!.entry!.related.map((card) => card.id)).toEqual(["b-long", "e-newest", "d-newer"]);
    expect(at("/guides/e-newest")!.entry!.related.map((card) => card.id)).toEqual(["c-middle", "b-long", "a-oldest"]);
  });

  it("shows a future entry from its publishDate on, and says when the content next changes (npm start's schedule)", () => {
    expect(built().steady.until).toBe(Date.parse("2030-01-01T00:00:00Z"));
    const later = built(Date.parse("2030-01-01T00:01:00Z"));
    expect(later.at("/guides/h-future")).toBeDefined();
    expect(later.at("/guides")!.listing!.entries[0]!.id).toBe("h-future");
  });

  it("leaves out a link to a listing with no entry shown yet, and brings it back when the first is shown", () => {
    // Every guide yet to be shown: no /guides is made, so the footer's link to it would lead nowhere.
    const dir = fixture({
      "collections/tags/printers.yaml": "name: Printers\n",
      "collections/guides/soon.md": guide({ publishDate: "2030-01-01T00:00:00Z" }),
      "site.yaml": (text) => text.replace("  footer:\n", "  footer:\n    - label: All guides\n      to: /guides\n"),
    });
    const footerAt = (at: number) => {
      const result = runContent({ contentDir: dir, kinds, now: at });
      expect(result.problems).toEqual([]);
      const routes = result.content!.made!.map((page) => page.route);
      const site = result.content!.settings.site as { navigation: { footer: { to: string }[] } };
      return { listing: routes.includes("/guides"), links: site.navigation.footer.map((link) => link.to) };
    };
    expect(footerAt(now)).toEqual({ listing: false, links: ["/legal"] });
    expect(footerAt(Date.parse("2030-01-01T00:01:00Z"))).toEqual({ listing: true, links: ["/guides", "/legal"] });
  });

  it("refuses two entries at one address, at the second by its path", () => {
    // Two kinds whose rows make the same addresses: a table's mistake seen as the content's clash.
    const twice = contentKinds.map((kind) => (kind.name === "case-studies" ? { ...kind, address: "/guides/:id" } : kind)) as readonly ContentKind[];
    const dir = fixture({
      "collections/tags/printers.yaml": "name: Printers\n",
      "collections/guides/same.md": guide({}),
      "collections/case-studies/same.md": guide({ customer: "A shop", problem: "It broke.", solution: "We fixed it.", result: "It works." }),
    });
    const problems = runContent({ contentDir: dir, kinds: twice }).problems;
    expect(problems.map((problem) => `${problem.file.replace(/^.*content-\w+\//, "")}:${problem.line} ${problem.message}`)).toContainEqual(
      expect.stringMatching(/^collections\/guides\/same\.md:2 this guide's address "\/guides\/same" is already taken by the case study "same" \(.*case-studies\/same\.md\)/),
    );
  });
});
