/**
 * What the content files declare that other files depend on: the ids of every entry a field may name
 * (by kind), the pages' routes and section anchors, what of them is a draft, the redirects, the
 * {{tokens}} and the not-found page's route. Read from the raw data, so a reference is checked even
 * when the file it points into has a problem of its own. Browser-safe: the pipeline's context
 * (context.ts) and /admin/'s check before saving (admin/check.ts) both make theirs from it.
 */
import { contentKinds, referableKinds, type KindTable } from "../../../schemas/index.ts";
import type { SourceFile } from "./load.ts";
import { tokensFrom } from "./tokens.ts";

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
  tokens: Record<string, string | undefined>;
  notFoundRoute?: string;
  /** The site's time zone as site.yaml writes it (`timeZone`): dates without a zone are in it. */
  timeZone?: string;
}

function record(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function str(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
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
    const data = record(file.data);
    if (file.kind in ids) {
      ids[file.kind]!.push(file.name);
      if (data.draft === true) (drafts.ids[file.kind] ??= []).push(file.name);
    }
    if (file.role === "form") {
      formsData[file.name] = file.data;
    } else if (file.role === "page") {
      const route = str(data.route);
      if (!route) continue;
      routes.push(route);
      if (data.draft === true) drafts.routes.push(route);
      for (const section of (Array.isArray(data.sections) ? (data.sections as unknown[]) : []).map(record)) {
        const anchor = str(section.anchor);
        if (!anchor) continue;
        (anchors[route] ??= []).push(anchor);
        if (section.draft === true) (drafts.anchors[route] ??= []).push(anchor);
      }
    } else if (file.role === "settings") {
      settings[file.kind] = file.data;
    }
  }
  let redirects: Declared["redirects"];
  if (Array.isArray(record(settings.redirects).redirects)) {
    redirects = (record(settings.redirects).redirects as unknown[])
      .map((entry) => ({ from: str(record(entry).from), to: str(record(entry).to) }))
      .filter((entry): entry is { from: string; to: string } => Boolean(entry.from && entry.to));
  }
  routes.sort();
  const tokens = tokensFrom(settings.site, settings.leads, formsData);
  const timeZone = str(record(settings.site).timeZone);
  return { ids, routes, anchors, drafts, redirects, tokens, notFoundRoute: str(record(settings.site).notFoundRoute), timeZone };
}
