/**
 * The content pipeline: load → context → validate → cross-file rules → emit.
 * In: a content folder. Out: problems, and when there are none and `outDir` is given, the generated
 * modules in `outDir`. A run with problems writes nothing.
 */
import { buildContext } from "./context.ts";
import { renderOutput, writeOutput, type WriteStats } from "./emit.ts";
import { checkFolding } from "./folding.ts";
import { load, positionOf } from "./load.ts";
import { byPosition, fieldPath, type Problem } from "./problem.ts";
import { checkRules } from "./rules.ts";
import { findUnused } from "./unused.ts";
import { published, validate, type Content } from "./validate.ts";
import { curlyQuoted } from "./yaml-errors.ts";

export interface RunOptions {
  contentDir: string;
  /** Where to write the generated modules; nothing is written when absent. */
  outDir?: string;
  /** Keep drafts in the output (the development preview); the published site leaves them out. */
  drafts?: boolean;
}

export interface RunResult {
  /** Errors: any of them and nothing is written. */
  problems: Problem[];
  /** Reported, but do not stop the build (e.g. an entry no page shows). */
  warnings: Problem[];
  /** Number of content files read (images included). */
  files: number;
  content?: Content;
  written?: WriteStats;
}

export function runContent({ contentDir, outDir, drafts = false }: RunOptions): RunResult {
  const loaded = load(contentDir);
  const { context, assets } = buildContext(contentDir, loaded);
  const { content: everything, problems: found } = validate(loaded.files, context);
  found.push(...checkRules(everything, loaded.files), ...checkFolding(loaded.files));
  for (const file of loaded.files) {
    for (const { path, offset, message } of curlyQuoted(file.doc, file.text, file.yamlOffset)) {
      found.push({ file: file.path, ...positionOf(file, offset), field: fieldPath(path), message });
    }
  }
  const content = drafts ? everything : published(everything);
  // A file that cannot be read (or used) is the cause of what goes wrong around it: it comes first.
  const problems = [...loaded.problems.sort(byPosition), ...found.sort(byPosition)];
  const warnings = problems.length ? [] : findUnused(published(everything), loaded.files).sort(byPosition);
  const files = loaded.files.length + loaded.unreadable.length + loaded.images.length;
  if (problems.length > 0 || !outDir) return { problems, warnings, files, content };
  return { problems, warnings, files, content, written: writeOutput(outDir, renderOutput(content, assets, outDir)) };
}
