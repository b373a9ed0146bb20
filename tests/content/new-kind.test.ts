/**
 * Adding a kind of content is its row in the table of kinds and its schema: a fixture kind (offices,
 * one file each in content/locations/) added to the table is found by the content check, the emitted
 * modules, the JSON Schemas, the guide, the CMS configuration and the unused-entry warnings, with no
 * other change.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { contentKinds, withoutContext, type EntriesKind, type KindTable } from "../../schemas/index.ts";
import { cmsConfig } from "../../scripts/cms/config.ts";
import { buildContent, runContent } from "../../scripts/content/pipeline.ts";
import { renderSchemaFiles } from "../../scripts/generate/json-schema.ts";
import { renderGuide } from "../../scripts/generate/guide.ts";
import { fixture } from "./helpers.ts";
import { tempDir } from "../helpers/temp-dirs.ts";

const office = z.strictObject({
  city: z.string().min(1).describe("The town the office is in."),
  opens: z.string().regex(/^\d\d:\d\d$/, { error: 'write the time as "09:00"' }).describe('When it opens, e.g. "09:00".'),
  draft: z.boolean().default(false).describe("Keep it out of the published site."),
});

const locations: EntriesKind = {
  name: "locations",
  role: "collection",
  folder: "locations",
  noun: "office",
  title: "Offices",
  purpose: "One entry per office; pages show the ones their sections list.",
  where: "`content/locations/<id>.yaml`, one file per office",
  schema: () => office,
};
const kinds: KindTable = [...contentKinds, locations];

const offices = {
  "locations/dayton.yaml": "city: Dayton\nopens: '08:30'\n",
  "locations/akron.yaml": "city: Akron\nopens: '09:00'\n",
  "locations/soon.yaml": "city: Toledo\nopens: '10:00'\ndraft: true\n",
};

describe("a kind added to the table of kinds", () => {
  it("is checked: a mistake is reported at its file, line and field", () => {
    const dir = fixture({ ...offices, "locations/akron.yaml": "city: Akron\nopens: nine\n" });
    const { problems } = runContent({ contentDir: dir, kinds });
    expect(problems).toEqual([expect.objectContaining({ file: expect.stringMatching(/locations\/akron\.yaml$/), line: 2, field: "opens" })]);
    expect(problems[0]!.message).toContain('write the time as "09:00"');
    // Without its row, its files are not content at all.
    const without = runContent({ contentDir: dir }).problems.filter((p) => p.file.includes("locations/"));
    expect(without).toHaveLength(Object.keys(offices).length);
    for (const problem of without) expect(problem.message).toContain("this file is not used");
  });

  it("is emitted: its entries, with their ids, in the collections module; drafts left out", async () => {
    const out = tempDir("new-kind-out-");
    const result = await buildContent({ contentDir: fixture(offices), outDir: out, kinds });
    expect(result.problems).toEqual([]);
    const collections = JSON.parse(readFileSync(join(out, "collections.json"), "utf8")) as Record<string, { id: string; city: string }[]>;
    expect(collections.locations).toEqual([
      { id: "akron", city: "Akron", opens: "09:00", draft: false },
      { id: "dayton", city: "Dayton", opens: "08:30", draft: false },
    ]);
  });

  it("is warned about when no page shows its entries, by its noun", () => {
    const { problems, warnings } = runContent({ contentDir: fixture(offices), kinds });
    expect(problems).toEqual([]);
    const unused = warnings.filter((w) => w.file.includes("locations/"));
    expect(unused.map((w) => w.file.replace(/^.*content-[^/]+\//, ""))).toEqual(["locations/akron.yaml", "locations/dayton.yaml"]);
    expect(unused[0]!.message).toContain('the office "akron" is not shown on any page');
    // No section lists offices: said with the noun's article ("an office", not "a office").
    expect(unused[0]!.message).toContain("No page has a section that lists an office yet");
  });

  it("has its JSON Schema, mapped to its files for the editor", () => {
    const files = renderSchemaFiles(kinds);
    const schema = JSON.parse(files.get("schemas/json/locations.schema.json")!) as { title: string; properties: Record<string, unknown> };
    expect(schema.title).toBe("Offices");
    expect(Object.keys(schema.properties)).toEqual(["city", "opens", "draft"]);
    const settings = JSON.parse(files.get(".vscode/settings.json")!) as { "yaml.schemas": Record<string, string> };
    expect(settings["yaml.schemas"]["./schemas/json/locations.schema.json"]).toBe("content/locations/*.yaml");
  });

  it("is in the guide, with where its files go and each field", () => {
    const guide = renderGuide(kinds);
    expect(guide).toContain("### Offices\n\nWhere: `content/locations/<id>.yaml`, one file per office.\n");
    expect(guide).toContain("| `opens` |");
    expect(renderGuide()).not.toContain("### Offices");
  });

  it("has its collection in the CMS, one file per entry in its folder", () => {
    const collection = cmsConfig({ repo: "example/site" }, kinds).collections.find((c) => c.name === "locations");
    expect(collection).toMatchObject({ folder: "content/locations", label: "Offices", label_singular: "Office", identifier_field: "city" });
    expect(collection!.fields!.map((f) => f.name)).toEqual(["city", "opens", "draft"]);
  });
});

describe("the table of kinds", () => {
  it("lets every optional settings file be left out: its schema accepts an empty file (its defaults)", () => {
    for (const kind of contentKinds) {
      if (kind.role === "settings" && kind.optional) expect(kind.schema(withoutContext).safeParse({}).success, kind.name).toBe(true);
    }
  });
});
