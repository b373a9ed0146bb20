/** Maps a field path (["sections", 3, "plans"]) to a line and column in its file. */
import { isMap, isScalar, isSeq, Scalar, type Node } from "yaml";
import { positionOf, type SourceFile } from "./load.ts";

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

/** Position of a line:column inside a Markdown text stored in the YAML scalar at `path`. */
export function locateInScalar(file: SourceFile, path: readonly PropertyKey[], line: number, column: number): Located {
  const at = locate(file, path);
  const node = at.node;
  if (!isScalar(node)) return at;
  if (node.type === Scalar.BLOCK_LITERAL || node.type === Scalar.BLOCK_FOLDED) {
    const target = at.line + line;
    const start = file.lineStarts[target - 1];
    if (start === undefined) return at;
    const indent = /^ */.exec(file.text.slice(start))![0].length;
    return { ...at, line: target, column: indent + column };
  }
  const quote = node.type === Scalar.QUOTE_DOUBLE || node.type === Scalar.QUOTE_SINGLE ? 1 : 0;
  return line === 1 ? { ...at, column: at.column + quote + column - 1 } : { ...at, line: at.line + line - 1 };
}
