/**
 * Scheduling (publishDate, expiryDate): the content built at times before, inside and after windows,
 * through the pipeline and through `npm run content:build` with BUILD_TIME (the content CLI's main(),
 * in this process: tests/helpers/in-process.ts); the checks that read the windows.
 */
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../../scripts/content/cli/cli.ts";
import { buildClock } from "../../scripts/content/clock.ts";
import { runContent } from "../../scripts/content/pipeline.ts";
import { sitemap } from "../../scripts/prerender/head.ts";
import { parseWhen } from "../../schemas/index.ts";
import { inProcess } from "../helpers/in-process.ts";
import { tempDir } from "../helpers/temp-dirs.ts";
import { fixture, replace } from "./helpers.ts";

const zone = "timeZone: America/New_York\n";

// The holiday window, in the site's zone (New York: UTC-5 in November): Fri Nov 27 00:00 to Tue Dec 1 00:00.
const before = Date.parse("2026-11-27T04:59:00Z");
const opens = Date.parse("2026-11-27T05:00:00Z");
const inside = Date.parse("2026-11-29T12:00:00Z");
const closes = Date.parse("2026-12-01T05:00:00Z");

const holiday = "question: Are you open on the holiday?\nanswer: Yes, all weekend.\npublishDate: 2026-11-27T00:00\nexpiryDate: 2026-12-01T00:00\n";
const offerPage =
  "route: /offer\ntitle: Offer\ndescription: The holiday offer.\npublishDate: 2026-11-27T00:00\nexpiryDate: 2026-12-01T00:00\nsections:\n  - type: prose\n    heading: Holiday offer\n    body: Half price.\n";

/** The fixture with a site zone, a scheduled question listed in the home page's FAQ, a scheduled page and section. */
function scheduled(changes: Parameters<typeof fixture>[0] = {}) {
  return fixture({
    "site.yaml": (text) => text + zone,
    "collections/faq/holiday.yaml": holiday,
    "pages/offer.yaml": offerPage,
    "pages/home.yaml": (text) =>
      replace("      - first\n", "      - first\n      - holiday\n")(text) +
      "  - type: faq\n    heading: Holiday hours\n    questions:\n      - holiday\n  - type: prose\n    heading: Until Friday\n    body: Book before the weekend.\n    expiryDate: 2026-11-27T00:00:00-05:00\n",
    ...changes,
  });
}

function at(dir: string, now: number) {
  const run = runContent({ contentDir: dir, now });
  expect(run.problems).toEqual([]);
  const content = run.content!;
  const home = content.pages.find((p) => p.page.route === "/")!.page;
  const questions = home.sections.filter((s) => s.type === "faq").map((s) => (s as { questions: { id: string }[] }).questions.map((q) => q.id));
  return {
    routes: content.pages.map((p) => p.page.route),
    sitemap: sitemap(content.settings.site!, content.pages.map((p) => p.page)),
    faq: content.collections.faq!.map((q) => q.id),
    headings: home.sections.map((s) => s.heading),
    questions,
    run,
  };
}

