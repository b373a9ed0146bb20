/**
 * The benchmarks' synthetic content: the shipped content/ copied and filled up to a number of files
 * with generated YAML pages (every section kind that refers to collections, Markdown in fields, an
 * image) and Markdown pages (links, e-mail token, lists). Used by `npm run bench:content` and
 * `npm run bench:velite`, so both measure the same corpora.
 * What a generated page names (entries, forms, a picture, the pages it links to) is read from the
 * content it copies (`namesIn`), never written here: a marketer who renames an entry, a form or a page
 * cannot turn a benchmark red.
 * In: a file count. Out: the folder .bench/content-<count>/ (gitignored).
 */
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { root } from "../../tools/shared/copy-project.ts";

export const bench = join(root, ".bench");

export function countFiles(dir: string): number {
  return (readdirSync(dir, { recursive: true, withFileTypes: true }) as { isFile(): boolean }[]).filter((d) =>
    d.isFile(),
  ).length;
}

/** What the generated pages refer to, all of it shown at any time in the content they are added to. */
export interface CorpusNames {
  services: string[];
  plans: string[];
  questions: string[];
  /** The form the services' buttons open, and the plans'. */
  serviceForm: string;
  planForm: string;
  /** A picture at the top of images/ (an SVG: it fits any place). */
  image: string;
  /** Two routes of pages shown, for links. */
  links: [string, string];
}

type Fields = Record<string, unknown>;

/** Shown at any time: not a draft, and neither shown from nor until a date. */
const shown = (fields: Fields | undefined) =>
  fields !== undefined && fields.draft !== true && fields.publishDate === undefined && fields.expiryDate === undefined;

/** A YAML file's fields, or a Markdown file's front matter. */
export function fieldsOf(file: string): Fields | undefined {
  const text = readFileSync(file, "utf8");
  const front = file.endsWith(".md") ? /^---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1] : text;
  const value: unknown = front === undefined ? undefined : parse(front);
  return value !== null && typeof value === "object" ? (value as Fields) : undefined;
}

/** The ids (file names) of a folder's entries shown at any time, in name order. */
function shownIds(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => /\.(ya?ml|md)$/.test(file) && shown(fieldsOf(join(dir, file))))
    .sort()
    .map((file) => file.replace(/\.(ya?ml|md)$/, ""));
}

/** Reads the names a generated page uses from a content folder; throws, saying what is missing. */
export function namesIn(content: string): CorpusNames {
  const ids = (kind: string, count: number) => {
    const found = shownIds(join(content, "collections", kind)).slice(0, count);
    if (found.length === 0) throw new Error(`${content}: no ${kind} entry shown at any time, for the generated pages`);
    return found;
  };
  const forms = shownIds(join(content, "forms"));
  const image = readdirSync(join(content, "images"))
    .filter((file) => file.endsWith(".svg"))
    .sort()[0];
  const notFound = fieldsOf(join(content, "site.yaml"))?.notFoundRoute;
  const pages = join(content, "pages");
  const routes = readdirSync(pages)
    .sort()
    .map((file) => fieldsOf(join(pages, file)))
    .filter((fields) => shown(fields) && typeof fields!.route === "string" && fields!.route !== notFound)
    .map((fields) => fields!.route as string);
  if (forms.length === 0 || image === undefined || routes.length === 0)
    throw new Error(`${content}: the generated pages need a form, an SVG in images/ and a page to link to`);
  return {
    services: ids("services", 6),
    plans: ids("plans", 3),
    questions: ids("faq", 3),
    serviceForm: forms[0]!,
    planForm: forms.at(-1)!,
    image: `images/${image}`,
    links: [routes.find((route) => route !== "/") ?? routes[0]!, routes.at(-1)!],
  };
}

const list = (ids: readonly string[]) => `[${ids.join(", ")}]`;

/** A generated YAML page; `names` from the project's own content unless given. */
export function yamlPage(i: number, names: CorpusNames = namesIn(join(root, "content"))): string {
  return `route: /generated/page-${i}
title: Generated page ${i}
description: A synthetic page for the content benchmark, number ${i}.
sections:
  - type: hero
    heading: Synthetic page ${i}
    intro: Call {{phone}} for **help** with [your devices](${names.links[0]}).
    actions:
      - label: Call now
        to: phone
    highlights: [Open 24/7, Toll free]
    image:
      src: ${names.image}
      alt: A banner picture
  - type: services
    heading: Services
    services: ${list(names.services)}
    buttonLabel: Submit The Form For Assistance
    form: ${names.serviceForm}
  - type: pricing
    heading: Plans
    plans: ${list(names.plans)}
    form: ${names.planForm}
    buttonLabel: Subscribe
    popularLabel: Most Popular
    periodLabel: /month
    includesLabel: "Everything in {plan}, plus:"
  - type: faq
    heading: Questions
    questions: ${list(names.questions)}
`;
}

export function markdownPage(i: number, names: CorpusNames = namesIn(join(root, "content"))): string {
  return `---
route: /generated/legal-${i}
title: Generated legal page ${i}
description: A synthetic Markdown page for the content benchmark.
updated: 2026-01-31
---

## Section ${i}

Our service is for **adults** aged 18 or older. Contact [{{email}}](mailto:{{email}}) or read the
[terms](${names.links[1]}).

- one point
- another point with _emphasis_
`;
}

export function makeFolder(total: number): string {
  const dir = join(bench, `content-${total}`);
  rmSync(dir, { recursive: true, force: true });
  cpSync(join(root, "content"), dir, { recursive: true });
  mkdirSync(join(dir, "pages"), { recursive: true });
  const extra = total - countFiles(dir);
  const names = extra > 0 ? namesIn(dir) : undefined;
  for (let i = 0; i < extra; i++) {
    if (i % 2 === 0) writeFileSync(join(dir, "pages", `generated-${i}.yaml`), yamlPage(i, names!));
    else writeFileSync(join(dir, "pages", `generated-${i}.md`), markdownPage(i, names!));
  }
  return dir;
}

/** A YAML page of a content folder with a `title:` line, for a benchmark's one-file edit: the first by name. */
export function aYamlPage(content: string): string {
  const pages = join(content, "pages");
  const file = readdirSync(pages)
    .filter((name) => name.endsWith(".yaml"))
    .sort()
    .find((name) => /^title: /m.test(readFileSync(join(pages, name), "utf8")));
  if (!file) throw new Error(`${pages}: no YAML page with a title to edit`);
  return join(pages, file);
}
