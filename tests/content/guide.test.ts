import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { renderGuide } from "../../scripts/generate/guide.ts";
import { kindSchemas, sectionTypes } from "../../schemas/index.ts";

const guide = renderGuide();

describe("the content guide", () => {
  it("is up to date with the schemas (run npm run content:guide)", () => {
    expect(readFileSync(join(import.meta.dirname, "..", "..", "docs", "content-guide.md"), "utf8")).toBe(guide);
  });

  it("covers every section type and every kind of content file", () => {
    for (const type of sectionTypes) expect(guide).toContain(`### \`${type}\``);
    // Every schema of the table of kinds: each kind's own, and its Markdown entries' front matter.
    for (const { title, where } of kindSchemas()) expect(guide).toContain(`### ${title}\n\nWhere: ${where}.\n`);
  });

  it("gives each field's type, whether it is required, its allowed values and default", () => {
    expect(guide).toContain(
      '| `background` | one of the allowed values | no | `plain`, `tinted`, `brand`, `dark` | `"plain"` | The section\'s background: plain, tinted, brand, dark. |',
    );
    expect(guide).toMatch(/\| `price` \| number \| yes \| 0 or more \| {2}\| Price per month/);
    expect(guide).toMatch(/\| `rating` \| whole number \| no \| 1 to 5 \|/);
  });
});
