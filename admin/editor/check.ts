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
  classifyPath,
  fileSchema,
  inFile,
  kindNamed,
  noFile,
  type ContentFacts,
  type FileScope,
  type ResolvedImage,
} from "../../schemas/index.ts";
import { describeIssue } from "../../scripts/content/problems/describe-issue.ts";
import { declaredBy } from "../../scripts/content/stages/declared.ts";
import { withBody } from "../../scripts/content/stages/entry-body.ts";
import { inDraft, isDraftReference } from "../../scripts/content/stages/drafts.ts";
import type { FileIdentity, SourceFile } from "../../scripts/content/stages/load.ts";
import { yamlPartOf } from "../../scripts/content/stages/front-matter.ts";
import { createMarkdown } from "../../scripts/content/stages/markdown.ts";
import { lineStartsOf, locateInBody } from "../../scripts/content/problems/position.ts";
import { fieldPath, type Problem } from "../../scripts/content/problems/problem.ts";
import { checkRules } from "../../scripts/content/stages/rules.ts";
import type { Content } from "../../scripts/content/stages/validate.ts";
import { asRecord, asString } from "../../scripts/content/stages/unchecked.ts";

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

/** What a file under content/ is, by its path: the table of kinds says, as for the content check. */
export function kindOf(rel: string): Omit<FileIdentity, "path" | "rel"> | undefined {
  const found = classifyPath(rel);
  if (found === undefined || typeof found === "string") return undefined;
  return { kind: found.kind.name, role: found.kind.role, markdown: found.markdown, name: found.name };
}

/** A file parsed with positions, as the content check reads it; undefined when it cannot be read. */
export function sourceOf(stored: StoredFile): SourceFile | undefined {
  const identity = kindOf(stored.rel);
  if (!identity) return undefined;
  const { text } = stored;
  const part = yamlPartOf(text, identity.markdown);
  if (!part) return undefined;
  const { yamlText, yamlOffset, body } = part;
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

/** The content files as stored are read once each (the check runs on every change, the history on each version). */
const parsed = new WeakMap<StoredFile, SourceFile | undefined>();
function storedSource(stored: StoredFile): SourceFile | undefined {
  if (!parsed.has(stored)) parsed.set(stored, sourceOf(stored));
  return parsed.get(stored);
}

/** The schema of a file: its kind's row (schemas/kinds.ts), or a Markdown entry's front matter. */
function schemaFor(file: SourceFile, c: ContentFacts): z.ZodType {
  return fileSchema(kindNamed(file.kind)!, file.markdown, c);
}

/** The content context from the files, as scripts/content/stages/context.ts makes it from the loaded files. */
export function contextOf(files: readonly SourceFile[], images?: readonly string[]): ContentFacts {
  const { ids, routes, anchors, drafts, redirects, tokens, notFoundRoute, timeZone } = declaredBy(files);
  const known = images ? new Set(images) : undefined;
  return {
    known: true,
    ids,
    routes,
    routesUnknown: false,
    anchors,
    drafts,
    file: noFile(),
    redirects: redirects ?? [],
    notFoundRoute,
    timeZone,
    // What is not shown at the build's time is the site's check's to say (it knows the build's clock).
    unshown: { routes: {}, items: [] },
    markdown: createMarkdown({ tokens, routes, anchors, drafts }),
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
  const files = [file, ...others.filter((o) => o.rel !== target.rel).flatMap((o) => storedSource(o) ?? [])];
  const context = contextOf(files, images);
  const route = file.role === "page" ? asString(asRecord(file.data).route) : undefined;
  const here: FileScope = { route, allowDraftReferences: false };
  const schema = schemaFor(file, context);
  const problems: Problem[] = [];
  let value: unknown;
  // An entry with a page of its own: its text is its schema's `body` field (scripts/content/stages/entry-body.ts).
  const kind = kindNamed(file.kind);
  const input = kind && "address" in kind && kind.address ? withBody(file).input : file.data;
  inFile(context, here, () => {
    let result = schema.safeParse(input);
    if (!result.success) {
      const issues = result.error.issues.filter(
        (issue) => !(isDraftReference(issue) && inDraft(file.data, issue.path)),
      );
      if (issues.length === 0) {
        result = inFile(context, { ...here, allowDraftReferences: true }, () => schema.safeParse(input));
      }
      if (!result.success) for (const issue of issues) problems.push(...describeIssue(file, schema, issue));
    }
    if (result.success) value = result.data;
    if (file.markdown && file.body && input === file.data) {
      if (!file.body.text.trim()) {
        problems.push({
          file: file.path,
          ...locateInBody(file),
          field: "body",
          message: "the page has no text: write it",
        });
      } else {
        const compiled = context.markdown(file.body.text, route);
        const draft = inDraft(file.data, []);
        for (const p of compiled.problems.filter((p) => !(p.draftReference && draft))) {
          problems.push({ file: file.path, ...locateInBody(file, p), field: "body", message: p.message });
        }
      }
    }
  });
  if (problems.length === 0 && value !== undefined) {
    // The rules across files read the pages' routes and the plans as the files have them; the
    // entry being saved as parsed (its references are { kind, id }), since only its problems count.
    const content: Content = { settings: {}, pages: [], collections: {}, forms: {} };
    for (const f of files) {
      if (f.role === "page") content.pages.push({ file: f, page: f.data as never });
      if (f.role === "collection") {
        (content.collections[f.kind] ??= []).push({ id: f.name, ...asRecord(f === file ? value : f.data) });
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
