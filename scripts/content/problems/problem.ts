/** A content problem: where it is, which field, and what to write instead. */
export interface Problem {
  /** Path of the file, relative to the working directory, with "/" separators. */
  file: string;
  /** 1-based line and column. */
  line: number;
  column: number;
  /** The field, e.g. "sections[3].plans[1]"; empty for the file as a whole. */
  field: string;
  message: string;
  /** A warning is reported but does not fail the check; absent means an error. */
  severity?: "warning";
}

/** `sections[3].plans[1]` from ["sections", 3, "plans", 1]. */
export function fieldPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const part of path) {
    if (typeof part === "number") out += `[${part}]`;
    else out += out ? `.${String(part)}` : String(part);
  }
  return out;
}

/** Text order as `a.localeCompare(b)` sorts, with one collator for every comparison (far faster). */
export const compareText = new Intl.Collator().compare;

export function byPosition(a: Problem, b: Problem): number {
  return compareText(a.file, b.file) || a.line - b.line || a.column - b.column || compareText(a.field, b.field);
}
