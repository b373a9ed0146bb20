/**
 * `npm run new:kind -- <name> "<noun>"`: adds a collection, a kind of content entries sections list by
 * id, ready to use and tested. In: its name in lower case with hyphens (e.g. case-studies: its folder
 * content/collections/<name>/ and its key in the content) and what one entry is called (e.g. "case
 * study"). Out: its entry schema (appended to schemas/collections.ts), its noun in referenceNouns
 * (schemas/references.ts), its row in the table of kinds (schemas/kinds.ts), its empty list in
 * tests/helpers/every-collection.ts (the places the type checker names when a kind is added by hand),
 * and its test (tests/content/kinds/<name>.test.ts: typed entries through the real pipeline); then the
 * editor JSON Schemas and the content guide are regenerated and the changed files formatted. The new
 * kind's entries have a title and a Markdown summary: change them from there (docs/adding-a-content-kind.md).
 * `--address /<name>/:id`: a kind whose entries have pages of their own (decision 0042): its schema
 * starts from `entryFields` and a Markdown `body`, its row gets the address, its test Markdown entries.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { patternProblem } from "../../schemas/addresses.ts";
import { referenceNouns } from "../../schemas/references.ts";
import { insertLine } from "./insert-line.ts";
import { regenerate } from "./regenerate.ts";

const root = join(import.meta.dirname, "..", "..");
const [name = "", noun = "", flag, address] = process.argv.slice(2);
// `--address /<name>/:id`: a kind whose entries have pages of their own (decision 0042).
const withPages = flag === "--address";
if (
  !/^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/.test(name) ||
  !/^[a-z][a-z0-9 ]*$/.test(noun) ||
  (flag !== undefined && !withPages) ||
  (withPages && (address === undefined || patternProblem(address) !== undefined))
) {
  console.error(
    'usage: npm run new:kind -- <name> "<noun>" [--address /<name>/:id]   (lower-case words joined by hyphens, what one entry is called, e.g. webinars "webinar", and for entries with pages of their own the address of each)',
  );
  process.exit(2);
}
const words = name.split("-");
const camel = words.map((w, i) => (i === 0 ? w : w[0]!.toUpperCase() + w.slice(1))).join("");
const title = words.join(" ").replace(/^./, (c) => c.toUpperCase());
const schemaName = `${camel}Entry`;
const key = /^[a-z][a-z0-9]*$/.test(name) ? name : JSON.stringify(name);

const files = {
  schemas: "schemas/collections.ts",
  nouns: "schemas/references.ts",
  kinds: "schemas/kinds.ts",
  empty: "tests/helpers/every-collection.ts",
  test: `tests/content/kinds/${name}.test.ts`,
};
if (Object.hasOwn(referenceNouns, name)) {
  console.error(`${files.nouns} already names "${name}": is there a "${name}" kind already?`);
  process.exit(1);
}
if (existsSync(join(root, files.test))) {
  console.error(`${files.test} already exists: is there a "${name}" kind already?`);
  process.exit(1);
}

writeFileSync(
  join(root, files.schemas),
  `${readFileSync(join(root, files.schemas), "utf8")}
export const ${schemaName} = perContext((c: ContentContext) =>
  z.strictObject(${
    withPages
      ? `{
    ...entryFields(c),
    body: entryBody(c),
  }`
      : `{
    title: text.describe("The ${noun}'s title, as shown."),
    summary: markdown(c).describe("The ${noun} in a few sentences (Markdown)."),
    draft,
  }`
  }),
);
`,
);
insertLine(root, files.nouns, `  ${key}: ${JSON.stringify(noun)},`, { before: /^ {2}forms: "form",$/ });
const kinds = readFileSync(join(root, files.kinds), "utf8");
const imports = /^import \{ ([\w, ]+) \} from "\.\/collections\.ts";$/m;
if (!imports.test(kinds)) throw new Error(`could not find the import of ./collections.ts in ${files.kinds}`);
writeFileSync(
  join(root, files.kinds),
  kinds.replace(imports, (_, names: string) => `import { ${names}, ${schemaName} } from "./collections.ts";`),
);
const options = withPages ? `, { address: ${JSON.stringify(address)} }` : "";
insertLine(
  root,
  files.kinds,
  `  collection(${JSON.stringify(name)}, ${JSON.stringify(title)}, ${schemaName}${options}),`,
  {
    after: /^ {2}collection\("[\w-]+", .*\),$/,
  },
);
insertLine(root, files.empty, `  ${key}: [],`, { before: /^};$/ });

mkdirSync(join(root, "tests", "content", "kinds"), { recursive: true });
const listedTest = `import { describe, expect, it } from "vitest";
import { stringify } from "yaml";
import type { z } from "zod";
import type { ${schemaName} } from "../../../schemas/collections.ts";
import { runContent } from "../../../scripts/content/pipeline.ts";
import { fixture } from "../helpers.ts";

/** One entry's file as content writes it: typed by the schema, so a change to its fields is a type error here. */
type EntryFile = z.input<ReturnType<typeof ${schemaName}>>;

