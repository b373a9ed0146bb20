/**
 * What passes the check publishes what the writer meant: each case here used to pass and publish
 * something wrong; now it is refused (or, for an entry no page shows, warned about) at its line.
 */
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../../scripts/content/cli/cli.ts";
import { runContent } from "../../scripts/content/pipeline.ts";
import { inProcess } from "../helpers/in-process.ts";
import { fixture, problemsIn, replace } from "./helpers.ts";

const home = "pages/home.yaml";
const rel = (file: string) => file.replace(/^.*content-[^/]+\//, "");
const found = (changes: Parameters<typeof problemsIn>[0]) =>
  problemsIn(changes).map((p) => ({ file: rel(p.file), line: p.line, column: p.column, field: p.field, message: p.message }));

describe("two fields that must agree", () => {
  it("refuses a phone number shown one way and dialled another, and says what to write", () => {
    expect(found({ "site.yaml": replace("display: 1-800-555-0100", "display: 1-888-555-0199") })).toEqual([
      {
        file: "site.yaml",
        line: 10,
        column: 11,
        field: "contact.phone.e164",
        message: expect.stringMatching(
          /^the number shown \("1-888-555-0199"\) is not the number dialled \("\+18005550100"\): visitors would read one number and call another\. Change both together\. For "1-888-555-0199", write "\+18885550199" as the number dialled\.$/,
        ),
      },
    ]);
  });

  it("accepts the same number written with spaces, brackets or keypad letters", () => {
    expect(problemsIn({ "site.yaml": replace("display: 1-800-555-0100", 'display: "(800) 555-0100"') })).toEqual([]);
    expect(
      problemsIn({
        "site.yaml": (t) => t.replace("display: 1-800-555-0100", "display: 1-800-FIX-PCS1").replace('"+18005550100"', '"+18003497271"'),
      }),
    ).toEqual([]);
  });
});

describe("Markdown that would not show as written", () => {
  it("refuses paragraphs in a folded block (>-), where one blank line does not separate them", () => {
    const problems = found({
      [home]: replace("    intro: Call {{phone}} any time.\n", "    intro: >-\n      First paragraph.\n\n      Second paragraph.\n"),
    });
    expect(problems).toEqual([
      expect.objectContaining({ file: home, line: 7, column: 12, field: "sections[0].intro", message: expect.stringMatching(/Write "\|" instead of ">"/) }),
    ]);
    // The same text with "|" is kept as typed: two paragraphs.
    const dir = fixture({ [home]: replace("    intro: Call {{phone}} any time.\n", "    intro: |\n      First paragraph.\n\n      Second paragraph.\n") });
    const intro = runContent({ contentDir: dir }).content!.pages.find((p) => p.page.route === "/")!.page.sections[0]!.intro;
    expect(intro).toBe("<p>First paragraph.</p>\n<p>Second paragraph.</p>");
  });

  it("accepts a folded block whose lines make one paragraph", () => {
    expect(problemsIn({ [home]: replace("    intro: Call {{phone}} any time.\n", "    intro: >-\n      One paragraph\n      over two lines.\n") })).toEqual([]);
  });

  it("refuses unclosed bold, at the asterisks", () => {
    expect(found({ [home]: replace("intro: Call {{phone}} any time.", "intro: Call **now any time.") })).toEqual([
      expect.objectContaining({
        file: home,
        line: 7,
        column: 17,
        field: "sections[0].intro",
        message: expect.stringMatching(/^"\*\*" is not closed, so it shows as typed: write it after the last word too \(\*\*like this\*\*\)/),
      }),
    ]);
  });

  it("refuses unclosed italics and a link reference with no address", () => {
    expect(found({ [home]: replace("intro: Call {{phone}} any time.", "intro: Call _now any time.") })[0]!.message).toMatch(
      /^"_" is not closed/,
    );
    expect(found({ [home]: replace("intro: Call {{phone}} any time.", "intro: See [our plans][plans].") })[0]!.message).toMatch(
      /the link "\[our plans\]" has no address, so it shows as typed: write it as \[our plans\]\(\/page\)/,
    );
  });

  it("accepts asterisks and underscores that are not emphasis", () => {
    const intros = ["Call 2 * 3 times.", "Ask for file_name_here.", "Write \\*\\*stars\\*\\* like that.", "We are **open** _now_."];
    for (const intro of intros) expect(problemsIn({ [home]: replace("Call {{phone}} any time.", intro) }), intro).toEqual([]);
  });
});

describe("markup in plain-text fields", () => {
  it("refuses <br> in a heading, saying a heading stays on one line", () => {
    expect(found({ [home]: replace("heading: Welcome", "heading: Welcome<br>home") })).toEqual([
      expect.objectContaining({
        file: home,
        line: 6,
        field: "sections[0].heading",
        message: "<br> shows as typed here: this field is plain text, HTML does not work in it. A heading or label stays on one line: remove it",
      }),
    ]);
  });

  it("refuses Markdown in a plain-text field", () => {
    expect(found({ [home]: replace("heading: Welcome", "heading: Welcome **home**") })[0]!.message).toMatch(
      /^"\*\*" shows as typed here: this field is plain text, not Markdown/,
    );
  });
});

describe("anchors are checked like routes", () => {
  it("refuses a link to an anchor no section has, with the anchors that exist", () => {
    expect(found({ "site.yaml": replace("      to: /legal\n  footer", "      to: /more#abuot\n  footer") })).toEqual([
      expect.objectContaining({
        file: "site.yaml",
        line: 24,
        field: "navigation.header[1].to",
        message: 'no section on the page "/more" has the anchor "abuot". Did you mean "about"? Anchors there: "about"',
      }),
    ]);
  });

  it("checks a bare #anchor against the page it is on, in fields and in Markdown", () => {
    const problems = found({
      [home]: (t) => t.replace("        to: phone", '        to: "#pricng"').replace("  - type: pricing\n", "  - type: pricing\n    anchor: pricing\n"),
      "pages/legal.md": replace("Adults only.", "Adults only, see [the plans](/#pricing) and [above](#top)."),
    });
    expect(problems.map((p) => [p.file, p.line, p.field, p.message])).toEqual([
      ["pages/home.yaml", 10, "sections[0].actions[0].to", 'no section on the page "/" has the anchor "pricng". Did you mean "pricing"? Anchors there: "pricing"'],
      ["pages/legal.md", 10, "body", 'the link goes to "#top": no section on the page "/legal" has the anchor "top". Give a section "anchor: top" first'],
    ]);
  });

  it("refuses a link from published content to the anchor of a draft section", () => {
    const problems = found({
      [home]: (t) => t.replace("        to: phone", '        to: "#plans"').replace("  - type: pricing\n", "  - type: pricing\n    anchor: plans\n    draft: true\n"),
    });
    expect(problems.map((p) => p.message)).toEqual([
      'the section with the anchor "plans" is a draft (draft: true): publish it first, or make this a draft too',
    ]);
  });
});

describe("entries no page shows", () => {
  const dir = fixture({ "collections/faq/orphan.yaml": "question: Is anyone reading?\nanswer: Not yet.\n" });

  it("are reported as warnings naming where they could be listed, and do not fail the check", () => {
    const result = runContent({ contentDir: dir });
    expect(result.problems).toEqual([]);
    expect(result.warnings.map((w) => ({ ...w, file: rel(w.file) }))).toEqual([
      {
        file: "collections/faq/orphan.yaml",
        line: 1,
        column: 1,
        field: "",
        severity: "warning",
        message: `the question "orphan" is not shown on any page. List it in the "questions" of the faq section at ${relative(process.cwd(), join(dir, home))}:21, or mark it draft: true if it is not ready`,
      },
    ]);
  });

  it("show in every output format: ::warning for GitHub, severity in JSON, a line for people; exit code 0", async () => {
    // The content CLI's main() in this process: what it prints, and its exit code.
    const cli = (format: string) => inProcess(() => main(["check", `--content=${dir}`, `--format=${format}`]));
    const github = await cli("github");
    expect(github.status).toBe(0);
    expect(github.stdout).toMatch(/^::warning file=.*orphan\.yaml,line=1,col=1,title=content::the question "orphan" is not shown on any page/m);
    const json = JSON.parse((await cli("json")).stdout) as { ok: boolean; warnings: { severity: string }[] };
    expect(json.ok).toBe(true);
    expect(json.warnings.map((w) => w.severity)).toEqual(["warning"]);
    const human = await cli("human");
    expect(human.status).toBe(0);
    expect(human.stdout).toMatch(/orphan\.yaml:1:1 +warning: the question "orphan"/);
    expect(human.stdout).toMatch(/✔ Content OK: \d+ files checked in \d+ ms, with 1 warning \(they do not stop the build\)/);
  });

  it("are not reported for drafts", () => {
    const draft = fixture({ "collections/faq/later.yaml": "question: Soon?\nanswer: Soon.\ndraft: true\n" });
    expect(runContent({ contentDir: draft }).warnings).toEqual([]);
  });
});
