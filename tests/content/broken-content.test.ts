/**
 * A corpus of broken content: each case breaks the valid fixture in one way and expects the pipeline
 * to refuse it with the file, line, field and a message that says what to write instead.
 */
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { Problem } from "../../scripts/content/problems/problem.ts";
import { problemsIn, problemsInParallel, replace, type Change } from "./helpers.ts";

// Pictures made for the image checks: plain JPEGs of a given size, and broken or odd files.
const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#6699cc" } })
    .jpeg()
    .toBuffer();
const photo = await jpeg(1600, 1200);
/** A JPEG whose header says it is `width` × `height` (the check reads headers, not pixels). */
function claiming(bytes: Buffer, width: number, height: number): Buffer {
  const copy = Buffer.from(bytes);
  const frame = copy.indexOf(Buffer.from([0xff, 0xc0]));
  copy.writeUInt16BE(height, frame + 5);
  copy.writeUInt16BE(width, frame + 7);
  return copy;
}
/** The start of an iPhone HEIC file: a file-type box naming the HEIC brands. */
const heic = Buffer.concat([
  Buffer.from([0, 0, 0, 24]),
  Buffer.from("ftypheic\0\0\0\0mif1heic", "latin1"),
  Buffer.alloc(64),
]);
const galleryPhoto = (bytes: string | Buffer): Record<string, Change> => ({
  "pages/home.yaml": replace("src: images/photo.svg", "src: images/photo.jpg"),
  "images/photo.jpg": bytes,
});
const svg = (inside: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="200" viewBox="0 0 300 200">${inside}</svg>\n`;

interface Case {
  name: string;
  changes: Record<string, Change>;
  file: string;
  line: number;
  /** Checked when given (the cases below that are about positions give it). */
  column?: number;
  field: string;
  message: RegExp;
  /** The only problem reported: nothing that merely follows from it. */
  alone?: boolean;
}

const basic = "collections/plans/basic.yaml";
const plus = "collections/plans/plus.yaml";
const faq = "collections/faq/first.yaml";
const home = "pages/home.yaml";
const redirects = "redirects.yaml";
const guide = "collections/guides/printer-offline.md";
/** A valid guide, added to the valid fixture with its tag. */
const guideText = [
    "---",
    "title: When the printer says offline",
    "description: What to check first.",
    "published: 2026-11-02",
    "author: ada",
    "tags:",
    "  - printers",
    "hero:",
    "  src: images/photo.svg",
    "  alt: A printer",
    "draft: false",
    "---",
    "",
    "Turn it off and on again.",
    "",
    "See also [the legal page](/legal).",
    "",
    "![A photo of a printer](images/photo.svg)",
    "",
  ].join("\n");
const aGuide: Record<string, Change> = { "collections/tags/printers.yaml": "name: Printers\n", [guide]: guideText };
/** The guide with one edit (a `replace`, or any change of its text). */
const withGuide = (edit: (text: string) => string): Record<string, Change> => ({ ...aGuide, [guide]: edit(guideText) });
const cases: Case[] = [
  {
    name: "a price written as words",
    changes: { [basic]: replace("price: 10", "price: ten") },
    file: basic,
    line: 2,
    field: "price",
    message: /expected a number \(e\.g\. 49\), found the text "ten"/,
  },
  {
    name: "a missing page title",
    changes: { [home]: replace("title: Home\n", "") },
    file: home,
    line: 1,
    field: "title",
    message: /missing required field "title": add it with text\. The page's title/,
  },
  {
    name: "a misspelt field name",
    changes: { [plus]: replace("price: 20", "pirce: 20") },
    file: plus,
    line: 2,
    field: "pirce",
    message: /unknown field "pirce"\. Did you mean "price"\? Allowed here: name, price/,
  },
  {
    name: "an unknown section type",
    changes: { [home]: replace("type: pricing", "type: pricng") },
    file: home,
    line: 11,
    field: "sections[1].type",
    message: /unknown type "pricng"\. Did you mean "pricing"\? Known: "hero", "about"/,
  },
  {
    name: "a section without a type",
    changes: { [home]: replace("  - type: faq\n    heading", "  - heading") },
    file: home,
    line: 21,
    field: "sections[2].type",
    message: /missing "type": write one of "hero", "about"/,
  },
  {
    name: "a reference to a plan that does not exist",
    changes: { [home]: replace("- plus", "- enterprise") },
    file: home,
    line: 15,
    field: "sections[1].plans[1]",
    message: /unknown plan "enterprise"\. Known: "basic", "plus"/,
  },
  {
    name: "a reference to a misspelt question",
    changes: { [home]: replace("- first", "- frist") },
    file: home,
    line: 24,
    field: "sections[2].questions[0]",
    message: /unknown question "frist"\. Did you mean "first"\?/,
  },
  {
    name: "a reference to a misspelt form",
    changes: { [home]: replace("form: callback", "form: calback") },
    file: home,
    line: 16,
    field: "sections[1].form",
    message: /unknown form "calback"\. Did you mean "callback"\?/,
  },
  {
    name: "two pages with the same route",
    changes: { "pages/not-found.yaml": replace("route: /404", "route: /") },
    file: "pages/not-found.yaml",
    line: 1,
    field: "route",
    message: /the route "\/" is already used by .*pages\/home\.yaml/,
  },
  {
    name: "an image file that does not exist",
    changes: { [home]: replace("src: images/photo.svg", "src: images/phot.svg") },
    file: home,
    line: 29,
    field: "sections[3].images[0].image.src",
    message: /image file "images\/phot\.svg" not found in the content folder\. Did you mean "images\/photo\.svg"\?/,
  },
  {
    name: "broken YAML indentation",
    changes: { [basic]: replace("price: 10", " price: 10") },
    file: basic,
    line: 2,
    field: "",
    message: /YAML syntax: Implicit keys need to be on a single line: check that this line is indented/,
  },
  {
    name: "a field written twice",
    changes: { "forms/callback.yaml": replace("submitLabel: Send", "submitLabel: Send\nsubmitLabel: Go") },
    file: "forms/callback.yaml",
    line: 11,
    field: "",
    message: /YAML syntax: Map keys must be unique.*keep one/,
  },
  {
    name: "raw HTML in a Markdown field",
    changes: { [faq]: replace("Yes, it is **only** a test.", "Yes <script>alert(1)</script>") },
    file: faq,
    line: 2,
    field: "answer",
    message: /raw HTML is not allowed in content: write Markdown instead/,
  },
  {
    name: "a javascript: link in Markdown",
    changes: { "pages/not-found.yaml": replace("Go [home](/).", "Go [home](javascript:alert(1)).") },
    file: "pages/not-found.yaml",
    line: 8,
    field: "sections[0].body",
    message: /the link address "javascript:alert\(1\)" is not allowed/,
  },
  {
    name: "raw HTML in a Markdown page's body",
    changes: { "pages/legal.md": replace("Adults only.", "Adults only.\n\n<iframe src=x></iframe>") },
    file: "pages/legal.md",
    line: 12,
    field: "body",
    message: /raw HTML is not allowed/,
  },
  {
    name: "a header link to a page that does not exist",
    changes: { "site.yaml": replace("      to: /legal\n  footer", "      to: /legall\n  footer") },
    file: "site.yaml",
    line: 24,
    field: "navigation.header[1].to",
    message: /no page has the address "\/legall"\. Did you mean "\/legal"\?/,
  },
  {
    name: "a Markdown link to a page that does not exist",
    changes: { "pages/legal.md": replace("[us](mailto:{{email}})", "[us](/contac)") },
    file: "pages/legal.md",
    line: 10,
    field: "body",
    message: /the link goes to "\/contac", but no page has that address/,
  },
  {
    name: "a number dialled written as it is shown, not as phones dial it",
    changes: { "site.yaml": replace('e164: "+18005550100"', 'e164: "1-800-555-0100"') },
    file: "site.yaml",
    line: 10,
    field: "contact.phone.e164",
    message: /write the number dialled as "\+", the country code and the digits only, e\.g\. "\+\d+": after the "\+" comes the country code/,
  },
  {
    name: "two plans marked most popular",
    changes: { [basic]: replace("  - Help\n", "  - Help\npopular: true\n") },
    file: plus,
    line: 7,
    field: "popular",
    message: /only one plan may be marked popular, and "basic" already is/,
  },
  {
    name: "an entry file whose name is not an id",
    changes: { "collections/plans/Gold Plan.yaml": "name: Gold\nprice: 30\nsummary: Gold.\nfeatures:\n  - All\n" },
    file: "collections/plans/Gold Plan.yaml",
    line: 1,
    field: "",
    message: /rename this file: its name is the entry's id.*e\.g\. "gold-plan\.yaml"/,
  },
  {
    name: "a collection written as one list file",
    changes: { "collections/plans.yaml": "- name: Gold\n" },
    file: "collections/plans.yaml",
    line: 1,
    field: "",
    message: /a collection is a folder with one file per entry: .*collections\/plans\/<id>\.yaml/,
  },
  {
    name: "a collection file with a misspelt name",
    changes: { "collections/servces/tablets.yaml": "title: Tablets\n" },
    file: "collections/servces/tablets.yaml",
    line: 1,
    field: "",
    message: /unknown collection "servces"\. Did you mean "services"\?/,
  },
  {
    name: "a .yml file",
    changes: { "forms/subscribe.yml": "title: x\n" },
    file: "forms/subscribe.yml",
    line: 1,
    field: "",
    message: /rename this file to end in "\.yaml"/,
  },
  {
    name: "a form field type that does not exist",
    changes: { "forms/callback.yaml": replace("    type: email", "    type: mail") },
    file: "forms/callback.yaml",
    line: 8,
    field: "fields[1].type",
    message: /the text "mail" is not allowed here\. Did you mean "email"\? Write one of: "text", "email", "tel"/,
  },
  {
    name: "an empty heading",
    changes: { [home]: replace("heading: Welcome", 'heading: ""') },
    file: home,
    line: 6,
    field: "sections[0].heading",
    message: /must not be empty/,
  },
  {
    name: "a page whose first section has no heading (the page would have no main heading)",
    changes: { [home]: replace("    heading: Welcome\n", "") },
    file: home,
    line: 5,
    column: 5,
    field: "sections[0].heading",
    message:
      /^The first section gives the page its main heading, .*this section has none\. Write a heading for it .*or move a section that has a heading to the top of the page$/,
    alone: true,
  },
  {
    name: "a page whose first section on the live site has no heading (the one above it a draft)",
    changes: {
      [home]: (text) =>
        text.replace("    heading: Welcome\n", "    heading: Welcome\n    draft: true\n").replace("    heading: Plans\n", ""),
    },
    file: home,
    line: 12,
    column: 5,
    field: "sections[1].heading",
    message: /^The first section that is not a draft gives the page its main heading, .*to the top of the page on the live site$/,
    alone: true,
  },
  {
    name: "a page whose top section can be hidden by its dates, with none on the section below it",
    changes: {
      [home]: (text) =>
        text
          .replace("    heading: Welcome\n", '    heading: Welcome\n    expiryDate: "2026-01-01T00:00:00Z"\n')
          .replace("    heading: Plans\n", ""),
    },
    file: home,
    line: 12,
    column: 5,
    field: "sections[1].heading",
    message:
      /^This section, at the top of the page on the live site while the sections above it are not shown \(outside their dates\), gives the page its main heading, .*to the top of the page on the live site$/,
  },
  {
    name: "an image without alt text",
    changes: { "site.yaml": replace("    alt: Fixture Support", '    alt: ""') },
    file: "site.yaml",
    line: 6,
    field: "company.logo.alt",
    message: /describe the picture for people who cannot see it/,
  },
  {
    name: "a misspelt placeholder",
    changes: { [home]: replace("Call {{phone}} any time.", "Call {{phon}} any time.") },
    file: home,
    line: 7,
    field: "sections[0].intro",
    message: /unknown placeholder "\{\{phon\}\}"\. Did you mean "phone"\?/,
  },
  {
    name: "a route that is not a path",
    changes: { "pages/legal.md": replace("route: /legal", "route: Legal") },
    file: "pages/legal.md",
    line: 2,
    field: "route",
    message: /write a path that starts with "\/"/,
  },
  {
    name: "a Markdown page without front matter",
    changes: { "pages/extra.md": "# Hello\n" },
    file: "pages/extra.md",
    line: 1,
    field: "",
    message: /starts with front matter/,
  },
  {
    name: "a date that is not YYYY-MM-DD",
    changes: { "pages/legal.md": replace("updated: 2026-01-31", "updated: last week") },
    file: "pages/legal.md",
    line: 5,
    field: "updated",
    message: /write the date as YYYY-MM-DD/,
  },
  {
    name: "an empty list of plans",
    changes: { [home]: replace("    plans:\n      - basic\n      - plus\n", "    plans: []\n") },
    file: home,
    line: 13,
    field: "sections[1].plans",
    message: /needs at least 1 item/,
  },
  {
    name: "missing site settings",
    changes: { "site.yaml": null },
    file: "site.yaml",
    line: 1,
    field: "",
    message: /site settings are missing: create content\/site\.yaml/,
  },
  {
    name: "an image whose size cannot be read",
    changes: { "images/photo.svg": "<svg></svg>\n" },
    file: home,
    line: 29,
    field: "sections[3].images[0].image.src",
    message: /could not read the size of "images\/photo\.svg"/,
  },
  {
    name: "a plan that includes itself",
    changes: { [plus]: replace("includes: basic", "includes: plus") },
    file: plus,
    line: 4,
    field: "includes",
    message: /a plan cannot include itself/,
  },
  {
    name: "too many buttons",
    changes: {
      [home]: replace("        to: phone\n", "        to: phone\n      - label: B\n        to: /\n      - label: C\n        to: /\n"),
    },
    file: home,
    line: 8,
    field: "sections[0].actions",
    message: /may have at most 2 items/,
  },
  {
    name: "a picture inside Markdown",
    changes: { [faq]: replace("Yes, it is **only** a test.", '"![x](https://example.com/x.png)"') },
    file: faq,
    line: 2,
    field: "answer",
    message: /pictures inside text are not supported/,
  },
  {
    name: "a number where a list belongs",
    changes: { [basic]: replace("features:\n  - Help\n", "features: 3\n") },
    file: basic,
    line: 4,
    field: "features",
    message: /expected a list/,
  },
  {
    name: "a second main heading in Markdown",
    changes: { "pages/legal.md": replace("## Terms", "# Terms") },
    file: "pages/legal.md",
    line: 8,
    field: "body",
    message: /start the line with "## " instead/,
  },
  {
    name: "an empty file",
    changes: { "forms/callback.yaml": "" },
    file: "forms/callback.yaml",
    line: 1,
    field: "",
    message: /this file is empty/,
  },
  {
    name: "a redirect to a page that does not exist",
    changes: { [redirects]: replace("to: /legal", "to: /legall") },
    file: redirects,
    line: 3,
    field: "redirects[0].to",
    message: /no page has the address "\/legall"\. Did you mean "\/legal"\?/,
  },
  {
    name: "a redirect to a draft page",
    changes: { [redirects]: replace("to: /legal", "to: /more"), "pages/more.yaml": replace("route: /more", "route: /more\ndraft: true") },
    file: redirects,
    line: 3,
    field: "redirects[0].to",
    message: /the page "\/more" is a draft \(draft: true\): publish it first, or point this redirect at another page/,
  },
  {
    name: "a redirect to the not-found page",
    changes: { [redirects]: replace("to: /legal", "to: /404") },
    file: redirects,
    line: 3,
    field: "redirects[0].to",
    message: /"\/404" is the not-found page: point this at the page visitors should land on/,
  },
  {
    name: "a redirect to a plain http:// address",
    changes: { [redirects]: replace("to: /legal", "to: http://example.com/legal") },
    file: redirects,
    line: 3,
    field: "redirects[0].to",
    message: /write "https:\/\/" instead of "http:\/\/"/,
  },
  {
    name: "a chain of redirects",
    changes: { [redirects]: replace("to: /thanks", "to: /terms") },
    file: redirects,
    line: 5,
    field: "redirects[1].to",
    message: /"\/terms" is itself redirected to "\/legal" \(entry 1\): point this one straight at "\/legal", so visitors arrive in one step/,
  },
  {
    name: "redirects that go round in a circle",
    changes: { [redirects]: (text) => replace("to: /thanks", "to: /terms")(replace("to: /legal", "to: /old-thanks")(text)) },
    file: redirects,
    line: 3,
    field: "redirects[0].to",
    message: /these redirects go round in a circle: "\/old-thanks" → "\/terms" → "\/old-thanks"\. Point one of them at a page/,
  },
  {
    name: "a redirect to its own old address",
    changes: { [redirects]: replace("to: /legal", "to: /terms") },
    file: redirects,
    line: 3,
    field: "redirects[0].to",
    message: /"\/terms" redirects to itself: point this at the page that replaced it/,
  },
  {
    name: "a redirect from the address of a live page",
    changes: { [redirects]: replace("from: /terms", "from: /legal") },
    file: redirects,
    line: 2,
    field: "redirects[0].from",
    message: /"\/legal" is the address of a page on this site: a redirect from it would hide the page/,
  },
  {
    name: "the same old address redirected twice",
    changes: { [redirects]: replace("from: /old-thanks", "from: /terms") },
    file: redirects,
    line: 4,
    field: "redirects[1].from",
    message: /"\/terms" is already redirected by entry 1 \(line 2\): keep one of the two/,
  },
  {
    name: "an old address written with its domain",
    changes: { [redirects]: replace("from: /terms", "from: https://fixture.example/terms") },
    file: redirects,
    line: 2,
    field: "redirects[0].from",
    message: /write only the path of the old address, without "https:\/\/" and the domain/,
  },
  {
    name: "an old address ending in a slash",
    changes: { [redirects]: replace("from: /terms", "from: /terms/") },
    file: redirects,
    line: 2,
    field: "redirects[0].from",
    message: /leave out the "\/" at the end: "\/terms" also catches "\/terms\/"/,
  },
  {
    name: "a wildcard in an old address",
    changes: { [redirects]: replace("from: /terms", "from: /blog/*") },
    file: redirects,
    line: 2,
    field: "redirects[0].from",
    message: /wildcards \("\*"\) are not supported/,
  },
  {
    name: "a redirect from one of the site's own files",
    changes: { [redirects]: replace("from: /terms", "from: /assets/old.js") },
    file: redirects,
    line: 2,
    field: "redirects[0].from",
    message: /"\/assets\/old\.js" is used by the site itself/,
  },
  {
    name: "a redirect without a new address",
    changes: { [redirects]: replace("    to: /legal\n", "") },
    file: redirects,
    line: 2,
    field: "redirects[0].to",
    message: /missing required field "to"/,
  },
  // Mistakes named by their cause, with the line as it should be written.
  {
    name: 'a text containing ": " without quotes',
    changes: { [home]: replace("title: Home", "title: Help: 24/7 support") },
    file: home,
    line: 2,
    column: 8,
    field: "",
    message: /^the text after "title:" contains ": ", so it must be put in quotes\. Write: title: "Help: 24\/7 support"$/,
    alone: true,
  },
  {
    name: 'a list item\'s text containing ": " without quotes, and a comment after it',
    changes: { [faq]: replace("question: Is this a test?", "question: Test: really? # ask Sam") },
    file: faq,
    line: 1,
    column: 11,
    field: "",
    message: /^the text after "question:" contains ": ", so it must be put in quotes\. Write: question: "Test: really\?" # ask Sam$/,
    alone: true,
  },
  {
    name: 'a list item containing ": " without quotes, which YAML reads as a group of fields',
    changes: { [basic]: replace("  - Help\n", "  - Help: 24/7\n") },
    file: basic,
    line: 5,
    column: 5,
    field: "features[0]",
    message: /^this text contains ": ", so it must be put in quotes\. Write: - "Help: 24\/7"$/,
    alone: true,
  },
  {
    name: "Word's curly quotes around a text containing \": \"",
    changes: { [home]: replace("title: Home", "title: ”Help: 24/7”") },
    file: home,
    line: 2,
    column: 8,
    field: "",
    message: /^the text after "title:" is in curly quotes \(“ ”, as Word types them\), which do not count as quotes here\. Use straight quotes: title: "Help: 24\/7"$/,
    alone: true,
  },
  {
    name: "Word's curly quotes used as quotes",
    changes: { [home]: replace("title: Home", "title: “Home”") },
    file: home,
    line: 2,
    column: 8,
    field: "title",
    message: /^the text is in curly quotes \(“ ”, as Word types them\), which do not count as quotes here: they would show on the page\. Use straight quotes: title: "Home"\. To show the curly quotes, put straight ones around them: title: '“Home”'$/,
    alone: true,
  },
  {
    name: "Markdown emphasis with * at the start of a text",
    changes: { [home]: replace("    intro: Call {{phone}} any time.", "    intro: *Fast* help") },
    file: home,
    line: 7,
    column: 12,
    field: "",
    message: /^the text after "intro:" starts with "\*", which in YAML refers to another value\. For a text, put it in quotes: intro: "\*Fast\* help"$/,
    alone: true,
  },
  {
    name: "a whole text in Markdown emphasis with *, which YAML reads without complaint and cannot resolve",
    changes: { [home]: replace("    intro: Call {{phone}} any time.", "    intro: *Fast*") },
    file: home,
    line: 7,
    column: 12,
    field: "",
    message: /^the text after "intro:" starts with "\*", which in YAML refers to another value\. For a text, put it in quotes: intro: "\*Fast\*"$/,
    alone: true,
  },
  {
    name: "square brackets at the start of a text",
    changes: { [home]: replace("title: Home", "title: [Draft] Home") },
    file: home,
    line: 2,
    column: 8,
    field: "",
    message: /^the text after "title:" starts with "\[", which in YAML starts a list\. .* For a text, put it in quotes: title: "\[Draft\] Home"$/,
    alone: true,
  },
  {
    name: "a field written twice, whose value is a list in brackets (not a text to quote)",
    changes: { [home]: replace("    plans:\n      - basic\n      - plus\n", "    plans: [basic, plus]\n    plans: [basic]\n") },
    file: home,
    line: 14,
    column: 5,
    field: "",
    message: /^YAML syntax: Map keys must be unique: the same field is written twice; keep one$/,
    alone: true,
  },
  {
    name: "a tab before a field name",
    changes: { [plus]: replace("summary: The plus plan.", "\tsummary: The plus plan.") },
    file: plus,
    line: 3,
    column: 1,
    field: "",
    message: /^this line is indented with a tab: YAML needs spaces for indenting, not tabs\. Replace the tab with spaces/,
    alone: true,
  },
  {
    name: "a tab after spaces, before a field of a section",
    changes: { [home]: replace("    heading: Plans", "  \theading: Plans") },
    file: home,
    line: 12,
    column: 3,
    field: "",
    message: /^this line is indented with a tab: YAML needs spaces for indenting, not tabs/,
    alone: true,
  },
  // A file that cannot be read: what depends on it is not reported.
  {
    name: "site settings that cannot be read (pages use their {{phone}} and {{email}})",
    changes: { "site.yaml": replace("  tagline: Help for tests", "  tagline: Help: 24/7") },
    file: "site.yaml",
    line: 3,
    column: 12,
    field: "",
    message: /^the text after "tagline:" contains ": "/,
    alone: true,
  },
  {
    name: "a form that cannot be read (sections show it)",
    changes: { "forms/callback.yaml": replace("submitLabel: Send", "submitLabel: Send: now") },
    file: "forms/callback.yaml",
    line: 10,
    column: 14,
    field: "",
    message: /^the text after "submitLabel:" contains ": "/,
    alone: true,
  },
  {
    name: "a page that cannot be read (the header, the footer and a button link to it)",
    changes: { "pages/legal.md": replace("title: Legal", "title: Legal: terms") },
    file: "pages/legal.md",
    line: 3,
    column: 8,
    field: "",
    message: /^the text after "title:" contains ": "/,
    alone: true,
  },
  {
    name: "a page whose route cannot be read (links to pages are then not checked)",
    changes: { "pages/legal.md": replace("route: /legal", "route: [/legal") },
    file: "pages/legal.md",
    line: 2,
    column: 8,
    field: "",
    message: /^the text after "route:" starts with "\[", which in YAML starts a list\. For a list, end it with "\]" on the same line\. For a text, put it in quotes: route: "\[\/legal"$/,
    alone: true,
  },
  {
    name: "an entry that cannot be read (sections show it)",
    changes: { [plus]: replace("name: Plus", "name: Plus: more") },
    file: plus,
    line: 1,
    column: 7,
    field: "",
    message: /^the text after "name:" contains ": "/,
    alone: true,
  },
  {
    name: "a form saved as .yml (sections show it)",
    changes: { "forms/callback.yaml": null, "forms/callback.yml": (_) => "title: Call me\n" },
    file: "forms/callback.yml",
    line: 1,
    field: "",
    message: /rename this file to end in "\.yaml"/,
    alone: true,
  },
  // Markdown inside multi-line text: the line and column where the mistake is written.
  {
    name: "raw HTML on the third line of a literal block (|)",
    changes: { [faq]: replace("answer: Yes, it is **only** a test.", "answer: |\n  Yes, it is a test.\n\n  Really <b>bold</b>.") },
    file: faq,
    line: 5,
    column: 10,
    field: "answer",
    message: /raw HTML is not allowed/,
  },
  {
    name: "raw HTML on the second line of a folded block (>), one Markdown line",
    changes: {
      [faq]: replace("answer: Yes, it is **only** a test.", "answer: >\n  Yes, it is a test that runs over\n  two lines, and then <b>this</b>."),
    },
    file: faq,
    line: 4,
    column: 23,
    field: "answer",
    message: /raw HTML is not allowed/,
  },
  {
    name: "raw HTML after a blank line in a folded block (>-)",
    changes: {
      [faq]: replace("answer: Yes, it is **only** a test.", "answer: >-\n  First paragraph\n  goes on.\n\n  Second <b>x</b>."),
    },
    file: faq,
    line: 6,
    column: 10,
    field: "answer",
    message: /raw HTML is not allowed/,
  },
  {
    name: "raw HTML in a literal block indented more (|-)",
    changes: { [faq]: replace("answer: Yes, it is **only** a test.", "answer: |-\n    Deep\n    down <b>x</b>") },
    file: faq,
    line: 4,
    column: 10,
    field: "answer",
    message: /raw HTML is not allowed/,
  },
  {
    name: "raw HTML on the second line of plain text over two lines",
    changes: { [faq]: replace("answer: Yes, it is **only** a test.", "answer: Yes, it is\n  a test with <b>x</b>.") },
    file: faq,
    line: 3,
    column: 15,
    field: "answer",
    message: /raw HTML is not allowed/,
  },
  {
    name: "raw HTML on the second line of double-quoted text with escaped quotes",
    changes: { [faq]: replace("answer: Yes, it is **only** a test.", 'answer: "Say \\"yes\\" to\n  this <b>x</b>."') },
    file: faq,
    line: 3,
    column: 8,
    field: "answer",
    message: /raw HTML is not allowed/,
  },
  {
    name: "raw HTML after an apostrophe written twice in single-quoted text",
    changes: { [faq]: replace("answer: Yes, it is **only** a test.", "answer: 'It''s <b>x</b>.'") },
    file: faq,
    line: 2,
    column: 16,
    field: "answer",
    message: /raw HTML is not allowed/,
  },
  {
    name: "an unsafe link after a placeholder on the same line",
    changes: { [faq]: replace("answer: Yes, it is **only** a test.", "answer: Call {{phone}} or [write](javascript:x).") },
    file: faq,
    line: 2,
    column: 27,
    field: "answer",
    message: /the link address "javascript:x" is not allowed/,
  },
  {
    name: "a file that is not a picture",
    changes: galleryPhoto("Minutes of the marketing meeting, saved with the wrong name.\n"),
    file: home,
    line: 29,
    field: "sections[3].images[0].image.src",
    message: /"images\/photo\.jpg" is not a picture that can be read: it is not a JPEG, PNG, WebP, AVIF, GIF or SVG file inside/,
  },
  {
    name: "a picture cut off while copying",
    changes: galleryPhoto(photo.subarray(0, photo.length >> 1)),
    file: home,
    line: 29,
    field: "sections[3].images[0].image.src",
    message: /the file is cut off \(it may not have finished copying or downloading\)/,
  },
  {
    name: "an iPhone HEIC photo",
    changes: { [home]: replace("src: images/photo.svg", "src: images/photo.HEIC"), "images/photo.HEIC": heic },
    file: home,
    line: 29,
    field: "sections[3].images[0].image.src",
    message: /is a HEIC photo \(the iPhone's own format\).*Export it as JPEG.*Preview.*File > Export.*Most Compatible/,
  },
  {
    name: "a HEIC photo renamed .jpg",
    changes: galleryPhoto(heic),
    file: home,
    line: 29,
    field: "sections[3].images[0].image.src",
    message: /"images\/photo\.jpg" is a HEIC photo.*Export it as JPEG/,
  },
  {
    name: "a photo too small for where it is shown",
    changes: galleryPhoto(await jpeg(300, 200)),
    file: home,
    line: 29,
    field: "sections[3].images[0].image.src",
    message:
      /is 300 × 200 px: too small for a picture in a gallery\. It is shown up to 528 px wide, so it needs 1,056 px to look sharp on phones.*blurry.*at least 1,056 px wide/,
  },
  {
    name: "a team photo too small on its shorter side",
    changes: { "images/portrait.jpg": await jpeg(1200, 400) },
    file: "collections/team/ada.yaml",
    line: 5,
    field: "photo.src",
    message: /is 1,200 × 400 px: too small for a team photo, shown in a circle.*at least 512 px on its shorter side/,
  },
  {
    name: "a picture of over 50 megapixels",
    changes: galleryPhoto(claiming(photo, 10000, 6000)),
    file: home,
    line: 29,
    field: "sections[3].images[0].image.src",
    message: /is 10,000 × 6,000 px \(60 megapixels\): far more than a web page can use \(at most 50 megapixels\)/,
  },
  {
    name: "a picture file over 25 MB",
    changes: galleryPhoto(Buffer.concat([photo, Buffer.alloc(26 * 1024 * 1024 - photo.length)])),
    file: home,
    line: 29,
    field: "sections[3].images[0].image.src",
    message: /is 26\.0 MB: far larger than a web page can use \(at most 25 MB\)/,
  },
  {
    name: "an SVG with a script",
    changes: { "images/photo.svg": svg("<script>alert(1)</script>") },
    file: home,
    line: 29,
    field: "sections[3].images[0].image.src",
    message: /"images\/photo\.svg" contains a <script> element: a picture on the site may not contain code/,
  },
  {
    name: "an SVG that runs code when it loads",
    changes: { "images/photo.svg": svg('<rect width="10" height="10" onload="alert(1)"/>') },
    file: home,
    line: 29,
    field: "sections[3].images[0].image.src",
    message: /contains an onload= attribute/,
  },
  {
    name: "an SVG with a javascript: link",
    changes: { "images/photo.svg": svg('<a href="jav&#x61;script:alert(1)"><rect width="10" height="10"/></a>') },
    file: home,
    line: 29,
    field: "sections[3].images[0].image.src",
    message: /contains a javascript: link/,
  },
  {
    name: "a focus that is not a position",
    changes: { "collections/team/ada.yaml": replace("  alt: Portrait of Ada Tester", "  alt: Portrait of Ada Tester\n  focus: middle") },
    file: "collections/team/ada.yaml",
    line: 7,
    field: "photo.focus",
    message: /the text "middle" is not allowed here: write one of "center", "top", .*or a point in percent such as \{ x: 50, y: 30 \}/,
  },
  // Kinds with pages (guides): a guide added to the valid fixture, broken in one way.
  {
    name: "a guide by an author who is not on the team",
    changes: withGuide(replace("author: ada", "author: bob")),
    file: guide,
    line: 5,
    field: "author",
    message: /unknown team member "bob"\. Known: "ada"/,
    alone: true,
  },
  {
    name: "a guide with a tag that does not exist",
    changes: withGuide(replace("  - printers", "  - printer")),
    file: guide,
    line: 7,
    field: "tags[0]",
    message: /unknown tag "printer"\. Did you mean "printers"\?/,
    alone: true,
  },
  {
    name: "two tags that make the same address",
    changes: { ...aGuide, "collections/tags/printing.yaml": "name: Printing\nslug: printers\n" },
    file: "collections/tags/printing.yaml",
    line: 2,
    column: 7,
    field: "slug",
    message: /this tag makes the address "printers" of its pages \(e\.g\. \/guides\/tags\/printers\), which the tag .*printers\.yaml already makes/,
    alone: true,
  },
  {
    name: "a guide without a title",
    changes: withGuide(replace("title: When the printer says offline\n", "")),
    file: guide,
    line: 2,
    field: "title",
    message: /missing required field "title"/,
    alone: true,
  },
  {
    name: "a guide without text",
    changes: withGuide((text) => text.slice(0, text.lastIndexOf("---\n") + 4)),
    file: guide,
    line: 13,
    field: "body",
    message: /the guide has no text: write it in Markdown below the front matter/,
    alone: true,
  },
  {
    name: "a link in a guide's text to a page that does not exist",
    changes: withGuide(replace("[the legal page](/legal)", "[the legal page](/legl)")),
    file: guide,
    line: 16,
    column: 10,
    field: "body",
    message: /the link goes to "\/legl", but no page has that address\. Did you mean "\/legal"\?/,
    alone: true,
  },
  {
    name: "a picture in a guide's text without a description",
    changes: withGuide(replace("![A photo of a printer](images/photo.svg)", "![](images/photo.svg)")),
    file: guide,
    line: 18,
    column: 1,
    field: "body",
    message: /the picture "images\/photo\.svg" has no description/,
    alone: true,
  },
  {
    name: "a guide shown from after it is taken down",
    changes: withGuide(replace("draft: false", "publishDate: 2030-02-01T00:00:00Z\nexpiryDate: 2030-01-01T00:00:00Z")),
    file: guide,
    line: 12,
    field: "expiryDate",
    message: /"Show until" must come after "Show from"/,
    alone: true,
  },
  {
    name: "a page at the address of the guides' listing",
    changes: { ...aGuide, "pages/thanks.yaml": replace("route: /thanks", "route: /guides") },
    file: "pages/thanks.yaml",
    line: 1,
    field: "route",
    message: /the address "\/guides" is taken by the listing of the help guides \(the guides row's address "\/guides\/:id" in schemas\/kinds\.ts makes it\): give this page another route/,
  },
  {
    name: "a page and a guide at the same address",
    changes: { ...aGuide, "pages/thanks.yaml": replace("route: /thanks", "route: /guides/printer-offline") },
    file: "pages/thanks.yaml",
    line: 1,
    field: "route",
    message: /the address "\/guides\/printer-offline" is taken by the guide "printer-offline" \(.*guides\/printer-offline\.md\): give this page another route/,
  },
  {
    name: "a guide written as YAML",
    changes: { "collections/guides/printer-offline.yaml": "title: Offline\n" },
    file: "collections/guides/printer-offline.yaml",
    line: 1,
    field: "",
    message: /an entry of the guides collection is a Markdown file, "printer-offline\.md"/,
    alone: true,
  },
];

describe("broken content is refused with its file, line, field and what to write", () => {
  // Each case's problems as the test of that case found them (afresh and through the cache): the
  // parallel path's test below compares against them instead of running every case twice again.
  const found = new Map<Case, Problem[]>();
  const problemsOf = (c: Case) => found.get(c) ?? problemsIn(c.changes);

  it("has at least 25 distinct cases", () => {
    expect(new Set(cases.map((c) => c.name)).size).toBeGreaterThanOrEqual(25);
  });

  for (const c of cases) {
    it(`refuses ${c.name}`, () => {
      const problems = problemsIn(c.changes);
      found.set(c, problems);
      const match = problems.find((p) => p.file.endsWith(c.file) && p.field === c.field && p.line === c.line);
      expect(match, `no problem for ${c.file} ${c.field}; got:\n${JSON.stringify(problems, null, 2)}`).toBeDefined();
      expect(match!.message).toMatch(c.message);
      expect(match!.column).toBe(c.column ?? match!.column);
      expect(match!.column).toBeGreaterThanOrEqual(1);
      if (c.alone) expect(problems).toEqual([match]);
    });
  }

  // The CLI parses and validates many changed files in worker threads: the same problems, at the same places.
  it("reports every case the same through the parallel path", async () => {
    // Each run has its own copy of the fixture: its folder's name is left out.
    const rel = (problems: Problem[]) => JSON.parse(JSON.stringify(problems).replace(/content-[A-Za-z0-9]{6}/g, "content")) as unknown;
    for (const c of cases) expect(rel(await problemsInParallel(c.changes)), c.name).toEqual(rel(problemsOf(c)));
    // Every case once more, with worker threads: on a busy two-core machine this can take more than the usual 30 s.
  }, 180_000);
});
