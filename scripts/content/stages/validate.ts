/**
 * Validate: every file against its Zod schema, inside the content context so references, links,
 * images and Markdown are checked field by field. In: loaded files. Out: the parsed content and the
 * problems, each at its file, line, column and field.
 */
import type { z } from "zod";
import {
  collectionSchemas,
  form,
  leadsSettings,
  markdownPage,
  page,
  redirects,
  site,
  inFile,
  type CollectionName,
  type Collections,
  type ContentFacts,
  type FileScope,
  type Form,
  type LeadsSettings,
  type Html,
  type ImageInput,
  type PlacementName,
  type PageData,
  type Redirect,
  type Site,
} from "../../../schemas/index.ts";
import { jsonSafe } from "./files.ts";
import { describeIssue } from "../problems/describe-issue.ts";
import { inDraft, isDraftReference } from "./drafts.ts";
import { positionOf, type SourceFile } from "./load.ts";
import type { Problem } from "../problems/problem.ts";

export interface Content {
  site?: Site;
  /** Old addresses and where they lead; none when content/redirects.yaml is absent. */
  redirects: Redirect[];
  /** Where leads go; the defaults (none, kept 365 days) when content/leads.yaml is absent. */
  leads?: LeadsSettings;
  pages: { file: SourceFile; page: PageData }[];
  collections: Partial<Collections>;
  forms: Record<string, Form>;
}

/** The schema of a file's kind, built in `c` (each factory builds its schema once per context). */
function schemaFor(file: SourceFile, c: ContentFacts): z.ZodType {
  switch (file.kind) {
    case "site":
      return site(c);
    case "redirects":
      return redirects(c);
    case "leads":
      return leadsSettings(c);
    case "page":
      return page(c);
    case "markdown-page":
      return markdownPage(c);
    case "collection":
      return collectionSchemas(c)[file.collection as CollectionName];
    case "form":
      return form(c);
  }
}

/**
 * The context the schemas of one `validate` call are built in: the caller's, with a picture resolver
 * that also records, into `images`, the pictures of the file being validated (the per-file cache
 * keeps them). Made once per context object, so its schemas are built once, not once per file.
 */
interface Recording {
  context: ContentFacts;
  images: [ImageInput, PlacementName][] | undefined;
}
const recordings = new WeakMap<ContentFacts, Recording>();
function recording(context: ContentFacts): Recording {
  let found = recordings.get(context);
  if (!found) {
    const made: Recording = {
      context: { ...context, resolveImage: (input, where) => (made.images?.push([input, where]), context.resolveImage(input, where)) },
      images: undefined,
    };
    recordings.set(context, (found = made));
  }
  return found;
}

/** Validated files from the per-file cache count only for the context they were validated in. */
export interface ValidateCache {
  /** A fingerprint of everything the context holds (cache.ts). */
  context: string;
  /** Called when a file's cached entry gained its validated value. */
  touch: () => void;
  /** Whether a value validated in another context holds in this one (context.ts reuseAcrossContexts). */
  reusable?: (validatedIn: string, text: string) => boolean;
}

export function validate(
  files: readonly SourceFile[],
  context: ContentFacts,
  cache?: ValidateCache,
): { content: Content; problems: Problem[] } {
  const problems: Problem[] = [];
  const content: Content = { redirects: [], pages: [], collections: {}, forms: {} };
  const recorder = recording(context);
  for (const file of files) {
    let known = cache && file.cached?.valid?.context === cache.context ? file.cached.valid : undefined;
    if (!known && cache?.reusable && file.cached?.valid && cache.reusable(file.cached.valid.context, file.text)) {
      known = file.cached.valid;
      known.context = cache.context;
      cache.touch();
    }
    if (known) {
      // The pictures it shows, so the image stage makes them: the resolver is this run's.
      for (const [input, where] of known.images) context.resolveImage(input, where);
      add(content, file, known.value);
      continue;
    }
    const before = problems.length;
    const images: [ImageInput, PlacementName][] = [];
    recorder.images = images;
    let value: unknown;
    try {
      value = validateFile(file, recorder.context, problems);
    } finally {
      recorder.images = undefined;
    }
    if (value === undefined) continue;
    add(content, file, value);
    if (cache && file.cached && problems.length === before && jsonSafe(value)) {
      file.cached.valid = { context: cache.context, value, images };
      cache.touch();
    }
  }
  return { content, problems };
}