describe("scheduled content", () => {
  it("before its window: the page, the entry and the section are not built, nor listed, nor counted", () => {
    const built = at(scheduled(), before);
    expect(built.routes).not.toContain("/offer");
    expect(built.sitemap).not.toContain("/offer");
    expect(built.faq).toEqual(["first"]);
    // The FAQ that lists it lists one question fewer; the section that lists only it is not shown.
    expect(built.questions).toEqual([["first"]]);
    expect(built.headings).not.toContain("Holiday hours");
    // A section with only an end is shown until then.
    expect(built.headings).toContain("Until Friday");
  });

  it("from the first instant of its window (00:00 in the site's zone) until its last, all of it is shown", () => {
    for (const now of [opens, inside, closes - 1]) {
      const built = at(scheduled(), now);
      expect(built.routes).toContain("/offer");
      expect(built.sitemap).toContain("/offer");
      expect(built.faq).toEqual(["first", "holiday"]);
      expect(built.questions).toEqual([["first", "holiday"], ["holiday"]]);
      expect(built.headings).toContain("Holiday hours");
      expect(built.headings).not.toContain("Until Friday");
    }
  });

  it("from its expiryDate on, it is gone again", () => {
    const built = at(scheduled(), closes);
    expect(built.routes).not.toContain("/offer");
    expect(built.faq).toEqual(["first"]);
    expect(built.questions).toEqual([["first"]]);
  });

  it("the preview (drafts) keeps scheduled content whatever the time", () => {
    const run = runContent({ contentDir: scheduled(), drafts: true, now: before });
    expect(run.content!.pages.map((p) => p.page.route)).toContain("/offer");
    expect(run.content!.collections.faq!.map((q) => q.id)).toContain("holiday");
  });

  it("every collection's entries have a window (the table of kinds adds it)", () => {
    const dir = scheduled({
      "collections/plans/plus.yaml": (text) => `${text}publishDate: 2026-11-27T00:00\n`,
      "collections/services/printers.yaml": (text) => `${text}publishDate: 2026-11-27T00:00\n`,
      "collections/testimonials/sam.yaml": (text) => `${text}expiryDate: 2026-11-27T00:00\n`,
    });
    const early = runContent({ contentDir: dir, now: before });
    const late = runContent({ contentDir: dir, now: inside });
    expect(early.problems).toEqual([]);
    const ids = (run: typeof early, name: "plans" | "services" | "testimonials") => run.content!.collections[name]!.map((e) => e.id);
    expect([ids(early, "plans"), ids(early, "services"), ids(early, "testimonials")]).toEqual([["basic"], ["laptops"], ["sam"]]);
    expect([ids(late, "plans"), ids(late, "services"), ids(late, "testimonials")]).toEqual([["basic", "plus"], ["laptops", "printers"], []]);
  });

  it("a date with its own zone needs no site zone; one without needs the site's", () => {
    const withZone = fixture({ "collections/faq/first.yaml": (text) => `${text}publishDate: 2026-11-27T00:00:00-05:00\n` });
    expect(runContent({ contentDir: withZone, now: opens - 1 }).content!.collections.faq).toEqual([]);
    expect(runContent({ contentDir: withZone, now: opens }).content!.collections.faq!.map((q) => q.id)).toEqual(["first"]);

    const without = fixture({ "collections/faq/first.yaml": (text) => `${text}publishDate: 2026-11-27T00:00\n` });
    const problems = runContent({ contentDir: without, now: inside }).problems;
    expect(problems).toEqual([
      expect.objectContaining({
        file: expect.stringMatching(/collections\/faq\/first\.yaml$/),
        line: 3,
        field: "publishDate",
        message: expect.stringMatching(/"2026-11-27T00:00" has no time zone, and the site has none set: .*set timeZone in content\/site\.yaml/),
      }),
    ]);
  });

  it("refuses a date that cannot be read, a site zone that is not one, and a window that ends before it starts", () => {
    const dir = scheduled({
      "site.yaml": (text) => text + "timeZone: Eastern Time\n",
      "collections/faq/first.yaml": (text) => `${text}publishDate: next Friday\n`,
      "collections/faq/holiday.yaml": holiday.replace("T00:00\nexpiryDate: 2026-12-01T00:00", "T00:00Z\nexpiryDate: 2026-11-26T00:00Z"),
    });
    const problems = runContent({ contentDir: dir, now: inside }).problems.map((p) => [p.file.replace(/^.*content-[^/]+\//, ""), p.line, p.field, p.message]);
    expect(problems).toEqual([
      ["collections/faq/first.yaml", 3, "publishDate", expect.stringMatching(/^"next Friday" is not a date and time: write it as "2026-11-27T00:00"/)],
      ["collections/faq/holiday.yaml", 4, "expiryDate", expect.stringMatching(/"Show until" must come after "Show from"/)],
      // The dates without a zone are not refused for it: the site's zone is the one problem.
      ["site.yaml", 46, "timeZone", expect.stringMatching(/^write a time zone's name, e.g. "America\/New_York"/)],
    ]);
  });

  it("a date written two ways names the same instant", () => {
    expect(parseWhen("2026-11-27T00:00", "America/New_York")).toBe(opens);
    expect(parseWhen("2026-11-27 00:00:00-05:00", undefined)).toBe(opens);
    expect(parseWhen("2026-07-04T09:00", "America/New_York")).toBe(Date.parse("2026-07-04T13:00:00Z"));
    expect(parseWhen("2026-02-30T00:00Z", undefined)).toMatch(/is not a date and time that exists/);
  });

  it("warns of a window that ended more than 30 days ago, and says what happens to a page's address when it ends", () => {
    const dir = scheduled();
    const ended = runContent({ contentDir: dir, now: closes + 31 * 24 * 3600_000 });
    expect(ended.problems).toEqual([]);
    expect(ended.warnings.map((w) => [w.file.replace(/^.*content-[^/]+\//, ""), w.field, w.message])).toEqual(
      expect.arrayContaining([
        ["collections/faq/holiday.yaml", "expiryDate", expect.stringMatching(/^faq\/holiday stopped showing on Tue Dec 1 2026 00:00 EST, 31 days ago: remove it/)],
        ["pages/offer.yaml", "expiryDate", expect.stringMatching(/^the page \/offer stopped showing/)],
      ]),
    );
    const live = runContent({ contentDir: dir, now: inside });
    expect(live.warnings.map((w) => w.message)).toContainEqual(
      expect.stringMatching(/^the page \/offer is taken down on Tue Dec 1 2026 00:00 EST: from then its address answers "not found" .*\(\/404\).*add a redirect from \/offer/),
    );
  });

  it("the build's clock is now, or BUILD_TIME when set; BUILD_TIME must say its zone", () => {
    expect(buildClock({}, () => 42)).toBe(42);
    expect(buildClock({ BUILD_TIME: "2026-11-27T05:00:00Z" }, () => 42)).toBe(opens);
    expect(() => buildClock({ BUILD_TIME: "2026-11-27T00:00" })).toThrow(/^BUILD_TIME: "2026-11-27T00:00" has no time zone/);
  });

  it("npm run content:build with BUILD_TIME writes the site of that time, and a later time builds again (the memo knows the boundaries)", async () => {
    const dir = scheduled();
    const out = tempDir("content-out-");
    const cache = tempDir("content-memo-");
    const command = (time: string, ...flags: string[]) =>
      inProcess(() => main(["build", `--content=${dir}`, `--out=${out}`, ...flags]), { CONTENT_CACHE: cache, BUILD_TIME: time });
    const build = async (time: string) => {
      const result = await command(time, "--format=json");
      return { status: result.status, stderr: result.stderr, pages: readdirSync(join(out, "pages")).sort(), collections: readFileSync(join(out, "collections.json"), "utf8") };
    };
    const early = await build("2026-11-26T12:00:00Z");
    expect(early.status).toBe(0);
    expect(early.collections).not.toContain("Are you open on the holiday?");
    const pagesBefore = early.pages;
    // The same files, a time inside the window: not the remembered result.
    const during = await build("2026-11-28T12:00:00Z");
    expect(during.collections).toContain("Are you open on the holiday?");
    expect(during.pages.length).toBe(pagesBefore.length + 1);
    const after = await build("2026-12-02T12:00:00Z");
    expect(after.collections).not.toContain("Are you open on the holiday?");
    expect(after.pages).toEqual(pagesBefore);

    const wrong = await command("Friday");
    expect(wrong.status).toBe(2);
    expect(wrong.stderr).toMatch(/^BUILD_TIME: "Friday" is not a date and time/);
    expect(existsSync(join(out, "collections.json"))).toBe(true);
  });

  it("a link in a field to a scheduled page is shown only while the page is, with a warning naming both", () => {
    const dir = scheduled({
      "site.yaml": (text) => replace("      to: /legal\n  footer", "      to: /legal\n    - label: Holiday offer\n      to: /offer\n  footer")(text) + zone,
    });
    const header = (now: number) => {
      const run = runContent({ contentDir: dir, now });
      expect(run.problems).toEqual([]);
      return { links: run.content!.settings.site!.navigation.header.map((link) => link.to), warnings: run.warnings };
    };
    expect(header(before).links).toEqual(["/", "/legal"]);
    expect(header(inside).links).toEqual(["/", "/legal", "/offer"]);
    expect(header(closes).links).toEqual(["/", "/legal"]);
    expect(header(before).warnings.map((w) => [w.file.replace(/^.*content-[^/]+\//, ""), w.line, w.field, w.message])).toContainEqual([
      "site.yaml",
      26,
      "navigation.header[2].to",
      expect.stringMatching(
        /^the link "Holiday offer" goes to the page \/offer \(\S*pages\/offer\.yaml\), which is shown only from Fri Nov 27 2026 00:00 EST until Tue Dec 1 2026 00:00 EST: the link is shown only then too$/,
      ),
    ]);
  });

  it("refuses a link in text to a page not shown at the build's time, naming when it is; text shown no sooner may link to it", () => {
    const dir = scheduled({
      "collections/faq/first.yaml": replace("only** a test.", "only** a test. See [the offer](/offer)."),
      "collections/faq/holiday.yaml": holiday.replace("all weekend.", "all weekend, see [the offer](/offer)."),
    });
    const problems = (now: number) => runContent({ contentDir: dir, now }).problems.map((p) => [p.file.replace(/^.*content-[^/]+\//, ""), p.line, p.field, p.message]);
    expect(problems(before)).toEqual([
      [
        "collections/faq/first.yaml",
        2,
        "answer",
        'the link goes to "/offer", a page shown from Fri Nov 27 2026 00:00 EST, so it would lead nowhere now: give this text the same "Show from" date, or link there once it is shown',
      ],
    ]);
    expect(problems(inside)).toEqual([]);
    expect(problems(closes)[0]?.[3]).toMatch(/^the link goes to "\/offer", a page no longer shown \(since Tue Dec 1 2026 00:00 EST\)/);
  });
});
