/**
 * Validate: every file against its Zod schema, inside the content context so references, links,
 * images and Markdown are checked field by field. In: loaded files. Out: the parsed content and the
 * problems, each at its file, line, column and field.
 */
import type { z } from "zod";
import {
  contentKinds,
  entryAddress,
  fileSchema,
  kindNamed,
  inFile,
  type Collections,
  type ContentFacts,
  type ContentKind,
  type EntryCards,
  type FileScope,
  type Form,
  type Html,
  type ImageInput,
  type KindTable,
  type PlacementName,
  type PageData,
  type Settings,
} from "../../../schemas/index.ts";
import { withBody } from "./entry-body.ts";
import { jsonSafe } from "./files.ts";
import { describeIssue } from "../problems/describe-issue.ts";
import { inDraft, inUnshown, isDraftReference, isScheduledReference } from "./drafts.ts";
import type { SourceFile } from "./load.ts";
import { locateInBody } from "../problems/position.ts";
import type { Problem } from "../problems/problem.ts";

/** All the content, by the table of kinds (schemas/kinds.ts): each kind's values where its role puts them. */
export interface Content {
  /** Each settings file's value (site, redirects, leads, ...), by kind name; an optional file left out has its schema's defaults. */
  settings: Partial<Settings> & Record<string, unknown>;
  pages: { file: SourceFile; page: PageData }[];
  /** Each collection's entries, with their ids, in id order. */
  collections: Partial<Collections> & Record<string, { id: string }[]>;
  forms: Record<string, Form>;
  /** The pages the kinds with pages make (entry-pages.ts), after the rest is validated and shown. */
  made?: PageData[];
  /** Every kind with pages' listed entries as cards (entry-pages.ts): entries.json. */
  cards?: EntryCards;
}

/** The row of the table a file belongs to. */
export function kindOf(file: Pick<SourceFile, "kind">, kinds: KindTable = contentKinds): ContentKind {
  const kind = kindNamed(file.kind, kinds);
  if (!kind) throw new Error(`no content kind "${file.kind}" in the table of kinds`);
  return kind;
}

/** The schema of a file, built in `c`: its kind's, or a Markdown entry's front matter (each builds once per context). */
function schemaFor(file: SourceFile, kinds: KindTable, c: ContentFacts): z.ZodType {
  return fileSchema(kindOf(file, kinds), file.markdown, c);
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
  } else {
    // The same context object with its facts replaced (the dev server's, between saves): the copy follows them.
    const { resolveImage } = found.context;
    Object.assign(found.context, context, { resolveImage });
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
  kinds: KindTable = contentKinds,
): { content: Content; problems: Problem[] } {
  const problems: Problem[] = [];
  const content: Content = { settings: {}, pages: [], collections: {}, forms: {} };

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
      add(content, file, known.value, kinds);
      continue;
    }
    const before = problems.length;
    const images: [ImageInput, PlacementName][] = [];
    recorder.images = images;
    let value: unknown;
    try {
      value = validateFile(file, recorder.context, problems, kinds);
    } finally {
      recorder.images = undefined;
    }
    if (value === undefined) continue;
    add(content, file, value, kinds);
    if (cache && file.cached && problems.length === before && jsonSafe(value)) {
      file.cached.valid = { context: cache.context, value, images };
      cache.touch();
    }
  }
  // An optional settings file left out: its schema's defaults.
  for (const kind of kinds) {
    if (kind.role === "settings" && kind.optional && !files.some((file) => file.kind === kind.name)) {
      content.settings[kind.name] = kind.schema(context).parse({});
    }
  }
  return { content, problems };
}

/** A problem of an entry's text (`body`), at its place in the file below the front matter. */
function bodyProblem(file: SourceFile, issue: z.core.$ZodIssue, skipped: number, noun: string): Problem {
  const params = (issue as { params?: { line?: number; column?: number } }).params;
  const at = params?.line !== undefined ? { line: params.line + skipped, column: params.column ?? 1 } : undefined;
  const missing = issue.code === "invalid_type" && !at;
  const message = missing ? `the ${noun} has no text: write it in Markdown below the front matter (after the second "---" line)` : issue.message;
  return { file: file.path, ...locateInBody(file, at), field: "body", message };
}

