/**
 * A corpus of broken content: each case breaks the valid fixture in one way and expects the pipeline
 * to refuse it with the file, line, field and a message that says what to write instead.
 */
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { problemsIn, replace, type Change } from "./helpers.ts";

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
  field: string;
  message: RegExp;
}

const plans = "collections/plans.yaml";
const home = "pages/home.yaml";
const cases: Case[] = [
  {
    name: "a price written as words",
    changes: { [plans]: replace("price: 10", "price: ten") },
    file: plans,
    line: 3,
    field: "[0].price",
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
    changes: { [plans]: replace("  price: 20", "  pirce: 20") },
    file: plans,
    line: 9,
    field: "[1].pirce",
    message: /unknown field "pirce"\. Did you mean "price"\? Allowed here: id, name, price/,
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
    changes: { [plans]: replace("  name: Basic", "   name: Basic") },
    file: plans,
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
    changes: { "collections/faq.yaml": replace("Yes, it is **only** a test.", "Yes <script>alert(1)</script>") },
    file: "collections/faq.yaml",
    line: 3,
    field: "[0].answer",
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
    message: /no page has the route "\/legall"\. Did you mean "\/legal"\?/,
  },
  {
    name: "a Markdown link to a page that does not exist",
    changes: { "pages/legal.md": replace("[us](mailto:{{email}})", "[us](/contac)") },
    file: "pages/legal.md",
    line: 10,
    field: "body",
    message: /the link goes to "\/contac", but no page has that route/,
  },
  {
    name: "a phone number that is not E.164",
    changes: { "site.yaml": replace('e164: "+18005550100"', 'e164: "1-800-555-0100"') },
    file: "site.yaml",
    line: 10,
    field: "contact.phone.e164",
    message: /E\.164 form.*e\.g\. "\+18005550142"/,
  },
  {
    name: "two plans marked most popular",
    changes: { [plans]: replace("    - Help\n", "    - Help\n  popular: true\n") },
    file: plans,
    line: 15,
    field: "[1].popular",
    message: /only one plan may be marked popular, and "basic" already is/,
  },
  {
    name: "two entries with the same id",
    changes: { [plans]: replace("- id: plus", "- id: basic") },
    file: plans,
    line: 7,
    field: "[1].id",
    message: /the id "basic" is already used by entry 1/,
  },
  {
    name: "a collection file with a misspelt name",
    changes: { "collections/servces.yaml": "[]\n" },
    file: "collections/servces.yaml",
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
    changes: { [plans]: replace("includes: basic", "includes: plus") },
    file: plans,
    line: 11,
    field: "[1].includes",
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
    changes: { "collections/faq.yaml": replace("Yes, it is **only** a test.", '"![x](https://example.com/x.png)"') },
    file: "collections/faq.yaml",
    line: 3,
    field: "[0].answer",
    message: /pictures inside text are not supported/,
  },
  {
    name: "a number where a list belongs",
    changes: { [plans]: replace("  features:\n    - Help\n", "  features: 3\n") },
    file: plans,
    line: 5,
    field: "[0].features",
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
    file: "collections/team.yaml",
    line: 6,
    field: "[0].photo.src",
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
    changes: { "collections/team.yaml": replace("    alt: Portrait of Ada Tester", "    alt: Portrait of Ada Tester\n    focus: middle") },
    file: "collections/team.yaml",
    line: 8,
    field: "[0].photo.focus",
    message: /the text "middle" is not allowed here: write one of "center", "top", .*or a point in percent such as \{ x: 50, y: 30 \}/,
  },
];

describe("broken content is refused with its file, line, field and what to write", () => {
  it("has at least 25 distinct cases", () => {
    expect(new Set(cases.map((c) => c.name)).size).toBeGreaterThanOrEqual(25);
  });

  for (const c of cases) {
    it(`refuses ${c.name}`, () => {
      const problems = problemsIn(c.changes);
      const match = problems.find((p) => p.file.endsWith(c.file) && p.field === c.field && p.line === c.line);
      expect(match, `no problem for ${c.file} ${c.field}; got:\n${JSON.stringify(problems, null, 2)}`).toBeDefined();
      expect(match!.message).toMatch(c.message);
      expect(match!.column).toBeGreaterThanOrEqual(1);
    });
  }
});
