/**
 * The content check, run in the browser on the entry being saved: its file (the text the CMS is about
 * to write) against its schema, inside a content context made from the other content files as they
 * are stored (their ids, routes, anchors, drafts, redirects and the site's tokens), then the rules
 * across files (unique routes, one popular plan). The same schemas, the same context, the same
 * marketer wording (describe-issue.ts) as `npm run content:check`, so the editor refuses what the
 * site would refuse. What the browser cannot know (a picture's pixel size) is left to the site's check.
 */
import { parseDocument } from "yaml";
import type { z } from "zod";
import {
  collectionNames,
  collectionSchemas,
  form,
  leadsSettings,
  markdownPage,
  page,
  redirects,
  site,
  inFile,
  noFile,
  type CollectionName,
  type ContentFacts,
  type FileScope,
  type ResolvedImage,
} from "../schemas/index.ts";
import { describeIssue } from "../scripts/content/problems/describe-issue.ts";
import { inDraft, isDraftReference } from "../scripts/content/stages/drafts.ts";
import type { FileKind, SourceFile } from "../scripts/content/stages/load.ts";
import { createMarkdown } from "../scripts/content/stages/markdown.ts";
import { positionOf } from "../scripts/content/problems/position.ts";
import { fieldPath, type Problem } from "../scripts/content/problems/problem.ts";
import { checkRules } from "../scripts/content/stages/rules.ts";
import { tokensFrom } from "../scripts/content/stages/tokens.ts";
import type { Content } from "../scripts/content/stages/validate.ts";

/** A content file as stored: its path inside content/ ("pages/home.yaml") and its text. */
export interface StoredFile {
  rel: string;
  text: string;
}

/** A problem of the entry: the field ("contact.phone.e164", "sections[3].questions[1]") and the words. */
export interface Found {
  field: string;
  line: number;
  message: string;
}

function record(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
const str = (value: unknown) => (typeof value === "string" ? value : undefined);

/** What a file under content/ is, by its path (as load.ts classifies it). */
export function kindOf(rel: string): { kind: FileKind; name: string; collection?: CollectionName } | undefined {
  if (rel === "site.yaml") return { kind: "site", name: "site" };
  if (rel === "redirects.yaml") return { kind: "redirects", name: "redirects" };
  if (rel === "leads.yaml") return { kind: "leads", name: "leads" };
  let m = /^pages\/([^/]+)\.(yaml|md)$/.exec(rel);
  if (m) return { kind: m[2] === "md" ? "markdown-page" : "page", name: m[1]! };
  m = /^forms\/([^/]+)\.yaml$/.exec(rel);
  if (m) return { kind: "form", name: m[1]! };
  m = /^collections\/([^/]+)\/([^/]+)\.yaml$/.exec(rel);
  if (m && (collectionNames as string[]).includes(m[1]!)) {
    return { kind: "collection", name: m[2]!, collection: m[1] as CollectionName };
  }
  return undefined;
}

function lineStartsOf(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) starts.push(i + 1);
  return starts;
}

/** A file parsed with positions, as the content check reads it; undefined when it cannot be read. */
export function sourceOf(stored: StoredFile): SourceFile | undefined {
  const identity = kindOf(stored.rel);
  if (!identity) return undefined;
  const { text } = stored;
  let yamlText = text;
  let yamlOffset = 0;
  let body: SourceFile["body"];
  if (identity.kind === "markdown-page") {
    const match = /^---[^\n]*\n([\s\S]*?)(?:^|\n)---[^\n]*(?:\n|$)/.exec(text);
    if (!match) return undefined;
    yamlOffset = text.indexOf("\n") + 1;
    yamlText = match[1]!;
    const offset = match[0].length;
    body = { text: text.slice(offset), offset };
  }
  const doc = parseDocument(yamlText, { prettyErrors: false, uniqueKeys: true });
  if (doc.errors.length > 0) return undefined;
  return {
    ...identity,
    path: `content/${stored.rel}`,
    rel: stored.rel,
    text,
    lineStarts: lineStartsOf(text),
    doc,
    yamlOffset,
    data: doc.toJS({ maxAliasCount: 100 }),
    body,
  };
}

function schemaFor(file: SourceFile, c: ContentFacts): z.ZodType {
  switch (file.kind) {
    case "site":
      return site(c);
    case "redirects":
      return redirects(c);
    case "page":
      return page(c);
    case "markdown-page":
      return markdownPage(c);
    case "collection":
      return collectionSchemas(c)[file.collection!];
    case "form":
      return form(c);
    case "leads":
      return leadsSettings(c);
  }
}

