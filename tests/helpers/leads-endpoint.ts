/**
 * The lead endpoint as a separate process (server/leads/main.ts), as production runs it, so a test
 * can kill it with SIGKILL; and small clients: a form post, the leads as `npm run leads --json` lists them.
 */
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import type { LeadListing } from "../../schemas/index.ts";
import { honeypotField } from "../../schemas/lead-limits.ts";
import { askAdminSocket } from "../../server/leads/admin-socket.ts";
import { openDatabase } from "../../server/leads/db.ts";
import { leadsJson } from "../../server/leads/export.ts";
import { listLeads } from "../../server/leads/queries.ts";
import { track } from "./children.ts";
import { seedDataDir } from "./pglite-template.ts";
import { tierFlags } from "./wasm-tier.ts";
import { root } from "../../tools/shared/copy-project.ts";

export interface Endpoint {
  url: string;
  process: ChildProcess;
  output: () => string;
  /** Stops it (SIGTERM, or SIGKILL) and waits until it has exited. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * Starts server/leads/main.ts on `port` with `env`. `asProduction`: with V8's compilers as production
 * runs it (both, for a server that lives long), for a benchmark's figures; else the tests' baseline
 * compiler alone (wasm-tier.ts), which costs less to start and serves slower.
 */
export async function startEndpoint(
  port: number,
  env: Record<string, string>,
  { asProduction = false }: { asProduction?: boolean } = {},
): Promise<Endpoint> {
  await seedDataDir(env);
  const flags = asProduction ? [] : tierFlags;
  const child = track(
    spawn(process.execPath, [...flags, "--import", "tsx", join(root, "server", "leads", "main.ts")], {
      cwd: root,
      // A key of its own: a test never writes the default key file in the home folder.
      env: { ...process.env, PORT: String(port), LEADS_IP_KEY: "endpoint-test-key-0123456789", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    }),
  );
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  await new Promise<void>((resolve, reject) => {
    // Waited for by its line; the bound is for a hang only, far above a start on a busy machine.
    const timer = setTimeout(() => reject(new Error(`the endpoint did not start in 180 s:\n${output}`)), 180_000);
    const check = () => {
      if (output.includes("Lead endpoint")) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on("data", check);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the endpoint exited (${code}):\n${output}`));
    });
  });
  return {
    url: `http://127.0.0.1:${port}/api/leads`,
    process: child,
    output: () => output,
    async stop(signal = "SIGTERM") {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

export interface Submission {
  form?: string;
  page?: string;
  choice?: string;
  key?: string;
  elapsed?: string;
  /** The honeypot (honeypotField); `website` is its name on pages built before decision 0033. */
  leave_empty?: string | null;
  website?: string | null;
  [field: string]: string | null | undefined;
}

/** Posts a form as a browser on the site does, by default with the honeypot present and empty. */
export async function post(
  url: string,
  fields: Submission,
  headers: Record<string, string> = {},
): Promise<{ status: number; location: string | null; body: string }> {
  const body = new URLSearchParams();
  const all = { form: "callback", page: "/", [honeypotField]: "", ...fields };
  for (const [name, value] of Object.entries(all)) if (value !== null && value !== undefined) body.set(name, value);
  const origin = new URL(url).origin;
  const response = await fetch(url, {
    method: "POST",
    body,
    redirect: "manual",
    headers: { Origin: origin, "Sec-Fetch-Site": "same-origin", Accept: "application/json", ...headers },
  });
  return { status: response.status, location: response.headers.get("location"), body: await response.text() };
}

/** A lead as `npm run leads -- --json` lists it: the type the command itself has. */
export type ListedLead = LeadListing;

/**
 * The stored leads, newest first, spam included, as `npm run leads -- --json --spam` lists them: asked
 * as the command asks, without a process of its own (a test polls this; the command took about 2
 * CPU-s a call: its six calls a run where no server was running, 12.4 CPU-s): the running server
 * through its admin socket; else, as the command does then, the database itself (PostgreSQL at
 * DATABASE_URL, or the embedded one in LEADS_DATA_DIR, opened here and closed again, this process's
 * umask put back after it: opening it makes the umask owner-only, which the servers a test starts next
 * would inherit). `leadsCli` runs the command for the tests of what it prints and does.
 */
export async function storedLeads(env: Record<string, string>): Promise<ListedLead[]> {
  const request = { op: "list", limit: 100_000, spam: true } as const;
  if (!env.DATABASE_URL && env.LEADS_DATA_DIR) {
    const answer = await askAdminSocket<ListedLead[]>(env.LEADS_DATA_DIR, request);
    if (answer) return answer;
    // The command opens no data folder that holds no database (it would create an empty one).
    if (!existsSync(join(env.LEADS_DATA_DIR, "PG_VERSION")))
      throw new Error(`no leads database in ${env.LEADS_DATA_DIR}, and no server answers there`);
  }
  const umask = process.umask();
  const db = await openDatabase({ url: env.DATABASE_URL, dataDir: env.LEADS_DATA_DIR ?? "" });
  try {
    return JSON.parse(leadsJson(await listLeads(db, request))) as ListedLead[];
  } finally {
    await db.close();
    process.umask(umask);
  }
}

export async function leadsCli(env: Record<string, string>, args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [...tierFlags, "--import", "tsx", join(root, "server", "leads", "cli.ts"), ...args],
    {
      cwd: root,
      env: { ...process.env, ...env },
    },
  );
  return stdout;
}

/**
 * The stored leads `which` picks, once no process will attempt any of their deliveries again: each
 * delivered, or failed for good. The outbox claims only deliveries waiting or being sent
 * (server/leads/outbox.ts), so what the receivers hold then is all they will ever get for those
 * leads: a check that something arrived once, and only once, waits for the store, not for a clock.
 */
export async function settledLeads(
  env: Record<string, string>,
  which: (lead: ListedLead) => boolean,
  what: string,
  timeoutMs?: number,
): Promise<ListedLead[]> {
  let leads: ListedLead[] = [];
  await until(
    async () => {
      leads = (await storedLeads(env)).filter(which);
      return leads.every((lead) => lead.deliveries.every((d) => d.status === "delivered" || d.status === "failed"));
    },
    `${what}: every delivery done`,
    timeoutMs,
  );
  return leads;
}

/** Waits until `check` returns true, polling; fails with `what` after `timeoutMs`. */
export async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 30_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
