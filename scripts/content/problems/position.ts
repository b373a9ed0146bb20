/** Offsets to lines and columns (browser-safe: the CMS checks an entry before saving it with it). */
import type { SourceFile } from "../stages/load.ts";

/** 1-based line and column of an offset. */
export function positionOf(file: Pick<SourceFile, "lineStarts">, offset: number): { line: number; column: number } {
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
