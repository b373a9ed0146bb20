/**
 * Markdown → sanitised HTML at build time: the syntax tree of mdast-util-from-markdown (micromark,
 * CommonMark), turned into HTML by mdast-util-to-hast, hast-util-sanitize and hast-util-to-html, the
 * three steps remark-html takes, called directly: no processor around them, and two packages fewer.
 * Raw HTML, unsafe link addresses and unknown {{tokens}} are reported as content problems, so they
 * are fixed in the content rather than silently dropped.
 */
import { defaultSchema, sanitize } from "hast-util-sanitize";
import { toHtml } from "hast-util-to-html";
import { fromMarkdown } from "mdast-util-from-markdown";
import { toHast } from "mdast-util-to-hast";
import {
  checkAnchor,
  didYouMean,
  imagePath,
  listOf,
  type ContentFacts,
  type MarkdownOptions as FieldOptions,
  type MarkdownProblem,
  type PlacementName,
} from "../../../schemas/index.ts";
import { lineStartsOf, positionOf } from "../problems/position.ts";

// GitHub's sanitising schema, plus tel: links (the toll-free number is linked from text), and the
// size and loading of the pictures an entry's text may hold (their addresses are the image stage's).
const schema = {
  ...defaultSchema,
  protocols: { ...defaultSchema.protocols, href: [...(defaultSchema.protocols?.href ?? []), "tel"] },
  attributes: {
    ...defaultSchema.attributes,
    img: [...(defaultSchema.attributes?.img ?? []), "width", "height", "loading", "decoding", "srcSet", "sizes"],
  },
};

interface HastNode {
  type: string;
  tagName?: string;
  value?: string;
  properties?: Record<string, unknown>;
  children?: HastNode[];
}

const textIn = (node: HastNode): string => (node.type === "text" ? (node.value ?? "") : (node.children ?? []).map(textIn).join(""));

/** A heading's id: its words in lower case joined by hyphens ("Check the cable!" → "check-the-cable"). */
export function headingId(text: string): string {
  return (
    text
      .toLowerCase()
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || "section"
  );
}

/**
 * Each h2 and h3 gets an id from its words (made unique: "steps", "steps-2") and its words become a
 * link to it, so a reader can share the address of a step. Set after sanitising, which would prefix
 * the ids it is given ("user-content-"): these are ours, made from the text.
 */
function anchorHeadings(tree: HastNode): void {
  const used = new Map<string, number>();
  for (const node of tree.children ?? []) {
    if (node.type !== "element" || (node.tagName !== "h2" && node.tagName !== "h3")) continue;
    const base = headingId(textIn(node));
    const seen = used.get(base) ?? 0;
    used.set(base, seen + 1);
    const id = seen === 0 ? base : `${base}-${seen + 1}`;
    node.properties = { ...node.properties, id };
    const hasLink = JSON.stringify(node.children ?? []).includes('"tagName":"a"');
    if (!hasLink) node.children = [{ type: "element", tagName: "a", properties: { href: `#${id}`, className: ["heading-anchor"] }, children: node.children ?? [] }];
  }
}

/** The sanitised HTML of a Markdown tree: what remark-html gives, without its final line break. */
function htmlOf(tree: ReturnType<typeof fromMarkdown>, anchors: boolean): string {
  const hast = sanitize(toHast(tree, { allowDangerousHtml: false }), schema) as unknown as HastNode;
  if (anchors) anchorHeadings(hast);
  return toHtml(hast as never, { allowDangerousHtml: false }).trim();
}

interface MdPoint {
  line: number;
  column: number;
  offset?: number;
}
interface MdNode {
  type: string;
  depth?: number;
  url?: string;
  alt?: string | null;
  value?: string;
  data?: { hProperties?: Record<string, unknown> };
  position?: { start: MdPoint; end: MdPoint };
  children?: MdNode[];
}

function walk(node: MdNode, visit: (node: MdNode) => void): void {
  visit(node);
  for (const child of node.children ?? []) walk(child, visit);
}