/** A file's validated value: for a Markdown page, the page with its body compiled. */
function validateFile(file: SourceFile, context: ContentFacts, problems: Problem[]): unknown {
  const schema = schemaFor(file, context);
  // "#anchor" links in a page point into that page.
  const route = file.kind === "page" || file.kind === "markdown-page" ? (file.data as { route?: unknown } | null)?.route : undefined;
  const here: FileScope = { route: typeof route === "string" ? route : undefined, allowDraftReferences: false };
  return inFile(context, here, () => {
    let result = schema.safeParse(file.data);
    if (!result.success) {
      // A draft may refer to other drafts; only published content may not.
      const issues = result.error.issues.filter((issue) => !(isDraftReference(issue) && inDraft(file.data, issue.path)));
      if (issues.length === 0) result = inFile(context, { ...here, allowDraftReferences: true }, () => schema.safeParse(file.data));
      if (!result.success) {
        for (const issue of issues) problems.push(...describeIssue(file, schema, issue));
        return undefined;
      }
    }
    const data: unknown = result.data;
    if (file.kind !== "markdown-page") return data;
    const front = data as z.output<ReturnType<typeof markdownPage>>;
    const body = compileBody(file, context, here, problems);
    if (body === undefined) return undefined;
    const { heading, updated, ...fields } = front;
    const page: PageData = {
      ...fields,
      updated,
      sections: [{ type: "prose", heading: heading ?? front.title, body, draft: false, background: "plain", actions: [] }],
    };
    return page;
  });
}

/** Puts a file's validated value where it belongs in the content. */
function add(content: Content, file: SourceFile, data: unknown): void {
  switch (file.kind) {
    case "site":
      content.site = data as Site;
      break;
    case "redirects":
      content.redirects = (data as { redirects: Redirect[] }).redirects;
      break;
    case "leads":
      content.leads = data as LeadsSettings;
      break;
    case "page":
    case "markdown-page":
      content.pages.push({ file, page: data as PageData });
      break;
    case "collection":
      // The id is the file name; files arrive sorted, so entries are in id order.
      ((content.collections as Record<string, unknown[]>)[file.collection!] ??= []).push({ id: file.name, ...(data as object) });
      break;
    case "form":
      content.forms[file.name] = data as Form;
      break;
  }
}

function compileBody(file: SourceFile, context: ContentFacts, here: FileScope, problems: Problem[]) {
  const body = file.body!;
  const start = positionOf(file, body.offset);
  if (!body.text.trim()) {
    problems.push({ file: file.path, ...start, field: "body", message: "the page has no text: write it below the front matter" });
    return undefined;
  }
  const result = context.markdown(body.text, here.route);
  const draft = inDraft(file.data, []);
  result.problems = result.problems.filter((problem) => !(problem.draftReference && draft));
  for (const problem of result.problems) {
    problems.push({ file: file.path, line: start.line + problem.line - 1, column: problem.column, field: "body", message: problem.message });
  }
  return result.problems.length === 0 ? (result.html as Html) : undefined;
}

/** The content without its drafts: what the published site shows. */
export function published(content: Content): Content {
  const collections = Object.fromEntries(
    Object.entries(content.collections).map(([name, entries]) => [name, (entries as { draft: boolean }[]).filter((e) => !e.draft)]),
  ) as Content["collections"];
  const pages = content.pages
    .filter(({ page }) => !page.draft)
    .map(({ file, page }) => ({ file, page: { ...page, sections: page.sections.filter((section) => !section.draft) } }));
  return { ...content, pages, collections };
}
