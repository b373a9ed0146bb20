/**
 * What exists outside the file being validated: the ids of every collection entry and form, the
 * routes of every page, the image files, and the site-wide text tokens. The content pipeline supplies
 * it while it validates. This keeps every cross-file rule attached to the field it is about, so each
 * problem is reported at that field's line and column. A field that needs the context and finds none
 * fails (fail closed): content is never published unchecked.
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
}

export interface ContentContext {
  /** Known ids per kind of referenced thing ("plans", "forms", ...), in file order. */
  ids?: Readonly<Partial<Record<ReferenceKind, readonly string[]>>>;
  /** Routes of every page, e.g. "/", "/about". */
  routes?: readonly string[];
  /** A page could not be read, so its route is unknown: links are not checked until it is fixed. */
  routesUnknown?: boolean;
  /** The section anchors of every page, by route: "#pricing" links land on one of them. */
  anchors?: Readonly<Record<string, readonly string[]>>;
  /** The route of the page being validated; "#anchor" links point into it. */
  route?: string;
  /**
   * Checks a picture for the place it is shown in and returns its public URLs and size (a photo's
   * smaller versions and formats included), or what is wrong with it.
   */
  resolveImage?: (image: ImageInput, where: PlacementName) => ResolvedImage | string;
  /** Compiles Markdown to sanitised HTML and reports what is not allowed in it. */
  markdown?: (source: string, route?: string) => { html: string; problems: MarkdownProblem[] };
  /** Ids (per kind), routes and anchors (by route) of drafts: published content may not refer to them. */
  drafts?: {
    ids: Readonly<Partial<Record<ReferenceKind, readonly string[]>>>;
    routes: readonly string[];
    anchors?: Readonly<Record<string, readonly string[]>>;
  };
  /** The redirects in content/redirects.yaml, in file order: old address → new one. */
  redirects?: readonly { from: string; to: string }[];
  /** The route of the page shown for addresses that do not exist. */
  notFoundRoute?: string;
  /** Set to re-validate a draft whose only problems are references to other drafts. */
  allowDraftReferences?: boolean;
}

/** The `params` of an issue that is a reference to a draft (ignored inside drafts). */
export const draftReference = { draftReference: true } as const;

let current: ContentContext = {};

/** Runs `fn` with `ctx` as the content context; validation is synchronous, so this is safe. */
export function withContentContext<T>(ctx: ContentContext, fn: () => T): T {
  const previous = current;
  current = ctx;
  try {
    return fn();
  } finally {
    current = previous;
  }
}

export function contentContext(): ContentContext {
  return current;
}

/** The message of a field checked with no content context: a bug in the caller, never published. */
export function noContext(what: string): string {
  return `cannot check ${what}: validated without the content context (run it through the content pipeline)`;
}