/** The content context from the files, as scripts/content/stages/context.ts makes it from the loaded files. */
export function contextOf(files: readonly SourceFile[], images?: readonly string[]): ContentFacts {
  const ids: Record<string, string[]> = { forms: [] };
  for (const name of collectionNames) ids[name] = [];
  const drafts = {
    ids: {} as Record<string, string[]>,
    routes: [] as string[],
    anchors: {} as Record<string, string[]>,
  };
  const anchors: Record<string, string[]> = {};
  const routes: string[] = [];
  let siteData: unknown;
  let leadsData: unknown;
  const formsData: Record<string, unknown> = {};
  let redirectList: { from: string; to: string }[] | undefined;
  for (const file of files) {
    const data = record(file.data);
    if (file.kind === "collection" && file.collection) {
      ids[file.collection]!.push(file.name);
      if (data.draft === true) (drafts.ids[file.collection] ??= []).push(file.name);
    } else if (file.kind === "form") {
      ids.forms!.push(file.name);
      formsData[file.name] = file.data;
    } else if (file.kind === "page" || file.kind === "markdown-page") {
      const route = str(data.route);
      if (!route) continue;
      routes.push(route);
      if (data.draft === true) drafts.routes.push(route);
      for (const section of (Array.isArray(data.sections) ? data.sections : []).map(record)) {
        const anchor = str(section.anchor);
        if (!anchor) continue;
        (anchors[route] ??= []).push(anchor);
        if (section.draft === true) (drafts.anchors[route] ??= []).push(anchor);
      }
    } else if (file.kind === "site") siteData = file.data;
    else if (file.kind === "leads") leadsData = file.data;
    else if (file.kind === "redirects" && Array.isArray(data.redirects)) {
      redirectList = (data.redirects as unknown[])
        .map((entry) => ({ from: str(record(entry).from), to: str(record(entry).to) }))
        .filter((entry): entry is { from: string; to: string } => Boolean(entry.from && entry.to));
    }
  }
  routes.sort();
  const known = images ? new Set(images) : undefined;
  return {
    known: true,
    ids,
    routes,
    routesUnknown: false,
    anchors,
    drafts,
    file: noFile(),
    redirects: redirectList ?? [],
    notFoundRoute: str(record(siteData).notFoundRoute),
    markdown: createMarkdown({ tokens: tokensFrom(siteData, leadsData, formsData), routes, anchors, drafts }),
    // The browser knows which pictures exist, not their size: the site's own check weighs that.
    resolveImage: (image) => {
      const name = image.src.replace(/^images\//, "");
      if (known && !known.has(name)) {
        return `there is no picture "${image.src}" in the pictures: choose one from the media library, or upload it`;
      }
      return { src: image.src, alt: image.alt, width: 1200, height: 800 } as unknown as ResolvedImage;
    },
  };
}

/**
 * What the content check would say about `target` (the file as it would be written) among `others`
 * (the other content files as stored; the target's own stored version is ignored). `images`: the
 * pictures' paths inside content/images, when known.
 */
export function checkEntry(target: StoredFile, others: readonly StoredFile[], images?: readonly string[]): Found[] {
  const file = sourceOf(target);
  if (!file) {
    return [{ field: "", line: 1, message: "this entry cannot be read back: please tell the developers" }];
  }
  const files = [file, ...others.filter((o) => o.rel !== target.rel).flatMap((o) => sourceOf(o) ?? [])];
  const context = contextOf(files, images);
  const route = file.kind === "page" || file.kind === "markdown-page" ? str(record(file.data).route) : undefined;
  const here: FileScope = { route, allowDraftReferences: false };
  const schema = schemaFor(file, context);
  const problems: Problem[] = [];
  let value: unknown;
  inFile(context, here, () => {
    let result = schema.safeParse(file.data);
    if (!result.success) {
      const issues = result.error.issues.filter(
        (issue) => !(isDraftReference(issue) && inDraft(file.data, issue.path)),
      );
      if (issues.length === 0) {
        result = inFile(context, { ...here, allowDraftReferences: true }, () => schema.safeParse(file.data));
      }
      if (!result.success) for (const issue of issues) problems.push(...describeIssue(file, schema, issue));
    }
    if (result.success) value = result.data;
    if (file.kind === "markdown-page" && file.body) {
      const start = positionOf(file, file.body.offset);
      if (!file.body.text.trim()) {
        problems.push({ file: file.path, ...start, field: "body", message: "the page has no text: write it" });
      } else {
        const compiled = context.markdown(file.body.text, route);
        const draft = inDraft(file.data, []);
        for (const p of compiled.problems.filter((p) => !(p.draftReference && draft))) {
          problems.push({
            file: file.path,
            line: start.line + p.line - 1,
            column: p.column,
            field: "body",
            message: p.message,
          });
        }
      }
    }
  });
  if (problems.length === 0 && value !== undefined) {
    // The rules across files read the pages' routes and the plans as the files have them; the
    // entry being saved as parsed (its references are { kind, id }), since only its problems count.
    const content: Content = { redirects: [], pages: [], collections: {}, forms: {} };
    for (const f of files) {
      if (f.kind === "page" || f.kind === "markdown-page") content.pages.push({ file: f, page: f.data as never });
      if (f.kind === "collection") {
        ((content.collections as Record<string, unknown[]>)[f.collection!] ??= []).push({
          id: f.name,
          ...record(f === file ? value : f.data),
        });
      }
    }
    problems.push(...checkRules(content, files).filter((p) => p.file === file.path));
    // The rule keeps a route for the first file by name; the entry being saved never takes one.
    const other = content.pages.find(({ file: f, page: p }) => f !== file && route && p.route === route);
    if (other && !problems.some((p) => p.field === "route")) {
      problems.push({
        file: file.path,
        line: 1,
        column: 1,
        field: "route",
        message: `the route "${route}" is already used by ${other.file.path}: give this page another route`,
      });
    }
  }
  return problems.map((p) => ({ field: p.field, line: p.line, message: p.message }));
}

export { fieldPath };
