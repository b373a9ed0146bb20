/** Maps a field path (["sections", 3, "plans"]) to a line and column in its file. */
import { isMap, isScalar, isSeq, Scalar, type Node } from "yaml";
import type { SourceFile } from "../stages/load.ts";
import { positionOf } from "./position.ts";

export interface Located {
  line: number;
  column: number;
  /** False when the path does not exist and the position is that of its closest existing parent. */
  exact: boolean;
  node?: Node;
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
export function locate(file: SourceFile, path: readonly PropertyKey[], atKey = false): Located {
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
function visibleOffsets(file: SourceFile, node: Scalar): number[] {
  const text = file.text;
  const [from, to] = [file.yamlOffset + node.range![0], file.yamlOffset + node.range![1]];
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
export function locateInScalar(file: SourceFile, path: readonly PropertyKey[], line: number, column: number): Located {
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
