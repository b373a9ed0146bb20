/**
 * The run memo: a command whose inputs are all the same as those of its last run has that run's
 * result, without parsing, validating or rendering anything. A run where nothing changed costs
 * listing and hashing the files.
 * In: the content folder and what else the result depends on (the command, drafts, the output
 * folder, the working directory that messages are relative to, the settings read from the
 * environment, the pipeline's code version). Out: a snapshot (every text file read once, with its
 * hash: the pipeline reuses them on a miss) and, on a hit, the stored result.
 * Steps: list the folder; hash each text file's bytes, and each picture's size and modification
 * time (photos are large, and the image stage keys its own cache on their bytes); one key over all
 * of it. A build also records the files it wrote (size, modification time): a hit needs the output
 * folder to hold exactly those, so a deleted or edited generated file is written again. The memo is
 * one small JSON file beside the per-file cache; one that cannot be read or has another shape is a miss.
 */
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { codeVersion, hashOf } from "./cache.ts";
import { listFiles, read, type ReadFile } from "../stages/files.ts";

export { listFiles, read, type ReadFile };
import type { Problem } from "../problems/problem.ts";

export type Command = "check" | "build";


export interface Snapshot {
  key: string;
  /** Text files by path relative to the content folder, "/" separators. */
  texts: Map<string, ReadFile>;
}

/** What a run's report needs, as stored. */
export interface MemoResult {
  problems: Problem[];
  warnings: Problem[];
  files: number;
  /** A build: the files it left in the output folder, with size and modification time. */
  outputs?: [string, number, number][];
  /** A build: the photo versions it used. */
  photos?: number;
  /** The span of the build's clock in which the result holds (scheduled content: pipeline.ts `steady`). */
  steady?: { since?: number; until?: number };
}

interface Stored {
  version: string;
  runs: Partial<Record<Command, { key: string; result: MemoResult }>>;
}


/** The output folder's files with size and modification time, or undefined when it cannot be read. */
function outputsOf(outDir: string): [string, number, number][] | undefined {
  try {
    return listFiles(outDir).map((rel) => {
      const { size, mtimeMs } = statSync(join(outDir, rel));
      return [rel, size, mtimeMs];
    });
  } catch {
    return undefined;
  }
}

export class RunMemo {
  private readonly file: string;

  constructor(
    private readonly contentDir: string,
    cacheDir: string,
  ) {
    this.file = join(cacheDir, `${hashOf(resolve(contentDir))}.runs.json`);
  }

  /** Reads and hashes every file; undefined when the content folder cannot be listed (the pipeline says why). */
  snapshot(command: Command, settings: { drafts: boolean; outDir?: string; environment?: unknown }): Snapshot | undefined {
    let found: string[];
    try {
      found = listFiles(this.contentDir);
    } catch {
      return undefined;
    }
    const key = createHash("sha1").update(
      JSON.stringify([codeVersion(), command, settings.drafts, process.cwd(), settings.outDir && resolve(settings.outDir), settings.environment]),
    );
    const texts = new Map<string, ReadFile>();
    for (const rel of found) {
      const path = join(this.contentDir, rel);
      if (rel.startsWith("images/")) {
        const { size, mtimeMs } = statSync(path);
        key.update(`\0${rel}\0${size}:${mtimeMs}`);
        continue;
      }
      const file = read(path);
      texts.set(rel, file);
      key.update(`\0${rel}\0${file.hash}`);
    }
    return { key: key.digest("base64url"), texts };
  }

  private read(): Stored | undefined {
    try {
      const stored = JSON.parse(readFileSync(this.file, "utf8")) as Partial<Stored> | null;
      if (stored?.version !== codeVersion() || !stored.runs || typeof stored.runs !== "object") return undefined;
      return stored as Stored;
    } catch {
      return undefined;
    }
  }

  /** The result of the last run with this key, when (for a build) the output folder still holds what it wrote. */
  lookup(command: Command, key: string, outDir?: string, now?: number): MemoResult | undefined {
    const run = this.read()?.runs[command];
    if (run?.key !== key || !run.result || !Array.isArray(run.result.problems) || !Array.isArray(run.result.warnings)) return undefined;
    // A boundary of a window (publishDate, expiryDate) between that run's clock and this one: what is shown has changed.
    const { since, until } = run.result.steady ?? {};
    if (now === undefined ? since !== undefined || until !== undefined : (since !== undefined && now < since) || (until !== undefined && now >= until)) return undefined;
    if (outDir !== undefined && run.result.problems.length === 0) {
      if (JSON.stringify(outputsOf(outDir)) !== JSON.stringify(run.result.outputs)) return undefined;
    }
    return run.result;
  }

  /** Keeps this run's result (a build: with what is now in the output folder). */
  store(command: Command, key: string, result: MemoResult, outDir?: string): void {
    const stored: Stored = this.read() ?? { version: codeVersion(), runs: {} };
    const outputs = outDir !== undefined && result.problems.length === 0 ? outputsOf(outDir) : undefined;
    stored.runs[command] = { key, result: { ...result, ...(outputs ? { outputs } : {}) } };
    try {
      mkdirSync(join(this.file, ".."), { recursive: true });
      const temporary = `${this.file}.${process.pid}.tmp`;
      writeFileSync(temporary, JSON.stringify(stored));
      renameSync(temporary, this.file);
    } catch {
      // A memo that cannot be written costs time next run, nothing else.
    }
  }
}