const first: EntryFile = { title: "A first ${noun}", summary: "What it says, in **Markdown**." };
const second: EntryFile = { title: "A second ${noun}", summary: "More of it." };
const folder = "collections/${name}";

describe("the ${name} collection", () => {
  it("reads each entry of content/collections/${name}/<id>.yaml with its id, the file's name", () => {
    const dir = fixture({ [\`\${folder}/first.yaml\`]: stringify(first), [\`\${folder}/second.yaml\`]: stringify(second) });
    const { content, problems } = runContent({ contentDir: dir });
    expect(problems).toEqual([]);
    const entries = content!.collections[${JSON.stringify(name)}] ?? [];
    expect(entries.map((entry) => [entry.id, entry.title])).toEqual([
      ["first", first.title],
      ["second", second.title],
    ]);
  });

  it("reports a field its schema asks for and an entry leaves out, at that file and field", () => {
    const untitled: Omit<EntryFile, "title"> = { summary: first.summary };
    const dir = fixture({ [\`\${folder}/untitled.yaml\`]: stringify(untitled) });
    const { problems } = runContent({ contentDir: dir });
    expect(problems).toEqual([
      expect.objectContaining({ file: expect.stringMatching(/${name}\\/untitled\\.yaml$/), field: "title" }),
    ]);
  });
});
`;
const entryPath = address?.replace(":id", "first") ?? "";
const pagesTest = `import { describe, expect, it } from "vitest";
import { stringify } from "yaml";
import type { z } from "zod";
import type { ${schemaName} } from "../../../schemas/collections.ts";
import { runContent } from "../../../scripts/content/pipeline.ts";
import { fixture } from "../helpers.ts";

/** One entry's file as content writes it: typed by the schema, so a change to its fields is a type error here. */
type EntryFile = z.input<ReturnType<typeof ${schemaName}>>;

const first: EntryFile = {
  title: "A first ${noun}",
  description: "What it is about.",
  published: "2026-11-01",
  author: "ada",
  hero: { src: "images/photo.svg", alt: "A picture" },
  body: "What it says, in **Markdown**.",
};
/** Its Markdown file: the fields as front matter, then the text. */
const file = ({ body, ...fields }: Partial<EntryFile>) => \`---\\n\${stringify(fields)}---\\n\\n\${body ?? ""}\\n\`;
const folder = "collections/${name}";

describe("the ${name} collection", () => {
  it("gives each entry of content/collections/${name}/<id>.md a page of its own at ${address}, and lists it", () => {
    const dir = fixture({ [\`\${folder}/first.md\`]: file(first) });
    const { content, problems } = runContent({ contentDir: dir });
    expect(problems).toEqual([]);
    const page = content!.made!.find((made) => made.route === ${JSON.stringify(entryPath)});
    expect(page?.entry).toMatchObject({ title: first.title, body: "<p>What it says, in <strong>Markdown</strong>.</p>" });
    const listing = content!.made!.find((made) => made.listing?.kind === ${JSON.stringify(name)} && made.listing.page === 1);
    expect(listing?.listing?.entries.map((card) => card.url)).toEqual([${JSON.stringify(entryPath)}]);
  });

  it("reports a field its schema asks for and an entry leaves out, at that file and field", () => {
    const { title, ...untitled } = first;
    void title;
    const dir = fixture({ [\`\${folder}/untitled.md\`]: file(untitled) });
    const { problems } = runContent({ contentDir: dir });
    expect(problems).toEqual([
      expect.objectContaining({ file: expect.stringMatching(/${name}\\/untitled\\.md$/), field: "title" }),
    ]);
  });
});
`;
writeFileSync(join(root, files.test), withPages ? pagesTest : listedTest);

regenerate(root, [...Object.values(files)]);
console.log(
  `\nAdded the "${name}" collection (one ${noun} per file, content/collections/${name}/<id>.${withPages ? `md, each at ${address}` : "yaml"}):`,
);
console.log(`  ${Object.values(files).join("\n  ")}`);
console.log(
  withPages
    ? `Its entries' pages, listings, tag and author pages are made from the row; show the latest on any page with the entries section (kind: ${name}); see docs/adding-a-content-kind.md.`
    : `Show it with a section that lists it by id (npm run new:section, then ref(c, ${JSON.stringify(name)})); see docs/adding-a-content-kind.md.`,
);
