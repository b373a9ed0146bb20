/**
 * Where things are in a content file: the one answer to "where in this file is this path (and this
 * offset inside a scalar)?". A field path leads to its YAML node, the node to its offsets in the file,
 * an offset to a line and column; a line:column of the Markdown in a scalar (plain, quoted, folded or
 * literal) or in a Markdown page's body to its line and column in the file.
 * Browser-safe: the CMS checks an entry before saving it with it (admin/editor/check.ts).
 */
import { isMap, isScalar, isSeq, Scalar, type Document, type Node } from "yaml";

/**
 * What a position needs of a loaded file: its text, line starts, YAML document and where each part
 * starts. The load stage's `SourceText` is one (it extends this), so this module depends on nothing
 * of the stages.
 */
export interface SourceText {
  text: string;
  /** Offsets of the start of each line in `text`, for offset → line:column. */
  lineStarts: number[];
  /** The YAML document (for Markdown pages, the front matter) and where its text starts in the file. */
  doc: Document.Parsed;
  yamlOffset: number;
  /** A Markdown page's body and where it starts in the file. */
  body?: { text: string; offset: number };
}

export interface Position {
  line: number;
  column: number;
}

export interface Located extends Position {
  /** False when the path does not exist and the position is that of its closest existing parent. */
  exact: boolean;
  node?: Node;
}

/** Offsets of the start of each line in `text`. */
export function lineStartsOf(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) starts.push(i + 1);
  return starts;
}

/** 1-based line and column of an offset, in a file (or any text, given its `lineStartsOf`). */
export function positionOf(file: Pick<SourceText, "lineStarts">, offset: number): Position {
  const starts = file.lineStarts;
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (starts[mid]! <= offset) low = mid;
    else high = mid - 1;
  }
  return { line: low + 1, column: offset - starts[low]! + 1 };
}

/** Where a node is written: its start and end offsets in the file (its range is in the YAML text). */
export function rangeOf(file: Pick<SourceText, "yamlOffset">, node: Node): [number, number] {
  const [from, to] = node.range!;
  return [file.yamlOffset + from, file.yamlOffset + to];
}

function child(node: unknown, key: PropertyKey): { key?: Node; value?: Node } | undefined {
  if (isMap(node)) {
    const pair = node.items.find((p) => (isScalar(p.key) ? p.key.value : p.key) === key);
    if (!pair) return undefined;
    return { key: pair.key as Node, value: (pair.value ?? pair.key) as Node };
  }
  if (isSeq(node) && typeof key === "number") {
    const item = node.items[key];
    return item ? { value: item as Node } : undefined;
  }
  return undefined;
}

/** Where `path` is written; `atKey` points at the field's name rather than its value. */
export function locate(file: SourceText, path: readonly PropertyKey[], atKey = false): Located {
  let node: unknown = file.doc.contents;
  let keyNode: Node | undefined;
  let exact = true;
  for (const part of path) {
    const next = child(node, part);
    if (!next) {
      exact = false;
      break;
    }
    node = next.value;
    keyNode = next.key;
  }
  const target = (atKey && exact && keyNode) || (node as Node | null);
  const offset = target?.range?.[0] ?? 0;
  return { ...positionOf(file, file.yamlOffset + offset), exact, node: (node as Node | null) ?? undefined };
}

/** The field path of each value node of a document (keys are not values), in document order. */
export function* nodesWithPaths(doc: Pick<Document, "contents">): Generator<{ node: Node; path: (string | number)[] }> {
  function* walk(node: unknown, path: (string | number)[]): Generator<{ node: Node; path: (string | number)[] }> {
    if (node === null || typeof node !== "object") return;
    yield { node: node as Node, path };
    if (isMap(node)) {
      for (const pair of node.items) yield* walk(pair.value, [...path, isScalar(pair.key) ? String(pair.key.value) : String(pair.key)]);
    } else if (isSeq(node)) {
      for (const [index, item] of node.items.entries()) yield* walk(item, [...path, index]);
    }
  }
  yield* walk(doc.contents, []);
}

/** Double-quoted escapes (the character after "\\") that stand for a blank: tabs, line breaks, spaces. */
const blankEscapes = new Set(["t", "\t", "n", "v", "f", "r", " ", "_", "L", "P"]);
/** Escapes followed by a character code in hex digits: how many. */
const hexDigits: Record<string, number> = { x: 2, u: 4, U: 8 };
const blank = (char: string) => /\s/.test(char);

/**
 * The offsets in `file.text` of the visible (non-blank) characters of a scalar's value, in order.
 * Folding and indentation only ever change blanks, so the n-th visible character of the value is the
 * n-th one listed here, whatever the style: plain or quoted over several lines, literal (|) or
 * folded (>) blocks. Quotes, escapes and block headers are skipped.
 */
function visibleOffsets(file: SourceText, node: Scalar): number[] {
  const text = file.text;
  const [from, to] = rangeOf(file, node);
  const offsets: number[] = [];
  let i = from;
  let end = to;
  if (node.type === Scalar.BLOCK_LITERAL || node.type === Scalar.BLOCK_FOLDED) {
    i = text.indexOf("\n", from) + 1 || to; // the text starts on the line after "|" or ">"
  } else if (node.type === Scalar.QUOTE_DOUBLE || node.type === Scalar.QUOTE_SINGLE) {
    i = from + 1;
    end = to - 1;
  }
  for (; i < end; i++) {
    const char = text[i]!;
    if (node.type === Scalar.QUOTE_SINGLE && char === "'") {
      offsets.push(i++); // '' is one quote
    } else if (node.type === Scalar.QUOTE_DOUBLE && char === "\\") {
      const next = text[i + 1] ?? "";
      const digits = hexDigits[next];
      const code = digits ? String.fromCodePoint(parseInt(text.slice(i + 2, i + 2 + digits), 16) || 0) : "";
      // "\" at the end of a line joins it to the next: it stands for nothing.
      const visible = digits ? !blank(code) : !blankEscapes.has(next) && next !== "\n" && next !== "\r";
      // One offset per UTF-16 unit, as Markdown counts columns: \U0001F600 is two.
      if (visible) for (let unit = 0; unit < Math.max(code.length, 1); unit++) offsets.push(i);
      i += 1 + (digits ?? 0);
    } else if (!blank(char)) {
      offsets.push(i);
    }
  }
  return offsets;
}

/**
 * Position of a line:column of the Markdown in the YAML scalar at `path` (its value, trimmed, as the
 * schemas pass it to Markdown), in the file.
 */
export function locateInScalar(file: SourceText, path: readonly PropertyKey[], line: number, column: number): Located {
  const at = locate(file, path);
  const node = at.node;
  if (!isScalar(node) || typeof node.value !== "string" || !node.range) return at;
  const markdown = node.value.trim();
  const lines = markdown.split("\n");
  let offset = column - 1;
  for (const text of lines.slice(0, line - 1)) offset += text.length + 1;
  // Count the visible characters before the position; the position itself is the next one.
  let visible = 0;
  for (let i = 0; i < offset; i++) if (!blank(markdown[i] ?? " ")) visible++;
  const target = visibleOffsets(file, node)[visible];
  return target === undefined ? at : { ...at, ...positionOf(file, target) };
}

/**
 * Position of a line:column of a Markdown page's body (as Markdown counts them) in the file; without
 * one, where the body starts. The body starts at the beginning of a line, so its lines are the file's, shifted.
 */
export function locateInBody(file: Pick<SourceText, "lineStarts" | "body">, at?: Position): Position {
  const start = positionOf(file, file.body!.offset);
  return at ? { line: start.line + at.line - 1, column: at.column } : start;
}
