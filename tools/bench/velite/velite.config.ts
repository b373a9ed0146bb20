/**
 * The Velite 0.4 configuration that `npm run bench:velite` measures against our content pipeline: the
 * same content folder, the same schemas, the same HTML. tools/bench/velite.ts runs `velite build
 * --strict` in .bench/velite/ (Velite and rehype-sanitize are pinned devDependencies) with a
 * configuration that imports this file, and names the corpus in BENCH_VELITE_CORPUS.
 * Type-checked on its own (./tsconfig.velite.json); the project's tsc leaves it out.
 *
 * Nothing here lists the kinds, section types or fields: it follows schemas/ by itself, and names only
 * what our pipeline's own code names (the files the tokens come from, a Markdown page's one prose
 * section, the cross-file rules of scripts/content/stages/rules.ts).
 * - One collection per row of the table of kinds (schemas/kinds.ts): a settings file, or a folder
 *   of entries (the file name is the id), its Markdown entries too; each schema derived from ours
 *   (./derive.ts) in Velite's `s`.
 * - Markdown fields: {{tokens}} replaced first (the pipeline's own list, from site.yaml, leads.yaml and
 *   the forms; an unknown one is an issue), then `s.markdown()` with GFM off (ours has none) and
 *   rehype-sanitize with the schema ours uses (GitHub's, plus tel: links), so the HTML is the same.
 * - Pictures: `s.image()` (copies the file under a hashed name, reads its size with sharp).
 * - What no single file can check (the entry a reference names exists, links and anchors land on a
 *   page, routes and redirected addresses are unique, one popular plan), and leaving drafts out: the
 *   `prepare` hook, which has every collection once all files are parsed.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import rehypeSanitize, { defaultSchema, type Options as SanitizeSchema } from "rehype-sanitize";
import { defineCollection, defineConfig, s, type ZodType } from "velite";
import { parse } from "yaml";
import { contentKinds, pagesKinds, type EntriesKind, type KindTable } from "../../../schemas/kinds.ts";
import { madeAddresses } from "../../../scripts/content/stages/addresses.ts";
import { splitFrontMatter } from "../../../scripts/content/stages/front-matter.ts";
import { tokensFrom } from "../../../scripts/content/stages/tokens.ts";
import { LinkTarget, oneFile, Reference, veliteSchema, type Hooks, type Velite } from "./derive.ts";

interface Corpus {
  /** The content folder and Velite's output folders (absolute paths). */
  content: string;
  data: string;
  assets: string;
  /** "image": s.image() (sharp reads the size and renders a blur placeholder); "file": s.file() (a copy). */
  images: "image" | "file";
}
if (!process.env.BENCH_VELITE_CORPUS) throw new Error("BENCH_VELITE_CORPUS is not set: run `npm run bench:velite`");
const corpus = JSON.parse(process.env.BENCH_VELITE_CORPUS) as Corpus;
const kinds: KindTable = contentKinds;

// ---- {{tokens}}: from site.yaml, leads.yaml and the forms, once, as our pipeline reads them ----

const read = (file: string): unknown =>
  existsSync(join(corpus.content, file)) ? parse(readFileSync(join(corpus.content, file), "utf8")) : undefined;
const forms = kinds.find((kind): kind is EntriesKind => kind.role === "form")!.folder;
const tokens = tokensFrom(
  read("site.yaml"),
  read("leads.yaml"),
  Object.fromEntries(
    readdirSync(join(corpus.content, forms)).map((file) => [file.replace(/\.ya?ml$/, ""), read(`${forms}/${file}`)]),
  ),
);
const replaceTokens = (source: string, ctx: { addIssue: (issue: { code: "custom"; message: string }) => void }) =>
  source.replace(/\{\{\s*([\w.-]+)\s*\}\}/g, (whole, name: string) => {
    const value = tokens[name];
    if (value === undefined) ctx.addIssue({ code: "custom", message: `unknown placeholder "${whole}"` });
    return value ?? whole;
  });

// ---- the collections: one per kind, derived from its schema ----

/** Velite's own work on tagged fields (./derive.ts): Markdown, and a picture's file. */
const hooks = {
  markdown: (text: ZodType) => text.transform(replaceTokens).pipe(s.markdown()),
  // Content names a picture from the content folder; Velite resolves it from the file naming it.
  file: (path: ZodType) => {
    const file = path.transform((src: string, { meta }) => relative(dirname(meta.path), join(corpus.content, src)));
    return corpus.images === "file" ? file.pipe(s.file()).transform((src) => ({ src })) : file.pipe(s.image());
  },
};
/** derive.ts is typed with zod/v3, the Zod 3 that Velite declares again as its own: the casts cross between the two. */
const derive = (schema: Parameters<typeof veliteSchema>[0]) =>
  veliteSchema(schema, s as unknown as Velite, hooks as unknown as Hooks) as unknown as ReturnType<typeof s.object>;
