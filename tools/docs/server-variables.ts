/**
 * Writes the operations guide's table of variables (docs/operations.md, between its `variables`
 * markers) from the server's configuration: the names are what `readConfiguration` (server/run.ts,
 * what every entry reads at start) reads through its EnvReader, found by running it, and `DEBUG`,
 * read by `verbose`; what each means is server/config/variables.ts. A variable read and not described,
 * or described and not read, stops it with their names. The text is Prettier's, as `npm run format`
 * would leave it.
 * In: server/run.ts's readers, server/config/variables.ts. Out: docs/operations.md (committed; a test
 * fails when it is stale). Usage: npm run docs:variables [-- --check]
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { format, resolveConfig } from "prettier";
import { writeGenerated } from "../../scripts/generate/generated-file.ts";
import { EnvReader, verbose } from "../../server/config/env.ts";
import { variables } from "../../server/config/variables.ts";
import { readConfiguration } from "../../server/run.ts";

export const guide = join(import.meta.dirname, "..", "..", "docs", "operations.md");
const start = "<!-- variables: made by `npm run docs:variables` from the server's configuration; do not edit -->";
const end = "<!-- end of variables -->";

/** An EnvReader that notes every name asked for (each typed read goes through `raw`). */
class RecordingReader extends EnvReader {
  readonly read = new Set<string>();
  override raw(name: string): string | undefined {
    this.read.add(name);
    return super.raw(name);
  }
}

/**
 * Every variable the server reads: its configuration read with nothing set, then again with every
 * variable found set to its example (so a variable read only when another is set is found too),
 * until no new one turns up. Content comes from an empty stand-in of the generated modules: what the
 * server reads of the environment does not depend on it.
 */
export function variablesRead(): string[] {
  const contentDir = mkdtempSync(join(tmpdir(), "server-variables-"));
  try {
    writeFileSync(join(contentDir, "leads.json"), JSON.stringify({ recipients: [], webhooks: [], retentionDays: 30 }));
    writeFileSync(join(contentDir, "forms.json"), "{}");
    writeFileSync(join(contentDir, "site.json"), "{}");
    const found = new Set<string>();
    const debug = new Proxy({} as NodeJS.ProcessEnv, {
      get: (_, name) => (typeof name === "string" ? void found.add(name) : undefined),
    });
    verbose([], debug);
    for (let size = -1; size !== found.size;) {
      size = found.size;
      const env = Object.fromEntries([...found].map((name) => [name, variables[name]?.example ?? "1"]));
      for (const values of [{}, env]) {
        const reader = new RecordingReader(values, { touch: false });
        readConfiguration(reader, { defaultPort: 4173, leads: true, contentDir });
        for (const name of reader.read) found.add(name);
      }
    }
    return [...found];
  } finally {
    rmSync(contentDir, { recursive: true, force: true });
  }
}

/** What the configuration reads and the descriptions disagree on: both lists empty when they agree. */
export function undescribed(): { notDescribed: string[]; notRead: string[] } {
  const read = variablesRead();
  return {
    notDescribed: read.filter((name) => !(name in variables)).sort(),
    notRead: Object.keys(variables).filter((name) => !read.includes(name)),
  };
}

const cell = (text: string) => text.replace(/\|/g, "\\|");

/** The table, in server/config/variables.ts's order. */
export function variablesTable(): string {
  const { notDescribed, notRead } = undescribed();
  if (notDescribed.length || notRead.length)
    throw new Error(
      [
        notDescribed.length &&
          `read by the server but not described in server/config/variables.ts: ${notDescribed.join(", ")}`,
        notRead.length && `described in server/config/variables.ts but read by no server entry: ${notRead.join(", ")}`,
      ]
        .filter(Boolean)
        .join("\n"),
    );
  return [
    "| variable | example | default and meaning |",
    "| --- | --- | --- |",
    ...Object.entries(variables).map(
      ([name, { example, meaning }]) => `| \`${name}\` | \`${cell(example)}\` | ${cell(meaning)} |`,
    ),
  ].join("\n");
}

/** docs/operations.md as it should be: `text` with the table between the markers made anew, formatted. */
export async function withTable(text: string, file = guide): Promise<string> {
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from) throw new Error(`${file} has no "${start}" … "${end}" markers`);
  const made = `${text.slice(0, from)}${start}\n\n${variablesTable()}\n\n${text.slice(to)}`;
  return format(made, { ...(await resolveConfig(file)), filepath: file });
}

if (process.argv[1] === import.meta.filename)
  writeGenerated(guide, await withTable(readFileSync(guide, "utf8")), "npm run docs:variables");
