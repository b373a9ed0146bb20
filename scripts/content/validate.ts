/**
 * Validate: every file against its Zod schema, inside the content context so references, links,
 * images and Markdown are checked field by field. In: loaded files. Out: the parsed content and the
 * problems, each at its file, line, column and field.
 */
import type { z } from "zod";
import {
  collectionSchemas,
  form,
  markdownPage,
  page,
  redirects,
  site,
  withContentContext,
  type CollectionName,
  type Collections,
  type ContentContext,
  type Form,
  type Html,
  type PageData,
  type Redirect,
  type Site,
} from "../../schemas/index.ts";
import { describeIssue } from "./describe-issue.ts";
import { positionOf, type SourceFile } from "./load.ts";
import type { Problem } from "./problem.ts";

export interface Content {
  site?: Site;
  /** Old addresses and where they lead; none when content/redirects.yaml is absent. */
  redirects: Redirect[];
  pages: { file: SourceFile; page: PageData }[];
  collections: Partial<Collections>;
  forms: Record<string, Form>;
}

function schemaFor(file: SourceFile): z.ZodType {
  switch (file.kind) {
    case "site":
      return site;
    case "redirects":
      return redirects;
    case "page":
      return page;
    case "markdown-page":
      return markdownPage;
    case "collection":
      return collectionSchemas[file.collection as CollectionName];
    case "form":
      return form;
  }
}

/** Whether `path` lies inside something marked `draft: true` (the file, a section, an entry). */
export function inDraft(data: unknown, path: readonly PropertyKey[]): boolean {
  let node = data;
  for (let i = 0; ; i++) {
    if (node !== null && typeof node === "object" && (node as { draft?: unknown }).draft === true) return true;
    if (i === path.length || node === null || typeof node !== "object") return false;
    node = (node as Record<PropertyKey, unknown>)[path[i]!];
  }
}

const isDraftReference = (issue: z.core.$ZodIssue) =>
  issue.code === "custom" && (issue.params as { draftReference?: boolean } | undefined)?.draftReference === true;

export function validate(files: readonly SourceFile[], context: ContentContext): { content: Content; problems: Problem[] } {
  const problems: Problem[] = [];
  const content: Content = { redirects: [], pages: [], collections: {}, forms: {} };

  withContentContext(context, () => {
    for (const file of files) {
      const schema = schemaFor(file);
      // "#anchor" links in a page point into that page.
      const route = file.kind === "page" || file.kind === "markdown-page" ? (file.data as { route?: unknown } | null)?.route : undefined;
      const here = { ...context, route: typeof route === "string" ? route : undefined };
      let result = withContentContext(here, () => schema.safeParse(file.data));
      if (!result.success) {
        // A draft may refer to other drafts; only published content may not.
        const issues = result.error.issues.filter((issue) => !(isDraftReference(issue) && inDraft(file.data, issue.path)));
        if (issues.length === 0) result = withContentContext({ ...here, allowDraftReferences: true }, () => schema.safeParse(file.data));
        if (!result.success) {
          for (const issue of issues) problems.push(...describeIssue(file, schema, issue));
          continue;
        }
      }
      const data: unknown = result.data;
      switch (file.kind) {
        case "site":
          content.site = data as Site;
          break;
        case "redirects":
          content.redirects = (data as { redirects: Redirect[] }).redirects;
          break;
        case "page":
          content.pages.push({ file, page: data as PageData });
          break;
        case "markdown-page": {
          const front = data as z.output<typeof markdownPage>;
          const body = compileBody(file, here, problems);
          if (body === undefined) break;
          const { heading, updated, ...fields } = front;
          content.pages.push({
            file,
            page: {
              ...fields,
              updated,
              sections: [
                { type: "prose", heading: heading ?? front.title, body, draft: false, background: "plain", actions: [] },
              ],
            },
          });
          break;
        }
        case "collection":
          // The id is the file name; files arrive sorted, so entries are in id order.
          ((content.collections as Record<string, unknown[]>)[file.collection!] ??= []).push({ id: file.name, ...(data as object) });
          break;
        case "form":
          content.forms[file.name] = data as Form;
          break;
      }
    }
  });
  return { content, problems };
}

function compileBody(file: SourceFile, context: ContentContext, problems: Problem[]) {
  const body = file.body!;
  const start = positionOf(file, body.offset);
  if (!body.text.trim()) {
    problems.push({ file: file.path, ...start, field: "body", message: "the page has no text: write it below the front matter" });
    return undefined;
  }
  const result = context.markdown!(body.text, context.route);
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