/** An entry's id: its file name, as our pipeline gives it. */
const withId = (schema: ZodType) => schema.transform((entry, { meta }) => ({ id: meta.stem!, ...entry }));
const typeName = (name: string) => name[0]!.toUpperCase() + name.slice(1);

const collections = Object.fromEntries(
  kinds.flatMap((kind): [string, ReturnType<typeof defineCollection>][] => {
    const schema = derive(kind.schema(oneFile));
    if (kind.role === "settings") {
      if (!existsSync(join(corpus.content, kind.file))) return []; // an optional file left out
      return [[kind.name, defineCollection({ name: typeName(kind.name), pattern: kind.file, single: true, schema })]];
    }
    const own: [string, ReturnType<typeof defineCollection>] = [
      kind.name,
      defineCollection({ name: typeName(kind.name), pattern: `${kind.folder}/*.yaml`, schema: withId(schema) }),
    ];
    if (!kind.markdown) return [own];
    // A Markdown entry: its front matter, and its text compiled; a page of one prose section, as
    // scripts/content/stages/validate.ts shapes it.
    const front = derive(kind.markdown.schema(oneFile)).extend({
      body: s.raw().transform(replaceTokens).pipe(s.markdown()),
    });
    const page = front.transform(({ heading, body, ...fields }) => ({
      ...fields,
      sections: [
        { type: "prose", heading: heading ?? fields.title, body, draft: false, background: "plain", actions: [] },
      ],
    }));
    const name = kind.markdown.collection;
    return [
      own,
      [name, defineCollection({ name: typeName(name), pattern: `${kind.folder}/*.md`, schema: withId(page) })],
    ];
  }),
);

// ---- what no single file can check: the `prepare` hook, with every collection parsed ----

type Data = Record<string, unknown>;
const records = (value: unknown): Data[] => (Array.isArray(value) ? (value as Data[]) : []);

