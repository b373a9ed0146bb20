/**
 * The quick YAML read (scripts/content/stages/fast-yaml.ts) against the positioned parse (the `yaml`
 * package, as load.ts parses): wherever the quick read answers, the data must be the same and the
 * positioned parse must find no mistake, or the site would publish something other than what the
 * writer meant. Compared on every content file, fixture and benchmark page, on the scalars whose
 * reading differs between YAML libraries, and on thousands of random edits of real files.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { isDeepStrictEqual } from "node:util";
import { describe, expect, it } from "vitest";
import { parseDocument } from "yaml";
import { markdownPage, yamlPage } from "../helpers/bench-corpus.ts";
import { plainSubset, quickParse } from "../../scripts/content/stages/fast-yaml.ts";
import { splitFrontMatter } from "../../scripts/content/stages/front-matter.ts";
import { runContent } from "../../scripts/content/pipeline.ts";
import { fixture, validFixture } from "./helpers.ts";
import { tempDir } from "../helpers/temp-dirs.ts";

const root = join(import.meta.dirname, "..", "..");

/** What load.ts makes of a YAML text with positions: its data, or undefined for a syntax error. */
function positioned(text: string): { data: unknown } | undefined {
  const doc = parseDocument(text, { prettyErrors: false, uniqueKeys: true });
  return doc.errors.length > 0 ? undefined : { data: doc.toJS({ maxAliasCount: 100 }) };
}

/** The invariant: a quick answer is the positioned parse's answer. Returns whether it answered. */
function agrees(text: string): boolean {
  const quick = quickParse(text);
  if (!quick) return false;
  const full = positioned(text);
  if (!full || !isDeepStrictEqual(full.data, quick.data)) {
    throw new Error(`the quick read differs for ${JSON.stringify(text)}:\nquick: ${JSON.stringify(quick.data)}\npositioned: ${full ? JSON.stringify(full.data) : "a syntax error"}`);
  }
  return true;
}

/** The YAML of every content file under `dir` (a Markdown page's front matter). */
function yamlTexts(dir: string): string[] {
  return (readdirSync(dir, { recursive: true }) as string[])
    .filter((rel) => /\.(yaml|md)$/.test(rel) && !rel.endsWith("README.md"))
    .map((rel) => {
      const text = readFileSync(join(dir, rel), "utf8");
      return rel.endsWith(".md") ? (splitFrontMatter(text)?.yamlText ?? text) : text;
    });
}

const front = (text: string) => splitFrontMatter(text)!.yamlText;
/** Long texts as YAML writers fold them (the `yaml` package, at 80 columns): going on over lines. */
const folded = `question: Can you help with a problem that takes more than one line to describe?
answer: Yes. Call us toll free at {{phone}} and a technician will look at
  the problem with you, **right away**, from 8 to 8.
steps:
  - Download the support tool from our page and run it, then read the
    number it shows to the technician.
  - Stay on the line.
`;

/** The tests' own files: the fixture, the benchmark's pages and folded texts. */
const fixed = [...yamlTexts(validFixture), yamlPage(1), front(markdownPage(2)), folded];
/** And whatever the content holds now (marketers' edits may take files out of the subset). */
const bases = [...yamlTexts(join(root, "content")), ...fixed];

