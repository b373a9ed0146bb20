/**
 * A server started as an operator starts it (an npm script or the node command, in a real process),
 * listening on a port the system picks (PORT=0): its address is read from its "… at http://…" line.
 * stop() signals it and tells how it ended and how long that took.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Form, Site } from "../../schemas/index.ts";
import { visitorPhone } from "../content-facts.ts";
import { track } from "./children.ts";
import type { Submission } from "./leads-endpoint.ts";
import { root } from "../../tools/shared/copy-project.ts";
import { seedDataDir } from "./pglite-template.ts";

export interface ServerProcess {
  /** http://127.0.0.1:<port>, once listening. */
  base: string;
  child: ChildProcess;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Sends `signal` and waits for the exit: its code and how long it took. */
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; ms: number }>;
}

export const commands = {
  node: [process.execPath, "--import", "tsx", "server/leads/main.ts"],
  "npm run leads:serve": ["npm", "run", "--silent", "leads:serve"],
  "npm run serve": ["npm", "run", "--silent", "serve"],
  "npm start": ["npm", "start", "--silent"],
} as const;

/** Starts `argv` in the project with `env`; resolves once it listens (or waits for `ready` in its output). */
export async function startServer(
  argv: readonly string[],
  env: Record<string, string>,
  options: { ready?: RegExp; timeoutMs?: number } = {},
): Promise<ServerProcess> {
  await seedDataDir(env);
  const child = track(
    spawn(argv[0]!, argv.slice(1), {
      cwd: root,
      env: { ...process.env, PORT: "0", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    }),
  );
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  const ready = options.ready ?? / at (http:\/\/127\.0\.0\.1:\d+)/;
  const listening = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not listening in time:\n${output}`)), options.timeoutMs ?? 60_000);
    const check = () => {
      const match = / at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match && ready.test(output)) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout!.on("data", check);
    child.stderr!.on("data", check);
    void exited.then(({ code }) => {
      clearTimeout(timer);
      reject(new Error(`exited (${code}) before listening:\n${output}`));
    });
  });
  // A server that did not come up as expected is not left running.
  // SIGTERM, not SIGKILL: npm passes SIGTERM on to the server it runs, a killed npm would not.
  const base = await listening.catch((error: Error) => {
    child.kill("SIGTERM");
    throw error;
  });
  return {
    base,
    child,
    output: () => output,
    exited,
    async stop(signal = "SIGTERM") {
      const start = Date.now();
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      const { code } = await exited;
      return { code, ms: Date.now() - start };
    },
  };
}

/** Runs `argv` to its end: exit code and output. */
export function runToEnd(
  argv: readonly string[],
  env: Record<string, string>,
  options: { uid?: number; gid?: number } = {},
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = track(
      spawn(argv[0]!, argv.slice(1), {
        cwd: root,
        env: { ...process.env, PORT: "0", ...env },
        stdio: ["ignore", "pipe", "pipe"],
        ...options,
      }),
    );
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

export const forms = JSON.parse(readFileSync(join(root, "src", "generated", "forms.json"), "utf8")) as Record<
  string,
  Form
>;

const site = JSON.parse(readFileSync(join(root, "src", "generated", "site.json"), "utf8")) as Site;

/** A valid submission of the first form, made unique by `n`, from the content the run is on. */
export function validLead(n: number): Submission {
  const formId = Object.keys(forms)[0]!;
  const values: Submission = { form: formId, page: "/", elapsed: "5000", key: `lead-key-${n}-${Date.now()}` };
  for (const field of forms[formId]!.fields)
    values[field.name] =
      field.type === "email"
        ? `visitor${n}@example.com`
        : field.type === "tel"
          ? visitorPhone(site, n)
          : `Visitor Number${n}`;
  return values;
}

/** A built site of two pages, enough for server/serve.ts: the tests of the server do not need `npm run build`. */
export function fixtureSite(): string {
  const dir = mkdtempSync(join(tmpdir(), "ops-site-"));
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "index.html"), "<!doctype html><title>Home</title><h1>Home page</h1>");
  writeFileSync(join(dir, "404.html"), "<!doctype html><title>Not found</title><h1>Not found</h1>");
  writeFileSync(join(dir, "_headers"), "");
  writeFileSync(join(dir, "_redirects"), "");
  return dir;
}
