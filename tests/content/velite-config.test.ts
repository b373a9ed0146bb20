/**
 * `npm run bench:velite` compares our pipeline with Velite on the same content, so its Velite
 * configuration (tools/bench-velite/velite.config.ts) must know every field and {{placeholder}} our
 * schemas know: a field Velite's strict objects do not know refuses the corpus ("Unrecognized key"),
 * a placeholder it does not know fails its Markdown. Both happened when leads arrived (`consent`,
 * `{{leadRetentionDays}}`) and nothing saw it until someone ran the benchmark. Here the lists come from
 * the schemas (every kind's fields through the walker, every section type) and from the pipeline's
 * own placeholder list (tokensFrom), and each name must be in the configuration; no Velite needed.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { kindSchemas, sectionTypes } from "../../schemas/index.ts";
import { walk } from "../../schemas/walk.ts";
import { tokensFrom } from "../../scripts/content/stages/tokens.ts";

const config = readFileSync(join(import.meta.dirname, "..", "..", "tools", "bench-velite", "velite.config.ts"), "utf8");
const escape = (name: string) => name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Every field name in our content schemas, by the kinds that have it. */
function schemaFields(): Map<string, string[]> {
  const fields = new Map<string, string[]>();
  for (const { name: kind, schema } of kindSchemas()) {
    walk(schema, (field) => {
      if (field.name === "[]" || field.name === "{}") return;
      fields.set(field.name, [...new Set([...(fields.get(field.name) ?? []), kind])]);
    });
  }
  return fields;
}

/** The {{placeholders}} Markdown may use; a form's consent is {{consent.<form id>}}. */
function placeholders(): string[] {
  return Object.keys(tokensFrom({}, {}, { "<form>": {} }));
}

/** The names missing from a Velite configuration's text: as an object key, quoted, or set as `tokens.name =`. */
function missingFrom(text: string, names: Iterable<string>): string[] {
  return [...names].filter(
    (name) =>
      !new RegExp(`(^|[\\s{,(])${escape(name)}\\??:|["'\`]${escape(name)}["'\`]|tokens\\.${escape(name)} =`, "m").test(text),
  );
}

describe("the Velite configuration of bench:velite knows the content model", () => {
  it("has every field of every kind of content file", () => {
    const fields = schemaFields();
    expect(fields.size).toBeGreaterThan(30);
    const missing = missingFrom(config, fields.keys()).map((name) => `${name} (in ${fields.get(name)!.join(", ")})`);
    expect(missing, "add these fields to tools/bench-velite/velite.config.ts").toEqual([]);
  });

  it("has every section type", () => {
    expect(missingFrom(config, sectionTypes)).toEqual([]);
  });

  it("replaces every {{placeholder}} the pipeline knows, a form's consent included", () => {
    const names = placeholders();
    expect(names).toContain("consent.<form>");
    const fixed = names.filter((name) => !name.startsWith("consent."));
    expect(missingFrom(config, fixed), "add these placeholders to the tokens in velite.config.ts").toEqual([]);
    // {{consent.<id>}}: one per form, made from the forms' files.
    expect(config).toMatch(/tokens\[`consent\.\$\{/);
  });

  it("would see a field or placeholder added to the schemas and not to the configuration", () => {
    expect(missingFrom(config, ["company", "callToActionColour", "retentionDays", "spamScore"])).toEqual([
      "callToActionColour",
      "spamScore",
    ]);
    expect(missingFrom(`const t = { company: 1, "phone.e164": 2 };`, ["company", "phone.e164", "hours"])).toEqual(["hours"]);
  });
});
