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
import { checkAnchor, didYouMean, listOf, type ContentFacts, type MarkdownProblem } from "../../../schemas/index.ts";
import { lineStartsOf, positionOf } from "../problems/position.ts";

// GitHub's sanitising schema, plus tel: links (the toll-free number is linked from text).
const schema = {
  ...defaultSchema,
  protocols: { ...defaultSchema.protocols, href: [...(defaultSchema.protocols?.href ?? []), "tel"] },
};

/** The sanitised HTML of a Markdown tree: what remark-html gives, without its final line break. */
function htmlOf(tree: ReturnType<typeof fromMarkdown>): string {
  return toHtml(sanitize(toHast(tree, { allowDangerousHtml: false }), schema), { allowDangerousHtml: false }).trim();
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
  value?: string;
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

export function createMarkdown(options: MarkdownOptions) {
  const tokenNames = Object.keys(options.tokens);
  // Looked up once per link: Sets, not a scan of every route for each of them.
  const routeSet = options.routes && new Set(options.routes);
  const draftRoutes = new Set(options.drafts?.routes ?? []);
  return (source: string, here?: string): { html: string; problems: MarkdownProblem[] } => {
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
    const html = htmlOf(tree);
    return { html, problems };
  };
}
