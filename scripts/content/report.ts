/** Report: problems as text for people, GitHub workflow annotations for CI, or JSON for tools. */
import type { Problem } from "./problem.ts";

export type Format = "human" | "github" | "json";
export const formats: readonly Format[] = ["human", "github", "json"];

export interface Summary {
  problems: Problem[];
  files: number;
  ms: number;
  /** Set when the run wrote output. */
  written?: { written: number; unchanged: number; removed: number; outDir: string };
}

function escapeData(s: string): string {
  return s.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}
function escapeProperty(s: string): string {
  return escapeData(s).replace(/:/g, "%3A").replace(/,/g, "%2C");
}

export function format(summary: Summary, as: Format): string {
  const { problems } = summary;
  if (as === "json") {
    return JSON.stringify({ ok: problems.length === 0, files: summary.files, problems }, null, 2);
  }
  if (as === "github") {
    const lines = problems.map(
      (p) =>
        `::error file=${escapeProperty(p.file)},line=${p.line},col=${p.column},title=${escapeProperty(p.field || "content")}::${escapeData(p.message)}`,
    );
    lines.push(problems.length ? `${problems.length} content problem(s) found` : `Content OK: ${summary.files} files`);
    return lines.join("\n");
  }
  if (problems.length === 0) {
    const wrote = summary.written
      ? `; ${summary.written.written} written, ${summary.written.unchanged} unchanged, ${summary.written.removed} removed in ${summary.written.outDir}`
      : "";
    return `✔ Content OK: ${summary.files} files checked in ${summary.ms} ms${wrote}`;
  }
  const width = Math.max(...problems.map((p) => `${p.file}:${p.line}:${p.column}`.length));
  const lines = problems.map((p) => {
    const where = `${p.file}:${p.line}:${p.column}`.padEnd(width);
    return `${where}  ${p.field ? `${p.field}  ` : ""}${p.message}`;
  });
  const fileCount = new Set(problems.map((p) => p.file)).size;
  lines.push(
    "",
    `✖ ${problems.length} problem${problems.length === 1 ? "" : "s"} in ${fileCount} file${fileCount === 1 ? "" : "s"}. Nothing was written; fix the lines above and run again.`,
  );
  return lines.join("\n");
}
