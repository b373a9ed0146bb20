/**
 * Builds the content context: what exists (collection ids, form ids, page routes, image files) and
 * the services the schemas call (Markdown compiler, image resolver in images.ts). Read from the raw
 * data, so a reference is checked even when the file it points into has a problem of its own.
 */
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { collectionNames, type ContentContext } from "../../schemas/index.ts";
import { hashOf } from "./cache.ts";
import { createImageResolver, type ImageResolver } from "./images.ts";
import type { Loaded } from "./load.ts";
import { createMarkdown } from "./markdown.ts";
import { tokensFrom } from "./tokens.ts";

function record(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function str(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}


/** What an unreadable file would have been: its kind, name and, for a page, its route if legible. */
function unreadableFile(contentDir: string, rel: string): { kind: string; name: string; route?: string } | undefined {
  const match = /^(pages|forms|collections\/[^/]+)\/([^/]+)\.(?:yaml|yml|md)$/.exec(rel);
  if (!match) return undefined;
  const [, kind, name] = match as unknown as [string, string, string];
  // An entry that cannot be read still has its id: its file name.
  if (kind.startsWith("collections/")) return { kind: kind.slice("collections/".length), name };
  if (kind !== "pages") return { kind, name };
  let text = "";
  try {
    text = readFileSync(join(contentDir, rel), "utf8");
  } catch {
    // Gone since it was listed: its route is unknown.
  }
  // A route is a path of letters, digits and hyphens: whatever follows is part of the mistake.
  return { kind, name, route: /^route:[ \t]*["']?(\/[\w/-]*)/m.exec(text)?.[1] };
}

/**
 * What the context is made of, as plain data: the ids, routes, anchors, drafts and redirects the
 * files declare, the site settings (for the {{tokens}}) and the pictures. A worker thread (workers.ts)
 * makes the same context from it.
 */
export interface ContextInputs {
  contentDir: string;
  ids: Record<string, string[]>;
  routes: string[];
  routesUnknown: boolean;
  anchors: Record<string, string[]>;
  drafts: { ids: Record<string, string[]>; routes: string[]; anchors: Record<string, string[]> };
  redirects?: { from: string; to: string }[];
  /** site.yaml's {{tokens}} (phone, email, ...; leads.yaml's retention too) and the route of the not-found page: all other files read of them. */
  tokens: Record<string, string | undefined>;
  notFoundRoute?: string;
  images: string[];
}

export function contextInputs(contentDir: string, loaded: Loaded): ContextInputs {
  const ids: Record<string, string[]> = { forms: [] };
  const drafts = { ids: {} as Record<string, string[]>, routes: [] as string[], anchors: {} as Record<string, string[]> };
  const anchors: Record<string, string[]> = {};
  for (const name of collectionNames) ids[name] = [];
  const routes: string[] = [];
  // What depends on a file that cannot be read is not checked: its own problem comes first, and
  // whatever else would be said is a consequence. A collection's ids are unknown; a form's id is its
  // file name; a page's route, when it can be read off its text, is known, and otherwise no route is.
  let routesKnown = true;
  for (const rel of loaded.unreadable) {
    const file = unreadableFile(contentDir, rel);
    if (file?.kind === "forms") ids.forms!.push(file.name);
    else if (file && file.kind in ids) ids[file.kind]!.push(file.name);
    else if (file?.kind === "pages" && file.route) routes.push(file.route);
    else if (file?.kind === "pages") routesKnown = false;
  }
  let siteData: unknown;
  let leadsData: unknown;
  const formsData: Record<string, unknown> = {};
  let redirects: { from: string; to: string }[] | undefined;
  for (const file of loaded.files) {
    if (file.kind === "collection" && file.collection) {
      ids[file.collection]!.push(file.name);
      if (record(file.data).draft === true) (drafts.ids[file.collection] ??= []).push(file.name);
    } else if (file.kind === "form") {
      ids.forms!.push(file.name);
      formsData[file.name] = file.data;
    } else if (file.kind === "page" || file.kind === "markdown-page") {
      const route = str(record(file.data).route);
      if (route) routes.push(route);
      if (route && record(file.data).draft === true) drafts.routes.push(route);
      if (route) {
        const sections = Array.isArray(record(file.data).sections) ? (record(file.data).sections as unknown[]) : [];
        for (const section of sections.map(record)) {
          const anchor = str(section.anchor);
          if (!anchor) continue;
          (anchors[route] ??= []).push(anchor);
          if (section.draft === true) (drafts.anchors[route] ??= []).push(anchor);
        }
      }
    } else if (file.kind === "site") {
      siteData = file.data;
    } else if (file.kind === "leads") {
      leadsData = file.data;
    } else if (file.kind === "redirects" && Array.isArray(record(file.data).redirects)) {
      redirects = (record(file.data).redirects as unknown[])
        .map((entry) => ({ from: str(record(entry).from), to: str(record(entry).to) }))
        .filter((entry): entry is { from: string; to: string } => Boolean(entry.from && entry.to));
    }
  }
  routes.sort();
  const tokens = tokensFrom(siteData, leadsData, formsData);
  const notFoundRoute = str(record(siteData).notFoundRoute);
  return { contentDir, ids, routes, routesUnknown: !routesKnown, anchors, drafts, redirects, tokens, notFoundRoute, images: loaded.images };
}

/** The context from its inputs: with the services the schemas call (Markdown, pictures). */
export function contextFrom(inputs: ContextInputs): { context: ContentContext; images: ImageResolver } {
  const { contentDir, ids, routes, routesUnknown, anchors, drafts, redirects, tokens, notFoundRoute } = inputs;
  const images = createImageResolver(contentDir, inputs.images);
  const markdown = createMarkdown({ tokens, routes: routesUnknown ? undefined : routes, anchors, drafts });
  return {
    context: { ids, routes, routesUnknown, anchors, resolveImage: images.resolveImage, markdown, drafts, redirects, notFoundRoute },
    images,
  };
}

/**
 * Everything validation reads besides the file itself: every context input as it is (so an input
 * added later is covered without a change here: ids, routes, anchors, drafts, redirects, site.yaml's
 * {{tokens}} and not-found route, the only parts of it other files depend on, so a new copyright
 * line validates no page again), the pictures by name, size and time, and the unreadable files. A
 * validated value in the per-file cache counts only for this fingerprint, or (the dev server) for
 * one that differs only in what the file does not mention (reuseAcrossContexts).
 */
export function contextFingerprint(loaded: Loaded, inputs: ContextInputs): string {
  const pictures = inputs.images.map((rel) => {
    try {
      const { size, mtimeMs } = statSync(join(inputs.contentDir, rel));
      return [rel, size, mtimeMs];
    } catch {
      return [rel];
    }
  });
  // The pictures' names are replaced by their stats; every other input goes in as it is.
  return hashOf(JSON.stringify([{ ...inputs, images: pictures }, loaded.unreadable]));
}

/**
 * The context as facts, each with the names a file would have to mention to depend on it: an id, a
 * route, an anchor, a token's name, a picture's file name. A fact named "" concerns every file.
 */
function contextFacts(inputs: ContextInputs, pictures: (string | number)[][]): Map<string, string[]> {
  const facts = new Map<string, string[]>();
  const add = (key: unknown[], names: string[]) => facts.set(JSON.stringify(key), names);
  const { ids, routes, routesUnknown, anchors, drafts, redirects, tokens, notFoundRoute } = inputs;
  for (const [kind, list] of Object.entries(ids)) for (const id of list) add(["id", kind, id], [id]);
  for (const route of routes) add(["route", route], [route]);
  for (const [route, list] of Object.entries(anchors)) for (const anchor of list) add(["anchor", route, anchor], [anchor]);
  for (const [kind, list] of Object.entries(drafts.ids)) for (const id of list) add(["draft", kind, id], [id]);
  for (const route of drafts.routes) add(["draft route", route], [route]);
  for (const [route, list] of Object.entries(drafts.anchors)) for (const anchor of list) add(["draft anchor", route, anchor], [anchor]);
  for (const { from, to } of redirects ?? []) add(["redirect", from, to], [from, to]);
  add(["redirects file", redirects === undefined], [""]);
  add(["routes unknown", routesUnknown], [""]);
  add(["not found", notFoundRoute], [""]);
  for (const [name, value] of Object.entries(tokens)) add(["token", name, value ?? null], [name]);
  for (const picture of pictures) add(["picture", ...picture], [String(picture[0]).split("/").at(-1)!]);
  return facts;
}

// The dev server's recent contexts (by the cache it keeps between saves): fingerprint → facts.
const recentContexts = new WeakMap<object, Map<string, Map<string, string[]>>>();
const rememberedContexts = 8;
/** Past this many differing names, every file is validated again (the test would cost more). */
const mostNames = 64;

/**
 * For a cache kept between runs (the dev server): whether a file validated in an earlier context
 * (`validatedIn`) still holds in this one: the contexts differ only in facts whose names its text
 * does not contain (a file refers to an id, route, anchor, token or picture by writing it). An edit
 * that adds an anchor or changes the phone number validates again only the files that mention it.
 * A CLI run has no earlier contexts: there the fingerprints must match.
 */
export function reuseAcrossContexts(
  owner: object,
  fingerprint: string,
  inputs: ContextInputs,
): (validatedIn: string, text: string) => boolean {
  let known = recentContexts.get(owner);
  if (!known) recentContexts.set(owner, (known = new Map()));
  const pictures = inputs.images.map((rel) => {
    try {
      const { size, mtimeMs } = statSync(join(inputs.contentDir, rel));
      return [rel, size, mtimeMs];
    } catch {
      return [rel];
    }
  });
  const now = known.get(fingerprint) ?? contextFacts(inputs, pictures);
  known.delete(fingerprint);
  known.set(fingerprint, now);
  while (known.size > rememberedContexts) known.delete(known.keys().next().value!);
  const differing = new Map<string, string[] | null>();
  return (validatedIn, text) => {
    if (validatedIn === fingerprint) return true;
    let names = differing.get(validatedIn);
    if (names === undefined) {
      const then = known.get(validatedIn);
      names = then ? namesThatDiffer(then, now) : null;
      differing.set(validatedIn, names);
    }
    return names !== null && names.every((name) => !text.includes(name));
  };
}

/** The names of the facts in one context and not the other; null when one concerns every file. */
function namesThatDiffer(a: Map<string, string[]>, b: Map<string, string[]>): string[] | null {
  const names = new Set<string>();
  for (const [one, other] of [
    [a, b],
    [b, a],
  ] as const) {
    for (const [key, list] of one) {
      if (other.has(key)) continue;
      for (const name of list) names.add(name);
      if (names.has("") || names.size > mostNames) return null;
    }
  }
  return [...names];
}
