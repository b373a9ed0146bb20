/**
 * YAML's folded blocks (`>` and `>-`) join lines, and turn one blank line into a single line break:
 * Markdown reads that as the same paragraph, so two paragraphs written with one blank line between
 * them would be published as one. Such a block is reported, with the fix: `|` keeps the text as typed.
 * In: parsed files. Out: problems at the `>` of each such block.
 */
import { isScalar, Scalar } from "yaml";
import type { SourceFile } from "./load.ts";
import { nodesWithPaths, positionOf, rangeOf } from "../problems/position.ts";
import { fieldPath, type Problem } from "../problems/problem.ts";

export function checkFolding(files: readonly SourceFile[]): Problem[] {
  const problems: Problem[] = [];
  for (const file of files) {
    for (const { node, path } of nodesWithPaths(file.doc)) {
      if (!isScalar(node) || node.type !== Scalar.BLOCK_FOLDED) continue;
      const [start, end] = rangeOf(file, node);
      const source = file.text.slice(start, end);
      // A blank line between two lines of text whose value kept only a single line break there.
      const paragraphs = /\S[^\n]*\n[ \t]*\n[ \t]*\S/.test(source.slice(source.indexOf("\n") + 1));
      if (!paragraphs || !/[^\n]\n[^\n]/.test(String(node.value))) continue;
      problems.push({
        file: file.path,
        ...positionOf(file, start),
        field: fieldPath(path),
        message:
          'with ">" one blank line does not start a new paragraph: the paragraphs would be published as one. Write "|" instead of ">" here (or "|-" for ">-"): the text is then kept exactly as you typed it',
      });
    }
  }
  return problems;
}