describe("the quick YAML read", () => {
  it("reads every content file, fixture and benchmark page as the positioned parse does", () => {
    const answered = bases.filter(agrees).length;
    // The benchmark's pages are in the plain subset (what makes a first run fast).
    expect(quickParse(yamlPage(7))).toBeDefined();
    expect(quickParse(front(markdownPage(8)))).toBeDefined();
    expect(quickParse(folded)).toBeDefined();
    expect(answered).toBeGreaterThan(0);
  });

  it("resolves plain scalars as the positioned parse does (YAML 1.2 core schema), as values, keys and list items", () => {
    const scalars = [
      ...["0", "007", "+1", "-0", "12345678901234567890", "1_000", "0o17", "0o8", "0x1F", "0xG", "0b101", "1.", ".5", "+.5", "-1.50"],
      ...["1e3", "1E-3", "1.5e+2", ".inf", "-.Inf", "+.INF", ".NaN", ".nan", "nan", "inf", "~", "null", "Null", "NULL", "nULL"],
      ...["true", "True", "TRUE", "tRue", "false", "yes", "no", "on", "off", "y", "2026-01-31", "2026-01-31T10:00:00Z", "12:30", "1:20:30"],
      ...["0.0.1", "+", "-", ".", "1e", "e3", "$15", "15$", "24/7", "1,000", "€10", "‐5", "٣"],
    ];
    let answered = 0;
    for (const scalar of scalars) {
      for (const text of [`value: ${scalar}\n`, `${scalar}: value\n`, `list:\n  - ${scalar}\n`, `list: [${scalar}, b]\n`]) {
        if (agrees(text)) answered++;
      }
    }
    expect(answered).toBeGreaterThan(scalars.length * 2);
  });

  it("leaves to the positioned parse what is outside the plain subset", () => {
    const outside = [
      "title:\tTabbed\n",
      "a: &name value\nb: *name\n",
      "a: !!str 12\n",
      "a: !custom x\n",
      "%YAML 1.1\n---\na: yes\n",
      "---\na: 1\n",
      "a: 1\n...\n",
      "a: >\n  folded\n\n  text\n",
      "a: |2\n   kept\n",
      "? key\n: value\n",
      ": empty key\n",
      "~: x\n",
      "null: x\n",
      "a: {b: 1}\n",
      "a: [[1], 2]\n",
      "a: [1,\n  2]\n",
      "title: Contact: call us\n",
      "title: “Contact us”\n",
      "a: 1\r\nb: 2\r\n",
      "\uFEFFa: 1\n",
      "__proto__: x\n",
      "- |\n  a list of blocks\n",
      // Found by an adversarial search (a fuzzer and an enumeration of blocks, 1.4 million texts):
      // each was read differently by the two parsers, or refused by one only.
      `${"k".repeat(1025)}: v\n`,
      'k: "\\U00110000"\n',
      "---a: b\n",
      "# c\n---1: b\n",
      "- a: |\n-\n   [a, b]: c\n",
      "- -\n- b\n",
      "a:\n  - -\n  - b\n",
      " -\n-",
      "k: |+\n  x\n  ",
      "k: |\n    \n  # note\nb: c\n",
    ];
    for (const text of outside) expect(quickParse(text), JSON.stringify(text)).toBeUndefined();
    // In the subset, but what js-yaml cannot read (a duplicate field, a broken line) is left too.
    for (const text of ["a: 1\na: 2\n", "a:\n  - b\n c: d\n"]) {
      expect(plainSubset(text), JSON.stringify(text)).toBe(true);
      expect(quickParse(text), JSON.stringify(text)).toBeUndefined();
    }
  });

  // FUZZ_EDITS and FUZZ_SEED run more or other edits (a search for disagreements, not a CI run).
  const count = Number(process.env.FUZZ_EDITS ?? 20_000);
  it(`agrees with the positioned parse on ${count.toLocaleString("en-US")} random edits of real content files`, () => {
    // Deterministic: the same edits every run (mulberry32), so a failure can be reproduced.
    let seed = Number(process.env.FUZZ_SEED ?? 20261121);
    const random = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
    const snippets = [
      ...[": ", ":", "#", " #", "'", "''", '"', '\\"', "\\", "- ", "-", "|", "|-", "|+", ">", "[", "]", "{", "}", ",", ", "],
      ...["&a ", "*a", "!", "~", "null", "?", "? ", "%", "@", "`", "\n", "\n\n", " ", "  ", "    ", "\t", "\r\n", "0x1F", "1e3"],
      ...[".5", "true", "“", "”", "’", "\u2028", "\u0085", "\u00a0", "---", "...", "<<: ", "=", "{{phone}}", "**", "1:", "key: value"],
    ];
    const edits: ((text: string) => string)[] = [
      (text) => {
        const at = Math.floor(random() * (text.length + 1));
        return text.slice(0, at) + pick(snippets) + text.slice(at);
      },
      (text) => {
        const at = Math.floor(random() * text.length);
        return text.slice(0, at) + text.slice(at + 1 + Math.floor(random() * 6));
      },
      (text) => {
        const lines = text.split("\n");
        const at = Math.floor(random() * lines.length);
        lines.splice(at, 0, lines[Math.floor(random() * lines.length)]!);
        return lines.join("\n");
      },
      (text) => {
        const lines = text.split("\n");
        const at = Math.floor(random() * lines.length);
        const shift = pick([-4, -2, -1, 1, 2, 4]);
        lines[at] = shift > 0 ? " ".repeat(shift) + lines[at] : lines[at]!.slice(-shift);
        return lines.join("\n");
      },
      (text) => {
        const lines = text.split("\n");
        const [a, b] = [Math.floor(random() * lines.length), Math.floor(random() * lines.length)];
        [lines[a], lines[b]] = [lines[b]!, lines[a]!];
        return lines.join("\n");
      },
    ];
    // Half the edits are of the tests' own files, half of any file; every answer is compared.
    let answered = 0;
    for (let i = 0; i < count; i++) {
      const own = i % 2 === 0;
      let text = pick(own ? fixed : bases);
      for (let n = 1 + Math.floor(random() * 3); n > 0; n--) text = pick(edits)(text);
      if (agrees(text) && own) answered++;
    }
    // Most edits of the tests' own files stay in the subset: the comparison covers the quick read,
    // not only its refusals.
    expect(answered).toBeGreaterThan(count / 8);
  });
});

describe("a disagreement between the two reads", () => {
  it("is caught when a problem needs the file's positions, and the run is done again with positions", () => {
    // A quick read that went wrong (the price read as a text), stored in the per-file cache as if
    // the quick read had made it: validating it fails, and locating the failure compares the reads.
    const dir = fixture();
    const cache = tempDir("content-cache-");
    expect(runContent({ contentDir: dir, cache }).problems).toEqual([]);
    const [name] = readdirSync(cache).filter((file) => !file.endsWith(".runs.json"));
    const stored = JSON.parse(readFileSync(join(cache, name!), "utf8"));
    const entry = stored.entries["collections/plans/basic.yaml"];
    expect(entry.quick).toBe(true);
    entry.data.price = String(entry.data.price);
    delete entry.valid;
    writeFileSync(join(cache, name!), JSON.stringify(stored));

    const result = runContent({ contentDir: dir, cache });
    expect(result.problems).toEqual([]);
    expect(typeof result.content?.collections.plans?.find((plan) => plan.id === "basic")?.price).toBe("number");
  });
});
