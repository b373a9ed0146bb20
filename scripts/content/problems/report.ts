/** Report: problems as text for people, GitHub workflow annotations for CI, or JSON for tools. */
import type { Problem } from "./problem.ts";

export type Format = "human" | "github" | "json";
export const formats: readonly Format[] = ["human", "github", "json"];

export interface Summary {
  problems: Problem[];
  /** Reported in every format; they do not fail the check. */
  warnings?: Problem[];
  files: number;
  ms: number;
  /** Set when the run wrote output. */
  written?: { written: number; unchanged: number; removed: number; outDir: string };
  /** Set when the run made photo versions: how many were encoded, how many came from the cache. */
  images?: { made: number; cached: number; ms: number };
}

function escapeData(s: string): string {
  return s.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}
function escapeProperty(s: string): string {
  return escapeData(s).replace(/:/g, "%3A").replace(/,/g, "%2C");
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

export function format(summary: Summary, as: Format): string {
  const { problems } = summary;
  const warnings = summary.warnings ?? [];
  if (as === "json") {
    return JSON.stringify({ ok: problems.length === 0, files: summary.files, problems, warnings }, null, 2);
  }
  if (as === "github") {
    const annotation = (level: "error" | "warning", p: Problem) =>
      `::${level} file=${escapeProperty(p.file)},line=${p.line},col=${p.column},title=${escapeProperty(p.field || "content")}::${escapeData(p.message)}`;
    const lines = [...problems.map((p) => annotation("error", p)), ...warnings.map((p) => annotation("warning", p))];
    lines.push(
      problems.length
        ? `${problems.length} content problem(s) found`
        : `Content OK: ${summary.files} files${warnings.length ? `, ${plural(warnings.length, "warning")}` : ""}`,
    );
    return lines.join("\n");
  }
  const all = [...problems, ...warnings];
  const width = Math.max(0, ...all.map((p) => `${p.file}:${p.line}:${p.column}`.length));
  const line = (p: Problem) => {
    const where = `${p.file}:${p.line}:${p.column}`.padEnd(width);
    return `${where}  ${p.severity === "warning" ? "warning: " : ""}${p.field ? `${p.field}  ` : ""}${p.message}`;
  };
  if (problems.length === 0) {
    const wrote = summary.written
      ? `; ${summary.written.written} written, ${summary.written.unchanged} unchanged, ${summary.written.removed} removed in ${summary.written.outDir}`
      : "";
    const images = summary.images?.made
      ? `; photos: ${plural(summary.images.made, "version")} made in ${Math.round(summary.images.ms)} ms, ${summary.images.cached} from the cache`
      : summary.images?.cached
        ? `; photos: ${plural(summary.images.cached, "version")}, all from the cache`
        : "";
    const ok = `✔ Content OK: ${summary.files} files checked in ${summary.ms} ms${wrote}${images}`;
    if (warnings.length === 0) return ok;
    return [...warnings.map(line), "", `${ok}, with ${plural(warnings.length, "warning")} (they do not stop the build)`].join("\n");
  }
  const lines = problems.map(line);
  const fileCount = new Set(problems.map((p) => p.file)).size;
  lines.push(
    "",
    `✖ ${problems.length} problem${problems.length === 1 ? "" : "s"} in ${fileCount} file${fileCount === 1 ? "" : "s"}. Nothing was written; fix the lines above and run again.`,
  );
  return lines.join("\n");
}