/** Every problem that needs more than one file (scripts/content/stages/rules.ts, and the context's). */
function crossFile(data: Data): string[] {
  const problems: string[] = [];
  const pages = kinds.flatMap((kind) => (kind.role === "page" ? records(data[kind.name]) : []));
  const ids = new Map<string, Map<string, Data>>();
  for (const kind of kinds) {
    if (kind.role === "form" || kind.role === "collection")
      ids.set(kind.name, new Map(records(data[kind.name]).map((entry) => [String(entry.id), entry])));
  }
  const routes = new Map<string, Data>();
  const anchors = new Map<string, Set<string>>();
  for (const page of pages) {
    const path = String(page.route);
    if (routes.has(path)) problems.push(`the route "${path}" is used by two pages`);
    routes.set(path, page);
    anchors.set(
      path,
      new Set(records(page.sections).flatMap((section) => (section.anchor ? [String(section.anchor)] : []))),
    );
  }
  // The pages the kinds with pages make (an entry's, its kind's listing, by tag and by author), as our
  // pipeline makes them from the table of kinds, so links to them land on a page. Velite makes none
  // of them (tools/bench/velite.ts leaves them out of the comparison): their entries are read here
  // from their Markdown files' front matter, for their addresses only.
  const files = [
    ...kinds.flatMap((kind) =>
      kind.role === "collection"
        ? records(data[kind.name]).map((entry) => ({ kind: kind.name, name: String(entry.id), data: entry }))
        : [],
    ),
    ...pagesKinds(kinds).flatMap((kind) => {
      const folder = join(corpus.content, kind.folder);
      if (!existsSync(folder)) return [];
      return readdirSync(folder)
        .filter((file) => file.endsWith(".md"))
        .map((file) => {
          const front = splitFrontMatter(readFileSync(join(folder, file), "utf8"))?.yamlText ?? "";
          return { kind: kind.name, name: file.slice(0, -".md".length), data: parse(front) as unknown };
        });
    }),
  ];
  for (const made of madeAddresses(files, kinds)) {
    if (!made.draft && !routes.has(made.route)) routes.set(made.route, {});
  }
  const allAnchors = new Set([...anchors.values()].flatMap((set) => [...set]));

  const checkLink = (to: string, here: string | undefined, where: string) => {
    if (!(to.startsWith("/") || to.startsWith("#"))) return;
    const path = to.startsWith("#") ? here : to.replace(/[?#].*$/, "");
    const anchor = /#(.+)$/.exec(to)?.[1];
    const page = path === undefined ? undefined : routes.get(path);
    if (path !== undefined && !page) problems.push(`${where}: no page has the route "${path}"`);
    else if (page?.draft === true) problems.push(`${where}: the page "${path}" is a draft`);
    else if (anchor !== undefined && !(path === undefined ? allAnchors : anchors.get(path)!).has(anchor)) {
      problems.push(`${where}: no section has the anchor "${anchor}"`);
    }
  };
  /** References, link targets and the links in compiled Markdown, anywhere in a value. */
  const visit = (value: unknown, here: string | undefined, where: string): void => {
    if (value instanceof Reference) {
      const entry = ids.get(value.kind)?.get(value.id);
      if (!entry) problems.push(`${where}: unknown ${value.kind} "${value.id}"`);
      else if (entry.draft === true) problems.push(`${where}: the ${value.kind} "${value.id}" is a draft`);
    } else if (value instanceof LinkTarget) checkLink(value.to, here, where);
    else if (typeof value === "string") {
      for (const match of value.matchAll(/href="([/#][^"]*)"/g)) checkLink(match[1]!, here, where);
    } else if (value !== null && typeof value === "object") {
      for (const item of Object.values(value)) visit(item, here, where);
    }
  };
  for (const kind of kinds) {
    if (kind.role === "settings") visit(data[kind.name], undefined, kind.file);
    else {
      for (const entry of records(data[kind.name])) {
        const here = kind.role === "page" ? String(entry.route) : undefined;
        visit(entry, here, `${kind.name} ${here ?? String(entry.id)}`);
      }
    }
  }

  // The rules of scripts/content/stages/rules.ts.
  const seen = new Set<string>();
  for (const redirect of records((data.redirects as Data | undefined)?.redirects)) {
    const from = String(redirect.from);
    if (seen.has(from)) problems.push(`redirects: "${from}" is redirected twice`);
    seen.add(from);
    if (routes.has(from)) problems.push(`redirects: "${from}" is the address of a page`);
    checkLink(String(redirect.to), undefined, `redirect ${from}`);
  }
  const plans = records(data.plans);
  if (plans.filter((plan) => plan.popular === true).length > 1) problems.push("plans: only one plan may be popular");
  for (const plan of plans) {
    if ((plan.includes as Reference | undefined)?.id === plan.id)
      problems.push(`plan ${String(plan.id)}: a plan cannot include itself`);
  }
  return problems;
}

/** What `draft: true` marks (an entry, a page, a section) left out of every list, as in our build. */
function leaveOutDrafts(value: unknown): void {
  if (Array.isArray(value)) {
    for (let i = value.length - 1; i >= 0; i--) if ((value[i] as Data | null)?.draft === true) value.splice(i, 1);
  }
  if (value !== null && typeof value === "object") for (const item of Object.values(value)) leaveOutDrafts(item);
}

/** GitHub's sanitising schema plus tel: links: the one scripts/content/stages/markdown.ts uses. */
const sanitizeSchema: SanitizeSchema = {
  ...defaultSchema,
  protocols: { ...defaultSchema.protocols, href: [...(defaultSchema.protocols?.href ?? []), "tel"] },
};

export default defineConfig({
  root: corpus.content,
  strict: true,
  output: { data: corpus.data, assets: corpus.assets, base: "/media/", name: "[name]-[hash:10].[ext]", clean: false },
  markdown: { gfm: false, rehypePlugins: [[rehypeSanitize, sanitizeSchema]] },
  collections,
  prepare: (data) => {
    for (const kind of kinds) {
      // One list of pages (entries), sorted by route as ours: YAML and Markdown.
      if (kind.role !== "settings" && kind.markdown) {
        data[kind.name] = [...records(data[kind.name]), ...records(data[kind.markdown.collection])];
        delete data[kind.markdown.collection];
      }
    }
    const problems = crossFile(data);
    if (problems.length > 0) throw new Error(`${problems.length} problems:\n${problems.slice(0, 50).join("\n")}`);
    leaveOutDrafts(data);
    for (const kind of kinds) {
      if (kind.role === "page") records(data[kind.name]).sort((a, b) => String(a.route).localeCompare(String(b.route)));
    }
  },
});
