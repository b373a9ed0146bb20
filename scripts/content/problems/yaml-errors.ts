/**
 * YAML mistakes explained by their cause. The YAML parser describes what it found ("Nested mappings
 * are not allowed in compact mappings", a dozen "Unexpected map-value-ind token"); these rules name
 * what the writer did (a tab for indenting, a text with ": " and no quotes, Word's curly quotes used
 * as quotes) and show the line as it should be written.
 */
import { isScalar, Scalar, visit, type Document, type YAMLError } from "yaml";
import { nodesWithPaths, positionOf, rangeOf, type SourceText } from "./position.ts";
import { fieldPath, type Problem } from "./problem.ts";

/** A problem at an offset of the YAML text. */
export interface SyntaxProblem {
  offset: number;
  message: string;
}

const curlyOpen = "“”„‘’‚";
const curlyClose = "“”‘’";

/** `key: value  # comment` (or `- key: value`), split where quotes would go. */
const keyValue = /^(\s*(?:-\s+)*)([^\s#'"[{][^:#]*?):[ \t]+(.*?)([ \t]+#.*)?$/;

/** The text without Word's curly quotes around it, when it has them. */
export function uncurled(value: string): string | undefined {
  if (value.length < 2 || !curlyOpen.includes(value[0]!) || !curlyClose.includes(value.at(-1)!)) return undefined;
  return value.slice(1, -1);
}

/** A value in straight double quotes (JSON's escapes are YAML's for `"` and `\`). */
const quoted = (text: string) => JSON.stringify(text);

/** Signs YAML reads at the start of a value, and what it makes of them. */
const signs: Record<string, string> = {
  "[": "which in YAML starts a list",
  "{": "which in YAML starts a group of fields",
  "*": "which in YAML refers to another value",
  "&": "which in YAML names the value",
  "!": "which in YAML gives the value a type",
  "%": "which YAML does not allow at the start of a text",
  "@": "which YAML does not allow at the start of a text",
  "`": "which YAML does not allow at the start of a text",
};

/** Why a `key: value` line broke, when it is the value's quoting; with the line rewritten. */
function quotingCause(line: string): { column: number; message: string } | undefined {
  const match = keyValue.exec(line);
  if (!match) return undefined;
  const [, indent, key, value, comment = ""] = match as unknown as [string, string, string, string, string?];
  const column = indent.length + key.length + line.slice(indent.length + key.length).indexOf(value);
  // The line as it should be, without its indentation (kept in the file, lost in a one-line message).
  const fixed = (text: string) => `${indent.trimStart()}${key}: ${quoted(text)}${comment}`;
  const plain = uncurled(value);
  if (plain !== undefined) {
    return {
      column,
      message: `the text after "${key}:" is in curly quotes (“ ”, as Word types them), which do not count as quotes here. Use straight quotes: ${fixed(plain)}`,
    };
  }
  const sign = signs[value[0] ?? ""];
  if (sign) {
    const list = value[0] === "[" ? ' For a list, end it with "]" on the same line.' : "";
    return {
      column,
      message: `the text after "${key}:" starts with "${value[0]}", ${sign}.${list} For a text, put it in quotes: ${fixed(value)}`,
    };
  }
  if (/^["'|>]/.test(value) || !/: |:$/.test(value)) return undefined;
  return { column, message: `the text after "${key}:" contains ": ", so it must be put in quotes. Write: ${fixed(value)}` };
}

/** The parser's own words without its position, plus a hint for the other common mistakes. */
function parserMessage(message: string): string {
  const first = message.split("\n")[0]!.replace(/ at line \d+, column \d+:?$/, "");
  if (/Map keys must be unique/.test(first)) return `YAML syntax: ${first}: the same field is written twice; keep one`;
  if (/Implicit keys need to be on a single line|Nested mappings are not allowed/.test(first)) {
    return `YAML syntax: ${first}: check that this line is indented like the lines around it`;
  }
  if (/Implicit map keys need to be followed by map values/.test(first)) {
    return `YAML syntax: ${first}: a text containing ": " must be put in quotes, e.g. title: "Help: 24/7"`;
  }
  return `YAML syntax: ${first}`;
}

/** One problem per line that has an error, explained by its cause where it is a known one. */
export function explainSyntax(errors: readonly YAMLError[], text: string): SyntaxProblem[] {
  const lineStart = (offset: number) => text.lastIndexOf("\n", offset - 1) + 1;
  const lineAt = (start: number) => text.slice(start, (text.indexOf("\n", start) + 1 || text.length + 1) - 1).replace(/\r$/, "");
  const tabbed = (start: number) => /^[ \t]*\t/.test(lineAt(start));

  const located = errors.map((error) => {
    // A key spread over lines is noticed where it starts; the mistake is where it ends.
    const offset = error.code === "MULTILINE_IMPLICIT_KEY" ? error.pos[1] - 1 : error.pos[0];
    return { error, offset, start: lineStart(offset) };
  });
  located.sort((a, b) => a.offset - b.offset);

  // A tab used for indenting puts everything after it in the wrong place: what the parser says about
  // the lines below is a consequence. Report the tab alone.
  const tabs = located.filter((l) => tabbed(l.start));
  const considered = tabs.length > 0 && tabs[0] === located[0] ? tabs : located;

  const problems: SyntaxProblem[] = [];
  const seen = new Set<number>();
  for (const { error, offset, start: at } of considered) {
    // An unclosed "[" or "{" is noticed on a later line: the cause is the line that opened it.
    const start = /^Flow (sequence|map) in block collection/.test(error.message) ? opener(text, at) : at;
    if (seen.has(start)) continue;
    seen.add(start);
    const line = lineAt(start);
    if (tabbed(start)) {
      problems.push({
        offset: start + line.indexOf("\t"),
        message: "this line is indented with a tab: YAML needs spaces for indenting, not tabs. Replace the tab with spaces, lined up with the lines above",
      });
      continue;
    }
    // A field written twice is what it says, whatever its value looks like.
    const cause = error.code === "DUPLICATE_KEY" ? undefined : quotingCause(line);
    problems.push(cause ? { offset: start + cause.column, message: cause.message } : { offset, message: parserMessage(error.message) });
  }
  return problems;
}

/** The start of the nearest line above `start` whose value opens with "[" or "{", or `start`. */
function opener(text: string, start: number): number {
  for (let end = start - 1; end > 0; end = text.lastIndexOf("\n", end - 1)) {
    const from = text.lastIndexOf("\n", end - 1) + 1;
    const match = keyValue.exec(text.slice(from, end));
    if (match && /^[[{]/.test(match[3]!)) return from;
  }
  return start;
}

/**
 * References to a value that is not there: `*bold*` at the start of a text reads as one in YAML, and
 * the file cannot be read. Where they are, and the fix.
 */
export function unresolvedAliases(doc: Document.Parsed, text: string): SyntaxProblem[] {
  const problems: SyntaxProblem[] = [];
  visit(doc, {
    Alias(_key, node) {
      if (node.resolve(doc) !== undefined || !node.range) return;
      const from = node.range[0];
      const start = text.lastIndexOf("\n", from - 1) + 1;
      const line = text.slice(start, (text.indexOf("\n", from) + 1 || text.length + 1) - 1);
      const cause = quotingCause(line);
      problems.push(
        cause
          ? { offset: start + cause.column, message: cause.message }
          : { offset: from, message: 'a text starting with "*" must be put in quotes, e.g. "*Fast* help"' },
      );
    },
  });
  return problems;
}

/**
 * Values written in curly quotes, which YAML reads as part of the text: the page would show them.
 */
export function curlyQuoted(file: SourceText & { path: string }): Problem[] {
  const { text } = file;
  const found: Problem[] = [];
  for (const { node, path } of nodesWithPaths(file.doc)) {
    if (!isScalar(node) || node.type !== Scalar.PLAIN || typeof node.value !== "string" || !node.range) continue;
    const plain = uncurled(node.value);
    if (plain === undefined) continue;
    const [from, to] = rangeOf(file, node);
    const start = text.lastIndexOf("\n", from - 1) + 1;
    const end = text.indexOf("\n", to);
    const line = text.slice(start, end === -1 ? undefined : end);
    const rewrite = (value: string) => line.slice(0, from - start) + value + line.slice(to - start);
    found.push({
      file: file.path,
      ...positionOf(file, from),
      field: fieldPath(path),
      message: `the text is in curly quotes (“ ”, as Word types them), which do not count as quotes here: they would show on the page. Use straight quotes: ${rewrite(quoted(plain)).trim()}. To show the curly quotes, put straight ones around them: ${rewrite(`'${node.value.replace(/'/g, "''")}'`).trim()}`,
    });
  }
  return found;
}
