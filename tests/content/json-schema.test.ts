import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { renderSchemaFiles } from "../../scripts/generate/json-schema.ts";

const root = join(import.meta.dirname, "..", "..");
const files = renderSchemaFiles();

/** Paths of object properties (anywhere in the schema) that have no description. */
function undescribed(schema: unknown, path = ""): string[] {
  if (Array.isArray(schema)) return schema.flatMap((s, i) => undescribed(s, `${path}[${i}]`));
  if (!schema || typeof schema !== "object") return [];
  const node = schema as Record<string, unknown>;
  const missing: string[] = [];
  if (node.properties && typeof node.properties === "object") {
    for (const [key, value] of Object.entries(node.properties as Record<string, Record<string, unknown>>)) {
      if (key !== "type" && !value.description) missing.push(`${path}.${key}`);
    }
  }
  for (const [key, value] of Object.entries(node)) missing.push(...undescribed(value, `${path}/${key}`));
  return missing;
}

describe("the JSON Schemas for editors", () => {
  it("are up to date with the Zod schemas (run npm run content:schemas)", () => {
    for (const [rel, text] of files) expect(readFileSync(join(root, rel), "utf8"), rel).toBe(text);
  });

  it("describe every field, so the editor can explain it", () => {
    for (const [rel, text] of files) {
      if (!rel.endsWith(".schema.json")) continue;
      expect(undescribed(JSON.parse(text)), rel).toEqual([]);
    }
  });

  it("map every YAML content kind in VS Code", () => {
    const settings = JSON.parse(files.get(".vscode/settings.json")!) as { "yaml.schemas": Record<string, string> };
    expect(Object.values(settings["yaml.schemas"])).toEqual(
      expect.arrayContaining(["content/site.yaml", "content/pages/*.yaml", "content/forms/*.yaml", "content/collections/plans/*.yaml"]),
    );
  });
});
