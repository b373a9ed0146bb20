/**
 * Parsing and validating many changed files on every processor (worker threads): what a run with a
 * cold or outdated per-file cache spends nearly all its time on.
 * In: the content folder and the per-file cache the run then uses. Out: the cache filled with what
 * the workers learned; the run itself (pipeline.ts) then finds every file in it and does the
 * cross-file work as always. Nothing else changes: each worker runs the same code on the same
 * inputs (the same files, and the context rebuilt from the same plain data, context.ts), and what it
 * sends back is what the cache holds anyway.
 * Steps: 1. the files the cache lacks are parsed, a share in each worker and one on this thread,
 * with their context-free checks (folded blocks, curly quotes); 2. the context is built here from
 * all files, and the files without a validated value for it are validated in the same way. A file
 * with a problem is left out: this thread parses and validates it again, so every message keeps its
 * line and column. Each thread must have at least `minFiles` files to do (a worker costs a start-up).
 * The workers run the CLI's bundle (run.mjs starts them); from TypeScript (tests, dev server) the
 * pipeline runs on one thread.
 */
import { availableParallelism } from "node:os";
import { join, relative, sep } from "node:path";
import { parentPort, Worker } from "node:worker_threads";
import type { CachedFile, ContentCache } from "./cache.ts";
import { jsonSafe } from "./cache.ts";
import { contextFrom, contextInputs, type ContextInputs } from "../stages/context.ts";
import { contentKinds } from "../../../schemas/index.ts";
import { contextFingerprint } from "./context-reuse.ts";
import { faultPoint, ToolFault } from "../problems/fault.ts";
import { checkFolding } from "../stages/folding.ts";
import { CachedSource, classify, load, parseSource, quickReadsByDefault, quickSource, type FileIdentity } from "../stages/load.ts";
import { listFiles, read, type ReadFile } from "./run-memo.ts";
import { validate } from "../stages/validate.ts";
import { curlyQuoted } from "../problems/yaml-errors.ts";

export interface ParallelOptions {
  /**
   * The script a worker runs (run.mjs), and what it is given to load the CLI's bundle. Without a
   * script, each worker's share runs on this thread, its job and answer copied as a worker's would
   * be (the tests check the parallel path against the serial one this way).
   */
  script?: string;
  workerData?: unknown;
  /**
   * Threads in all, this one included (default: one fewer than the processors available, at most 4:
   * V8 keeps a processor busy compiling and collecting garbage. On 2 processors a cold check of
   * 4,000 files took 3.2 s on one thread and 3.6 s on two, so there it is one thread).
   */
  threads?: number;
  /**
   * Files a thread must have to do for it to be worth starting (default 750): a worker costs a
   * start-up (the bundle loaded, its code compiled again as it warms up). Fewer files: this thread
   * alone.
   */
  minFiles?: number;
  /** Whether plain files may be read quickly (fast-yaml.ts; default: unless CONTENT_QUICK_YAML=off). */
  quickYaml?: boolean;
}

interface ParseJob {
  type: "parse";
  /** Whether files may be read quickly (fast-yaml.ts). */
  quick: boolean;
  files: { identity: FileIdentity; text: string; hash: string }[];
}
interface ValidateJob {
  type: "validate";
  inputs: ContextInputs;
  fingerprint: string;
  files: { identity: FileIdentity; text: string; entry: CachedFile }[];
}
type Job = ParseJob | ValidateJob;
type Answer = [rel: string, entry: CachedFile][] | [rel: string, valid: NonNullable<CachedFile["valid"]>][];

/** Parses files as load() does: an entry for each file without a problem, marked clean when its context-free checks pass. */
function parseFiles({ files, quick: quickReads }: ParseJob): [string, CachedFile][] {
  const done: [string, CachedFile][] = [];
  for (const { identity, text, hash } of files) {
    const quick = quickReads ? quickSource(identity, text, hash) : undefined;
    if (quick) {
      if (jsonSafe(quick.data)) done.push([identity.rel, quick.cached]);
      continue;
    }
    const { file, yamlEnd } = parseSource(identity, text);
    if (!file || !jsonSafe(file.data)) continue;
    const entry: CachedFile = { hash, data: file.data, yamlOffset: file.yamlOffset, yamlEnd, body: file.body };
    if (checkFolding([file]).length === 0 && curlyQuoted(file).length === 0) entry.clean = true;
    done.push([identity.rel, entry]);
  }
  return done;
}

/** Validates files as the pipeline does, in the context made from `inputs`: the validated value of each file without a problem. */
function validateFiles({ inputs, fingerprint, files }: ValidateJob): [string, NonNullable<CachedFile["valid"]>][] {
  const { context } = contextFrom(inputs);
  const sources = files.map(
    ({ identity, text, entry }) => new CachedSource(identity, text, entry),
  );
  validate(sources, context, { context: fingerprint, touch: () => {} });
  return sources.filter((file) => file.cached.valid?.context === fingerprint).map((file) => [file.rel, file.cached.valid!]);
}

function run(job: Job): Answer {
  faultPoint("worker");
  return job.type === "parse" ? parseFiles(job) : validateFiles(job);
}

/** What a worker sends back when its job threw: a fault of the program, which the run reports as such. */
interface Failed {
  fault: { message: string; stack?: string };
}

/** A worker thread's side: answers jobs until it is ended. */
export function workerMain(): void {
  parentPort!.on("message", (job: Job) => {
    let answer: Answer | Failed;
    try {
      answer = run(job);
    } catch (error) {
      answer = { fault: { message: error instanceof Error ? error.message : String(error), stack: error instanceof Error ? error.stack : undefined } };
    }
    parentPort!.postMessage(answer);
  });
}

