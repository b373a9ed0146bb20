/**
 * Builds the content context: what exists (collection ids, form ids, page routes, image files) and
 * the services the schemas call (Markdown compiler, image resolver in images.ts). Read from the raw
 * data, so a reference is checked even when the file it points into has a problem of its own.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { collectionNames, noFile, type ContentFacts } from "../../../schemas/index.ts";
import { createImageResolver, type ImageResolver } from "../images/images.ts";
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
export function contextFrom(inputs: ContextInputs): { context: ContentFacts; images: ImageResolver } {
  const { contentDir, ids, routes, routesUnknown, anchors, drafts, redirects, tokens, notFoundRoute } = inputs;
  const images = createImageResolver(contentDir, inputs.images);
  const markdown = createMarkdown({ tokens, routes: routesUnknown ? undefined : routes, anchors, drafts });
  return {
    context: {
      known: true,
      ids,
      routes,
      routesUnknown,
      anchors,
      resolveImage: images.resolveImage,
      markdown,
      drafts,
      redirects: redirects ?? [],
      notFoundRoute,
      file: noFile(),
    },
    images,
  };
}
