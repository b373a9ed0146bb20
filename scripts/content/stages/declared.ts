/**
 * What the content files declare that other files depend on: the ids of every entry a field may name
 * (by kind), the pages' routes and section anchors, what of them is a draft, the redirects, the
 * {{tokens}} and the not-found page's route. Read from the raw data, so a reference is checked even
 * when the file it points into has a problem of its own. Browser-safe: the pipeline's context
 * (context.ts) and /admin/'s check before saving (admin/editor/check.ts) both make theirs from it.
 */
import { contentKinds, pagesKinds, referableKinds, type KindTable } from "../../../schemas/index.ts";
import type { SourceFile } from "./load.ts";
import { madeAddresses } from "./addresses.ts";
import { tokensFrom } from "./tokens.ts";
import { asRecord, asString } from "./unchecked.ts";

/** A file that could not be read: its kind's name, its id and, for a page, its route if legible. */
export interface UnreadableFile {
  kind: string;
  name: string;
  route?: string;
}

export interface Declared {
  /** Ids per kind of entry a field may name ("plans", "forms", ...), in file order. */
  ids: Record<string, string[]>;
  routes: string[];
  anchors: Record<string, string[]>;
  drafts: { ids: Record<string, string[]>; routes: string[]; anchors: Record<string, string[]> };
  redirects?: { from: string; to: string }[];
  /** site.yaml's {{tokens}} (phone, email, ...; leads.yaml's retention too): all other files read of them. */
  tokens: Record<string, string | undefined>;
  /** The route of the not-found page. */
  notFoundRoute?: string;
  /** The site's time zone as site.yaml writes it (`timeZone`): dates without a zone are in it. */
  timeZone?: string;
  /** The kinds with pages (and listings), by name. */
  listings: string[];
}



export function declaredBy(
  files: readonly Pick<SourceFile, "kind" | "role" | "name" | "data">[],
  kinds: KindTable = contentKinds,
  unreadable: readonly UnreadableFile[] = [],
): Declared {
  const ids: Record<string, string[]> = {};
  const drafts: Declared["drafts"] = { ids: {}, routes: [], anchors: {} };
  const anchors: Record<string, string[]> = {};
  for (const kind of referableKinds(kinds)) ids[kind.name] = [];
  const routes: string[] = [];
  for (const file of unreadable) {
    if (file.kind in ids) ids[file.kind]!.push(file.name);
    if (file.route) routes.push(file.route);
  }
  const settings: Record<string, unknown> = {};
  const formsData: Record<string, unknown> = {};
  for (const file of files) {
    const data = asRecord(file.data);
    if (file.kind in ids) {
      ids[file.kind]!.push(file.name);
      if (data.draft === true) (drafts.ids[file.kind] ??= []).push(file.name);
    }
    if (file.role === "form") {
      formsData[file.name] = file.data;
    } else if (file.role === "page") {
      const route = asString(data.route);
      if (!route) continue;
      routes.push(route);
      if (data.draft === true) drafts.routes.push(route);
      for (const section of (Array.isArray(data.sections) ? (data.sections as unknown[]) : []).map(asRecord)) {
        const anchor = asString(section.anchor);
        if (!anchor) continue;
        (anchors[route] ??= []).push(anchor);
        if (section.draft === true) (drafts.anchors[route] ??= []).push(anchor);
      }
    } else if (file.role === "settings") {
      settings[file.kind] = file.data;
    }
  }
  let redirects: Declared["redirects"];
  if (Array.isArray(asRecord(settings.redirects).redirects)) {
    redirects = (asRecord(settings.redirects).redirects as unknown[])
      .map((entry) => ({ from: asString(asRecord(entry).from), to: asString(asRecord(entry).to) }))
      .filter((entry): entry is { from: string; to: string } => Boolean(entry.from && entry.to));
  }
  // The pages the kinds with pages make (their entries', their listings'): links to them are checked as to any page.
  for (const made of madeAddresses(files, kinds)) {
    routes.push(made.route);
    if (made.draft) drafts.routes.push(made.route);
  }
  routes.sort();
  const tokens = tokensFrom(settings.site, settings.leads, formsData);
  const timeZone = asString(asRecord(settings.site).timeZone);
  const listings = pagesKinds(kinds).map((kind) => kind.name);
  return { ids, routes, anchors, drafts, redirects, tokens, notFoundRoute: asString(asRecord(settings.site).notFoundRoute), timeZone, listings };
}