const safeUrl = /^(?:https:\/\/|mailto:|tel:|#)/i;

export interface MarkdownOptions {
  /**
   * Values for {{name}} tokens, e.g. {{phone}}: the one place the phone number is written. A name
   * without a value is left as it is, unreported: site.yaml is unreadable or reports it missing.
   */
  tokens: Readonly<Record<string, string | undefined>>;
  /** Routes an internal link may go to; unchecked when absent. */
  routes?: readonly string[];
  /** Section anchors by route: "#faq" and "/#faq" must land on one. */
  anchors?: Readonly<Record<string, readonly string[]>>;
  /** Drafts: a link to a draft page or section is an error in published text. */
  drafts?: ContentFacts["drafts"];
  /** Pages not shown at the build's time, by route, with when they are: a link to one is an error in text shown then. */
  unshown?: Readonly<Record<string, string>>;
}

/**
 * Emphasis marks that Markdown left as typed because they are not closed (`**bold`), found in the
 * raw text of a text node: unescaped, and opening or closing a word (not `a * b`, not `snake_case`).
 */
function unclosedEmphasis(raw: string): { index: number; mark: string } | undefined {
  for (const match of raw.matchAll(/(?<!\\)(\*\*|__|\*|_)/g)) {
    const before = raw[match.index - 1] ?? " ";
    const after = raw[match.index + match[0].length] ?? " ";
    const opens = /[\s(["']/.test(before) && /\S/.test(after);
    const closes = /\S/.test(before) && /[\s).,;:!?"']/.test(after);
    if (match[0].startsWith("_") && /\w/.test(before) && /\w/.test(after)) continue;
    if (opens || closes || match[0].length === 2) return { index: match.index, mark: match[0] };
  }
  return undefined;
}

/**
 * `source` with its {{tokens}} replaced (an unknown one is a problem), and `written`: a position in
 * the replaced text as a position in the text as written.
 */
function expandTokens(
  source: string,
  tokens: MarkdownOptions["tokens"],
  tokenNames: string[],
  problems: MarkdownProblem[],
) {
  // Per line, the {{tokens}} replaced: Markdown positions are in the replaced text, problems are
  // reported in the text as written.
  const edits: { from: number; length: number; value: number }[][] = [];
  const expanded = source
    .split("\n")
    .map((text, index) => {
      const line: (typeof edits)[number] = (edits[index] = []);
      return text.replace(/\{\{\s*([\w.-]+)\s*\}\}/g, (whole, name: string, column: number) => {
        const value = tokens[name];
        if (value !== undefined) {
          line.push({ from: column, length: whole.length, value: value.length });
          return value;
        }
        if (!(name in tokens)) {
          problems.push({
            line: index + 1,
            column: column + 1,
            message: `unknown placeholder "{{${name}}}".${didYouMean(name, tokenNames)} Known: ${listOf(tokenNames.map((t) => `{{${t}}}`))}`,
          });
        }
        return whole;
      });
    })
    .join("\n");
  const written = ({ line, column }: { line: number; column: number }) => {
    let shift = 0;
    for (const edit of edits[line - 1] ?? []) {
      const start = edit.from + shift + 1;
      if (column < start) break;
      if (column < start + edit.value) return { line, column: edit.from + 1 };
      shift += edit.value - edit.length;
    }
    return { line, column: column - shift };
  };
  return { expanded, written };
}

/**
 * A picture in an entry's text (`![what it shows](images/…)`): checked for the place it is shown in,
 * and given its published address, size and, for a photo, its widths (the image stage makes them).
 * Out: what is wrong with it, if anything.
 */
function placePicture(node: MdNode, where: PlacementName, resolveImage: ContentFacts["resolveImage"]): string | undefined {
  const src = (node.url ?? "").trim();
  const alt = (node.alt ?? "").trim();
  if (!imagePath.test(src)) return `the picture "${src.slice(0, 60)}" is not a file of content/images: write ![what it shows](images/entries/picture.svg)`;
  if (!alt) return `the picture "${src}" has no description: write what it shows between the brackets, ![like this](${src}), for people who cannot see it`;
  const resolved = resolveImage({ src, alt }, where);
  if (typeof resolved === "string") return resolved;
  node.url = resolved.src;
  const widths = resolved.srcset ? { srcSet: resolved.srcset, sizes: resolved.sizes } : {};
  node.data = { hProperties: { width: resolved.width, height: resolved.height, loading: "lazy", decoding: "async", ...widths } };
  return undefined;
}

export function createMarkdown(options: MarkdownOptions) {
  const tokenNames = Object.keys(options.tokens);
  // Looked up once per link: Sets, not a scan of every route for each of them.
  const routeSet = options.routes && new Set(options.routes);
  const draftRoutes = new Set(options.drafts?.routes ?? []);
  return (source: string, here?: string, field: FieldOptions & { resolveImage?: ContentFacts["resolveImage"] } = {}): { html: string; problems: MarkdownProblem[] } => {
    const problems: MarkdownProblem[] = [];
    const { expanded, written } = expandTokens(source, options.tokens, tokenNames, problems);

    const tree = fromMarkdown(expanded);
    const lines = { lineStarts: lineStartsOf(expanded) };
    const pointAt = (offset: number) => positionOf(lines, offset);
    walk(tree as MdNode, (node) => {
      const where = node.position?.start ?? { line: 1, column: 1 };
      const report = (message: string, draftReference?: boolean | "scheduled", at: { line: number; column: number } = where) => {
        const { line, column } = written(at);
        const flag = draftReference === "scheduled" ? { scheduledReference: true } : draftReference ? { draftReference } : {};
        problems.push({ line, column, message, ...flag });
      };
      if (node.type === "text" && node.position?.start.offset !== undefined) {
        const start = node.position.start.offset;
        const raw = expanded.slice(start, node.position.end.offset);
        const mark = unclosedEmphasis(raw);
        if (mark) {
          report(
            `"${mark.mark}" is not closed, so it shows as typed: write it after the last word too (${mark.mark}like this${mark.mark}), or write \\${mark.mark} to show it`,
            false,
            pointAt(start + mark.index),
          );
        }
        const reference = /\[([^\]\n]+)\]\[([^\]\n]*)\]/.exec(raw);
        if (reference) {
          report(
            `the link "[${reference[1]}]" has no address, so it shows as typed: write it as [${reference[1]}](/page) with the page or "https://" address in round brackets`,
            false,
            pointAt(start + reference.index),
          );
        }
      }
      if (node.type === "heading" && node.depth === 1) {
        report('"# " makes a main heading, and the page already has one: start the line with "## " instead');
      } else if (node.type === "html") {
        report("raw HTML is not allowed in content: write Markdown instead, e.g. **bold**, _italic_ or [a link](/contact)");
      } else if (node.type === "image" && field.pictures && field.resolveImage) {
        const problem = placePicture(node, field.pictures, field.resolveImage);
        if (problem) report(problem);
      } else if (node.type === "image" || node.type === "imageReference") {
        report("pictures inside text are not supported: use an image field of the section instead");
      } else if (node.url !== undefined) {
        const url = node.url.trim();
        if (url.startsWith("/") || url.startsWith("#")) {
          const path = url.startsWith("#") ? here : url.replace(/[?#].*$/, "");
          const anchor = /#(.+)$/.exec(url)?.[1];
          if (path !== undefined && options.routes && !routeSet!.has(path)) {
            report(
              `the link goes to "${path}", but no page has that address.${didYouMean(path, options.routes)} The site's pages: ${listOf(options.routes, 20)}`,
            );
          } else if (path !== undefined && draftRoutes.has(path)) {
            report(`the link goes to "${path}", a draft page (draft: true): publish it first, or make this a draft too`, true);
          } else if (path !== undefined && options.unshown?.[path] !== undefined) {
            report(
              `the link goes to "${path}", a page ${options.unshown[path]}, so it would lead nowhere now: give this text the same "Show from" date, or link there once it is shown`,
              "scheduled",
            );
          } else if (anchor !== undefined && options.routes && options.anchors) {
            const problem = checkAnchor(anchor, path, options.anchors, options.drafts?.anchors);
            if (problem) report(`the link goes to "${url}": ${problem.message}`, problem.draft);
          }
        } else if (!safeUrl.test(url)) {
          report(
            `the link address "${url.slice(0, 40)}" is not allowed: link to a page ("/contact"), an anchor ("#faq"), a full "https://" address, "mailto:" or "tel:"`,
          );
        }
      }
    });
    const html = htmlOf(tree, field.pictures !== undefined);
    return { html, problems };
  };
}
