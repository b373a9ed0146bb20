/** "Did you mean" help shared by the schemas and the content reporter. */

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length]!;
}

/** The known value closest to `value`, when it is close enough to be a likely typo. */
export function closest(value: string, known: readonly string[]): string | undefined {
  const needle = value.toLowerCase();
  let best: string | undefined;
  let bestScore = Infinity;
  for (const candidate of known) {
    const score = distance(needle, candidate.toLowerCase());
    if (score < bestScore) {
      best = candidate;
      bestScore = score;
    }
  }
  const limit = Math.max(2, Math.floor(needle.length / 3));
  return bestScore <= limit ? best : undefined;
}

/** ` Did you mean "x"?` or nothing. */
export function didYouMean(value: string, known: readonly string[]): string {
  const match = closest(value, known);
  return match === undefined ? "" : ` Did you mean "${match}"?`;
}

/** `a, b, c` with quotes, for "known: ..." lists; past `max` items, "and N more". */
export function listOf(values: readonly string[], max = Infinity): string {
  const shown = values
    .slice(0, max)
    .map((v) => `"${v}"`)
    .join(", ");
  return values.length > max ? `${shown} and ${values.length - max} more` : shown;
}
