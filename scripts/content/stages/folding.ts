/**
 * YAML's folded blocks (`>` and `>-`) join lines, and turn one blank line into a single line break:
 * Markdown reads that as the same paragraph, so two paragraphs written with one blank line between
 * them would be published as one. Such a block is reported, with the fix: `|` keeps the text as typed.
 * In: parsed files. Out: problems at the `>` of each such block.
 */
import { isMap, isScalar, isSeq, Scalar, type Node } from "yaml";
import { positionOf, type SourceFile } from "./load.ts";
import { fieldPath, type Problem } from "../problems/problem.ts";

function blocks(node: unknown, path: PropertyKey[], found: { node: Scalar; path: PropertyKey[] }[]): void {
  if (isMap(node)) {
    for (const pair of node.items) blocks(pair.value, [...path, isScalar(pair.key) ? String(pair.key.value) : "?"], found);
  } else if (isSeq(node)) {
    node.items.forEach((item, index) => blocks(item, [...path, index], found));
  } else if (isScalar(node) && node.type === Scalar.BLOCK_FOLDED) {
    found.push({ node, path });
  }
}

export function checkFolding(files: readonly SourceFile[]): Problem[] {
  const problems: Problem[] = [];
  for (const file of files) {
    const found: { node: Scalar; path: PropertyKey[] }[] = [];
    blocks(file.doc.contents, [], found);
    for (const { node, path } of found) {
      const [start, end] = (node as Node).range!;
      const source = file.text.slice(file.yamlOffset + start, file.yamlOffset + end);
      // A blank line between two lines of text whose value kept only a single line break there.
      const paragraphs = /\S[^\n]*\n[ \t]*\n[ \t]*\S/.test(source.slice(source.indexOf("\n") + 1));
      if (!paragraphs || !/[^\n]\n[^\n]/.test(String(node.value))) continue;
      problems.push({
        file: file.path,
        ...positionOf(file, file.yamlOffset + start),
        field: fieldPath(path),
        message:
          'with ">" one blank line does not start a new paragraph: the paragraphs would be published as one. Write "|" instead of ">" here (or "|-" for ">-"): the text is then kept exactly as you typed it',
      });
    }
  }
  return problems;
}
