/** Drafts show in the preview (npm run dev) and are left out of the built site. */
import { describe, expect, it } from "vitest";
import { runContent } from "../../scripts/content/pipeline.ts";
import { sitemap } from "../../scripts/prerender/head.ts";
import { fixture, replace } from "./helpers.ts";

const draftPage = "route: /soon\ntitle: Soon\ndescription: Coming soon.\ndraft: true\nsections:\n  - type: prose\n    heading: Coming soon\n    body: Watch this space.\n";

describe("drafts", () => {
  it("a draft page is in the preview and not in the build, nor in the sitemap", () => {
    const dir = fixture({ "pages/soon.yaml": draftPage });
    const preview = runContent({ contentDir: dir, drafts: true });
    const build = runContent({ contentDir: dir });
    expect(preview.problems).toEqual([]);
    expect(preview.content!.pages.map((p) => p.page.route)).toContain("/soon");
    expect(build.content!.pages.map((p) => p.page.route)).not.toContain("/soon");
    expect(sitemap(build.content!.settings.site!, build.content!.pages.map((p) => p.page))).not.toContain("/soon");
  });

  it("a draft section is left out of the built page", () => {
    const dir = fixture({ "pages/home.yaml": replace("  - type: faq\n    heading: Questions\n", "  - type: faq\n    draft: true\n    heading: Questions\n") });
    const types = (drafts: boolean) =>
      runContent({ contentDir: dir, drafts }).content!.pages.find((p) => p.page.route === "/")!.page.sections.map((s) => s.type);
    expect(types(true)).toContain("faq");
    expect(types(false)).not.toContain("faq");
  });

  it("a draft collection entry is left out of the build, and a draft section may show it", () => {
    const dir = fixture({
      "collections/faq/later.yaml": "question: Not yet?\nanswer: Soon.\ndraft: true\n",
      "pages/home.yaml": (text) => `${text}  - type: faq\n    draft: true\n    heading: Upcoming\n    questions:\n      - later\n`,
    });
    const preview = runContent({ contentDir: dir, drafts: true });
    const build = runContent({ contentDir: dir });
    expect(preview.problems).toEqual([]);
    expect(build.problems).toEqual([]);
    expect(preview.content!.collections.faq!.map((q) => q.id)).toEqual(["first", "later"]);
    expect(build.content!.collections.faq!.map((q) => q.id)).toEqual(["first"]);
  });

  it("refuses a reference from published content to a draft entry", () => {
    const dir = fixture({
      "collections/faq/later.yaml": "question: Not yet?\nanswer: Soon.\ndraft: true\n",
      "pages/home.yaml": replace("      - first\n", "      - first\n      - later\n"),
    });
    for (const drafts of [false, true]) {
      const problems = runContent({ contentDir: dir, drafts }).problems;
      expect(problems).toEqual([
        expect.objectContaining({
          line: 25,
          field: "sections[2].questions[1]",
          message: 'the question "later" is a draft (draft: true): publish it first, or make this a draft too',
        }),
      ]);
    }
  });

  it("refuses links from published content to a draft page", () => {
    const dir = fixture({
      "pages/soon.yaml": draftPage,
      "site.yaml": replace("      to: /legal\n  footer", "      to: /soon\n  footer"),
      "pages/legal.md": replace("Adults only.", "Adults only. [Soon](/soon)."),
    });
    const problems = runContent({ contentDir: dir }).problems;
    expect(problems.map((p) => [p.file.replace(/^.*content-[^/]+\//, ""), p.line, p.field, p.message])).toEqual([
      ["pages/legal.md", 10, "body", 'the link goes to "/soon", a draft page (draft: true): publish it first, or make this a draft too'],
      ["site.yaml", 24, "navigation.header[1].to", 'the page "/soon" is a draft (draft: true): publish it first, or make this a draft too'],
    ]);
  });

  it("lets a draft page link to another draft page", () => {
    const dir = fixture({
      "pages/soon.yaml": draftPage,
      "pages/sooner.yaml": draftPage.replace("/soon", "/sooner").replace("Watch this space.", "See [soon](/soon)."),
    });
    expect(runContent({ contentDir: dir }).problems).toEqual([]);
  });
});