/** Up to `threads` shares, dealt round-robin (so large and small files spread evenly). */
function deal<T>(items: T[], threads: number): T[][] {
  const shares: T[][] = Array.from({ length: Math.min(threads, items.length) }, () => []);
  items.forEach((item, index) => shares[index % shares.length]!.push(item));
  return shares;
}

/** What the worker threads did in a run (the CLI prints it with --verbose). */
export interface ParallelStats {
  /** Files parsed, and files validated, shared out between threads. */
  parsed: number;
  validated: number;
  /** Worker threads started. */
  workers: number;
  /** Why the workers stopped, when they did and this thread did their share. */
  failed?: string;
}

class Pool {
  private workers: Worker[] = [];
  constructor(private readonly options: ParallelOptions) {}

  get started(): number {
    return this.workers.length;
  }

  /** Runs the shares: the first on this thread, each other in a worker; the answers in order. */
  async run(shares: Job[]): Promise<Answer[]> {
    if (!this.options.script) return shares.map((job, index) => (index === 0 ? run(job) : structuredClone(run(structuredClone(job)))));
    while (this.workers.length < shares.length - 1) {
      const worker = new Worker(this.options.script, { workerData: this.options.workerData });
      worker.unref();
      this.workers.push(worker);
    }
    const answers = shares.slice(1).map(
      (job, index) =>
        new Promise<Answer>((resolve, reject) => {
          const worker = this.workers[index]!;
          const fail = (error: unknown) => reject(error instanceof Error ? error : new Error(`a content worker stopped (${String(error)})`));
          worker.once("message", (answer: Answer | Failed) => {
            worker.off("error", fail);
            if ("fault" in answer) {
              // The job itself threw: the same code would throw here too. Ours, not the content's.
              const fault = new ToolFault(`in a content worker thread: ${answer.fault.message}`);
              if (answer.fault.stack) fault.stack = `${fault.name}: ${fault.message}\n(worker) ${answer.fault.stack}`;
              reject(fault);
            } else resolve(answer);
          });
          worker.once("error", fail);
          worker.postMessage(job);
        }),
    );
    const here = run(shares[0]!);
    return [here, ...(await Promise.all(answers))];
  }

  async end(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }
}

/** Fills `cache` with the parsed and validated files it lacks, using every processor, in the context of the build's time `now` (the run's own). */
export async function prepareInParallel(
  contentDir: string,
  cache: ContentCache,
  sources: Map<string, ReadFile> | undefined,
  options: ParallelOptions & { now: number },
): Promise<ParallelStats> {
  const stats: ParallelStats = { parsed: 0, validated: 0, workers: 0 };
  const threads = Math.max(1, options.threads ?? Math.min(availableParallelism() - 1, 4));
  const minFiles = Math.max(1, options.minFiles ?? 750);
  const quick = options.quickYaml ?? quickReadsByDefault();
  if (threads < 2) return stats;
  /** How many threads share `count` files. */
  const threadsFor = (count: number) => Math.min(threads, Math.floor(count / minFiles));
  let found: string[];
  try {
    found = listFiles(contentDir);
  } catch {
    return stats; // load() reports it
  }
  const base = relative(process.cwd(), contentDir).split(sep).join("/");
  const toParse: ParseJob["files"] = [];
  for (const rel of found) {
    const type = classify(rel);
    if (typeof type === "string" || !("role" in type)) continue;
    let file = sources?.get(rel);
    if (!file) {
      file = read(join(contentDir, rel));
      sources?.set(rel, file);
    }
    if (cache.get(rel, file.hash)) continue;
    const identity: FileIdentity = { path: base ? `${base}/${rel}` : rel, rel, ...type };
    toParse.push({ identity, text: file.text, hash: file.hash });
  }

  const pool = new Pool(options);
  try {
    // Too few to share: the run parses them itself (here they would be parsed twice: the
    // context-free checks need each file's positions, which the cache does not keep).
    if (toParse.length >= minFiles && threadsFor(toParse.length) < 2) return stats;
    if (threadsFor(toParse.length) >= 2) {
      const answers = await pool.run(deal(toParse, threadsFor(toParse.length)).map((files): ParseJob => ({ type: "parse", quick, files })));
      for (const [rel, entry] of answers.flat() as [string, CachedFile][]) cache.set(rel, entry);
      stats.parsed = toParse.length;
    }
    const loaded = load(contentDir, cache, sources, { quick });
    const inputs = contextInputs(contentDir, loaded, contentKinds, options.now);
    const fingerprint = contextFingerprint(loaded, inputs);
    const toValidate: ValidateJob["files"] = [];
    for (const file of loaded.files) {
      if (!file.cached || file.cached.valid?.context === fingerprint) continue;
      const { path, rel, kind, role, markdown, name, text } = file;
      toValidate.push({ identity: { path, rel, kind, role, markdown, name }, text, entry: file.cached });
    }
    if (threadsFor(toValidate.length) < 2) return stats;
    const shares = deal(toValidate, threadsFor(toValidate.length)).map((files): ValidateJob => ({ type: "validate", inputs, fingerprint, files }));
    const answers = await pool.run(shares);
    const entries = new Map(toValidate.map(({ identity, entry }) => [identity.rel, entry]));
    for (const [rel, valid] of answers.flat() as [string, NonNullable<CachedFile["valid"]>][]) entries.get(rel)!.valid = valid;
    stats.validated = toValidate.length;
    cache.touch();
  } catch (error) {
    // A job that threw is a fault of the program; a worker that could not start or stopped: the run
    // does what is left on this thread (--verbose says so).
    if (error instanceof ToolFault) throw error;
    stats.failed = error instanceof Error ? error.message : String(error);
  } finally {
    stats.workers = pool.started;
    await pool.end();
  }
  return stats;
}
