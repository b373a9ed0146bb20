/**
 * Faults of the program, told apart from problems in content. A problem is something wrong in a
 * marketer's file: it is reported at its line, with what to write instead (exit code 1). A fault is
 * an exception in the program itself (a bug, a module that is missing or fails to load, the image
 * library failing on a picture it can read, a disk that cannot be written): it is never blamed on a
 * content file. It is reported as the tool's, in one line saying so and what to report where, the
 * stack with --verbose, exit code 2; nothing is written, the last good output stays.
 * For the tests, CONTENT_FAULT=<stage> makes that stage fail as a bug would (`faultPoint`), so they
 * can check, on the real commands, that no stage turns a fault of ours into a problem of a file.
 */
import { isMainThread } from "node:worker_threads";

/** The stages a test can make fail (CONTENT_FAULT): where in the pipeline `faultPoint` is called. */
export const faultStages = ["load", "context", "validate", "rules", "images", "emit", "worker"] as const;
export type FaultStage = (typeof faultStages)[number];

/** An exception of the program found where a content problem could have been reported instead. */
export class ToolFault extends Error {
  override name = "ToolFault";
}

/** Throws in `stage` when CONTENT_FAULT names it (tests only); a worker thread's fault only in a worker. */
export function faultPoint(stage: FaultStage): void {
  if (process.env.CONTENT_FAULT !== stage) return;
  if (stage === "worker" && isMainThread) return;
  throw new Error(`a fault made on purpose in the ${stage} stage (CONTENT_FAULT=${stage})`);
}

/** The first line of an exception's message, for the one line of a report. */
export function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split("\n")[0]!.trim();
}

export interface FaultReport {
  /** What was run, as the user ran it: "npm run content:build". */
  command: string;
  /** Where to report it (the repository's issues), when known. */
  reportTo?: string;
  verbose: boolean;
}

/** What a fault prints: one line that it is the tool's, what to report where, and the stack when asked for. */
export function describeFault(error: unknown, { command, reportTo, verbose }: FaultReport): string {
  const lines = [
    `✖ ${command} stopped on a fault in the content tool itself, not in your content: no content file is wrong because of this, and nothing was written (the site keeps its last good build).`,
    `  What went wrong: ${firstLine(error) || "an unknown error"}`,
    `  Please report it to the site's developers${reportTo ? ` (${reportTo})` : ""}, with the command and what \`${command} -- --verbose\` prints.`,
  ];
  if (verbose) {
    let cause: unknown = error;
    while (cause) {
      lines.push("", cause instanceof Error ? (cause.stack ?? cause.message) : String(cause));
      cause = cause instanceof Error ? cause.cause : undefined;
    }
  }
  return lines.join("\n");
}
