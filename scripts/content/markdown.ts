/**
 * Markdown → sanitised HTML at build time (remark + remark-html, whose sanitiser is on by default).
 * Raw HTML, unsafe link addresses and unknown {{tokens}} are reported as content problems, so they
 * are fixed in the content rather than silently dropped.
 */
import { remark } from "remark";
import remarkHtml from "remark-html";
import { defaultSchema } from "hast-util-sanitize";
import { didYouMean, listOf, type MarkdownProblem } from "../../schemas/index.ts";

// GitHub's sanitising schema, plus tel: links (the toll-free number is linked from text).
const schema = {
  ...defaultSchema,
  protocols: { ...defaultSchema.protocols, href: [...(defaultSchema.protocols?.href ?? []), "tel"] },
};
const processor = remark().use(remarkHtml, { sanitize: schema });

interface MdNode {
  type: string;
  depth?: number;
  url?: string;
  position?: { start: { line: number; column: number } };
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
  /** Routes of draft pages: a link to one is an error in published text. */
  draftRoutes?: readonly string[];
}

export function createMarkdown(options: MarkdownOptions) {
  const tokenNames = Object.keys(options.tokens);
  return (source: string): { html: string; problems: MarkdownProblem[] } => {
    const problems: MarkdownProblem[] = [];
    // Per line, the {{tokens}} replaced: Markdown positions are in the replaced text, problems are
    // reported in the text as written.
    const edits: { from: number; length: number; value: number }[][] = [];
    const expanded = source
      .split("\n")
      .map((text, index) => {
        const line: (typeof edits)[number] = (edits[index] = []);
        return text.replace(/\{\{\s*([\w.-]+)\s*\}\}/g, (whole, name: string, column: number) => {
          const value = options.tokens[name];
          if (value !== undefined) {
            line.push({ from: column, length: whole.length, value: value.length });
            return value;
          }
          if (!(name in options.tokens)) {
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

    const tree = processor.parse(expanded) as MdNode;
    walk(tree, (node) => {
      const where = written(node.position?.start ?? { line: 1, column: 1 });
      const report = (message: string, draftReference?: boolean) =>
        problems.push({ line: where.line, column: where.column, message, ...(draftReference ? { draftReference } : {}) });
      if (node.type === "heading" && node.depth === 1) {
        report('"# " makes a main heading, and the page already has one: start the line with "## " instead');
      } else if (node.type === "html") {
        report("raw HTML is not allowed in content: write Markdown instead, e.g. **bold**, _italic_ or [a link](/contact)");
      } else if (node.type === "image" || node.type === "imageReference") {
        report("pictures inside text are not supported: use an image field of the section instead");
      } else if (node.url !== undefined) {
        const url = node.url.trim();
        if (url.startsWith("/")) {
          const path = url.replace(/[?#].*$/, "");
          if (options.routes && !options.routes.includes(path)) {
            report(`the link goes to "${path}", but no page has that route.${didYouMean(path, options.routes)} Known routes: ${listOf(options.routes)}`);
          } else if (options.draftRoutes?.includes(path)) {
            report(`the link goes to "${path}", a draft page (draft: true): publish it first, or make this a draft too`, true);
          }
        } else if (!safeUrl.test(url)) {
          report(
            `the link address "${url.slice(0, 40)}" is not allowed: link to a page ("/contact"), an anchor ("#faq"), a full "https://" address, "mailto:" or "tel:"`,
          );
        }
      }
    });
    const html = String(processor.stringify(processor.runSync(tree as never) as never)).trim();
    return { html, problems };
  };
}
