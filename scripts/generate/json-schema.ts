/**
 * JSON Schema for each kind of content file, generated from the Zod schemas (z.toJSONSchema), and
 * the VS Code mapping that makes the YAML extension complete fields and flag mistakes as people type.
 * In: schemas/. Out: schemas/json/*.schema.json and .vscode/settings.json (both committed, so an
 * editor works straight after cloning; a test fails when they are out of date).
 * Usage: node --import tsx scripts/generate/json-schema.ts [--check]
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { z } from "zod";
import { withoutContext } from "../../schemas/index.ts";
import { contentKinds as kinds } from "../content/kinds.ts";

export function renderSchemaFiles(): Map<string, string> {
  const files = new Map<string, string>();
  const mapping: Record<string, string> = {};
  for (const kind of kinds) {
    const json = {
      $comment: "Generated from schemas/ by `npm run content:schemas`. Do not edit.",
      title: kind.title,
      ...z.toJSONSchema(kind.schema(withoutContext), { io: "input", target: "draft-7", unrepresentable: "any" }),
    };
    const path = `schemas/json/${kind.name}.schema.json`;
    files.set(path, JSON.stringify(json, null, 2) + "\n");
    if (kind.files) mapping[`./${path}`] = kind.files;
  }
  files.set(".vscode/settings.json", JSON.stringify({ "yaml.schemas": mapping }, null, 2) + "\n");
  return files;
}

const root = join(import.meta.dirname, "..", "..");
if (process.argv[1] === import.meta.filename) {
  const check = process.argv.includes("--check");
  let stale = 0;
  for (const [rel, text] of renderSchemaFiles()) {
    const path = join(root, rel);
    let current = "";
    try {
      current = readFileSync(path, "utf8");
    } catch {
      current = "";
    }
    if (current === text) continue;
    stale++;
    if (check) console.error(`${rel} is out of date: run npm run content:schemas`);
    else {
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, text);
      console.log(`wrote ${rel}`);
    }
  }
  if (check && stale) process.exitCode = 1;
  else if (!stale) console.log("JSON Schemas are up to date");
}