/** A file's validated value: for a Markdown page, the page with its body compiled. */
function validateFile(file: SourceFile, context: ContentFacts, problems: Problem[], kinds: KindTable): unknown {
  const schema = schemaFor(file, kinds, context);
  const kind = kindOf(file, kinds);
  const address = kind.role === "collection" && "address" in kind ? kind.address : undefined;
  // "#anchor" links in a page point into that page; an entry with a page of its own is a page too.
  const route = file.role === "page" ? (file.data as { route?: unknown } | null)?.route : address ? entryAddress(address, file.name) : undefined;
  const here: FileScope = { route: typeof route === "string" ? route : undefined, allowDraftReferences: false };
  const { input, skipped } = address && file.body ? withBody(file) : { input: file.data, skipped: 0 };
  const describe = (issue: z.core.$ZodIssue) =>
    address && issue.path[0] === "body" && issue.path.length === 1 && file.body ? [bodyProblem(file, issue, skipped, kind.noun)] : describeIssue(file, schema, issue);
  return inFile(context, here, () => {
    let result = schema.safeParse(input);
    if (!result.success) {
      // A draft may refer to other drafts, and what is not shown yet to pages not shown yet; only published content may not.
      const excused = (issue: z.core.$ZodIssue) =>
        (isDraftReference(issue) && inDraft(file.data, issue.path)) || (isScheduledReference(issue) && inUnshown(file.path, issue.path, context.unshown.items));
      const issues = result.error.issues.filter((issue) => !excused(issue));
      if (issues.length === 0) result = inFile(context, { ...here, allowDraftReferences: true }, () => schema.safeParse(input));
      if (!result.success) {
        for (const issue of issues) problems.push(...describe(issue));
        return undefined;
      }
    }
    const data: unknown = result.data;
    if (!file.markdown || address) return data;
    const front = data as PageData & { heading?: string; updated?: string };
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

/** Puts a file's validated value where its kind's role says. */
function add(content: Content, file: SourceFile, data: unknown, kinds: KindTable): void {
  switch (kindOf(file, kinds).role) {
    case "settings":
      content.settings[file.kind] = data;
      break;
    case "page":
      content.pages.push({ file, page: data as PageData });
      break;
    case "collection":
      // The id is the file name; files arrive sorted, so entries are in id order.
      (content.collections[file.kind] ??= []).push({ id: file.name, ...(data as object) });
      break;
    case "form":
      content.forms[file.name] = data as Form;
      break;
  }
}

function compileBody(file: SourceFile, context: ContentFacts, here: FileScope, problems: Problem[]) {
  const body = file.body!;
  if (!body.text.trim()) {
    problems.push({ file: file.path, ...locateInBody(file), field: "body", message: "the page has no text: write it below the front matter" });
    return undefined;
  }
  const result = context.markdown(body.text, here.route);
  const draft = inDraft(file.data, []);
  const unshown = inUnshown(file.path, [], context.unshown.items);
  result.problems = result.problems.filter((problem) => !((problem.draftReference && draft) || (problem.scheduledReference && unshown)));
  for (const problem of result.problems) {
    problems.push({ file: file.path, ...locateInBody(file, problem), field: "body", message: problem.message });
  }
  return result.problems.length === 0 ? (result.html as Html) : undefined;
}

/** The content without its drafts: what the published site shows. */
export function published(content: Content): Content {
  const collections = Object.fromEntries(
    Object.entries(content.collections).map(([name, entries]) => [name, (entries as { draft?: boolean }[]).filter((e) => !e.draft)]),
  ) as unknown as Content["collections"];
  const pages = content.pages
    .filter(({ page }) => !page.draft)
    .map(({ file, page }) => ({ file, page: { ...page, sections: page.sections.filter((section) => !section.draft) } }));
  return { ...content, pages, collections };
}
