/**
 * What exists outside the file being validated: the ids of every collection entry and form, the
 * routes of every page, the image files, and the site-wide text tokens. The content pipeline makes
 * it and passes it to the schemas, which are functions of it (as Astro's `schema: ({ image }) => …`):
 * `site(c)`, `page(c)`, `ref(c, "plans")`. This keeps every cross-file rule attached to the field it
 * is about, so each problem is reported at that field's line and column.
 *
 * Failing closed holds by construction: a schema is built either from the content's facts
 * (`ContentFacts`, every member required) or from `withoutContext` (the JSON Schemas, the guide, the
 * CMS configuration), and the compiler lets no check read a fact before it has asked which one it has;
 * without the facts every check that needs them fails with `noContext(…)`.
 */
import type { ImageInput, PlacementName, ResolvedImage } from "./placements.ts";
import type { ReferenceKind } from "./references.ts";

/** A problem found inside a Markdown field, with its position relative to the field's text. */
export interface MarkdownProblem {
  message: string;
  line: number;
  column: number;
  /** A link to a draft page: an error only when the Markdown itself is published. */
  draftReference?: boolean;
  /** A link to a page not shown at the build's time: an error only when the Markdown itself is shown then. */
  scheduledReference?: boolean;
}

/** How a Markdown field is compiled: `pictures`, the place its pictures are shown in (none: pictures are refused). */
export interface MarkdownOptions {
  pictures?: PlacementName;
}

/** Ids per kind of referenced thing ("plans", "forms", ...), in file order; none: the kind's files are unknown. */
export type IdsByKind = Readonly<Partial<Record<ReferenceKind, readonly string[]>>>;

/**
 * The file being validated: set around each parse with `inFile` (validation is synchronous), so the
 * schemas built once for a context serve every file.
 */
export interface FileScope {
  /** The route of the page being validated; "#anchor" links point into it. None: not a page. */
  route: string | undefined;
  /** Set to re-validate a file whose only problems are references excused where they are (to drafts inside drafts, to pages not shown yet inside what is not shown yet). */
  allowDraftReferences: boolean;
}

/** Everything the pipeline knows of the other files while it validates one. */
export interface ContentFacts {
  readonly known: true;
  ids: IdsByKind;
  /** Routes of every page, e.g. "/", "/about". */
  routes: readonly string[];
  /** A page could not be read, so its route is unknown: links are not checked until it is fixed. */
  routesUnknown: boolean;
  /** The section anchors of every page, by route: "#pricing" links land on one of them. */
  anchors: Readonly<Record<string, readonly string[]>>;
  /**
   * Checks a picture for the place it is shown in and returns its public URLs and size (a photo's
   * smaller versions and formats included), or what is wrong with it.
   */
  resolveImage: (image: ImageInput, where: PlacementName) => ResolvedImage | string;
  /** Compiles Markdown to sanitised HTML and reports what is not allowed in it. */
  markdown: (
    source: string,
    route?: string,
    options?: MarkdownOptions & { resolveImage?: ContentFacts["resolveImage"] },
  ) => { html: string; problems: MarkdownProblem[] };
  /** Ids (per kind), routes and anchors (by route) of drafts: published content may not refer to them. */
  drafts: {
    ids: IdsByKind;
    routes: readonly string[];
    anchors: Readonly<Record<string, readonly string[]>>;
  };
  /** The redirects in content/redirects.yaml, in file order: old address → new one (none: no file). */
  redirects: readonly { from: string; to: string }[];
  /** The route of the page shown for addresses that do not exist, when the site settings say it. */
  notFoundRoute: string | undefined;
  /**
   * What is not shown at the build's time (publishDate, expiryDate): pages by route, with when they
   * are shown, in words ("shown from Fri Nov 27 00:00 EST"), and every page, section and entry
   * outside its window, as "<file>|<field path>" (schedule.ts `hiddenKey`).
   */
  unshown: { routes: Readonly<Record<string, string>>; items: readonly string[] };
  /** The site's time zone as site.yaml writes it (`timeZone`; its own schema says whether it is one): dates written without a zone are in it. */
  timeZone: string | undefined;
  /** The kinds whose entries have pages of their own (and listings), by name: what a listing section may list. None: not checked. */
  listings?: readonly string[];
  /** The file being validated now. */
  file: FileScope;
}

/** No facts at all: what the JSON Schemas, the guide and the CMS configuration build the schemas with. */
export interface NoContext {
  readonly known: false;
}

/** What a schema that checks other files is built from: the facts, or none (then it fails closed). */
export type ContentContext = ContentFacts | NoContext;

/**
 * The context of static uses (JSON Schema, guide, CMS configuration, labels): the schemas' shape and
 * words are all there, and every check that needs other files fails with `noContext(…)`.
 */
export const withoutContext: NoContext = Object.freeze({ known: false });

/** The file scope of a file that is not a page, before any file is validated. */
export const noFile = (): FileScope => ({ route: undefined, allowDraftReferences: false });

/** Runs `parse` with `c.file` set to `file`, and puts the previous scope back after. */
export function inFile<T>(c: ContentFacts, file: FileScope, parse: () => T): T {
  const previous = c.file;
  c.file = file;
  try {
    return parse();
  } finally {
    c.file = previous;
  }
}

/**
 * A set of schemas built once per context object (Zod compiles an object schema on its first parse,
 * per instance): `build` runs the first time a context asks, and its result serves every later file.
 */
export function perContext<T>(build: (c: ContentContext) => T): (c: ContentContext) => T {
  const built = new WeakMap<ContentContext, T>();
  return (c) => {
    let value = built.get(c);
    if (value === undefined) built.set(c, (value = build(c)));
    return value;
  };
}

/** The `params` of an issue that is a reference to a draft (ignored inside drafts). */
export const draftReference = { draftReference: true } as const;
/** The `params` of an issue that is a link to a page not shown at the build's time (ignored inside what is not shown then either). */
export const scheduledReference = { scheduledReference: true } as const;

/** The message of a field checked with no content context: a bug in the caller, never published. */
export function noContext(what: string): string {
  return `cannot check ${what}: validated without the content context (run it through the content pipeline)`;
}
