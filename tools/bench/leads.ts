/**
 * `npm run bench:leads`: the lead endpoint's throughput and time to the 303, on 127.0.0.1 only,
 * bounded in count and time. For the embedded database (PGlite) and PostgreSQL (Debian's, a cluster
 * of its own in a temp folder, see tests/helpers/postgres.ts): submissions per second and p50/p99 of
 * the time from sending a valid lead to its 303 (stored and committed), at 1, 50 and 200 concurrent
 * clients (each request from its own address, through X-Forwarded-For); then a flood of 5,000 requests
 * from one address while a real visitor submits once: the visitor's lead must be stored, the flood refused.
 * No delivery targets are set, so the figures are the endpoint's own. Ports 4340-4399.
 * Usage: npm run bench:leads [-- --only embedded|postgresql] [--inbox]
 * --inbox: the leads inbox instead (server/leads/inbox/, decision 0033): BENCH_INBOX_LEADS (100,000)
 * leads, a tenth held as spam, written straight into the database, then `npm run leads:serve` with
 * LEADS_INBOX_LOCAL=1 asked over HTTP for the first page, a page 20 pages deep (by cursor), the held
 * leads, and searches (an e-mail address, a phone number's digits, a name, a word nothing has): p50
 * and p95 of 30 requests each. Goal: p95 at most 200 ms. Then the CSV export of every lead, streamed: its
 * time and the server's peak memory before and after it.
 * BENCH_LOAD="clients:leads,…" (default "1:300,50:3000,200:4000") and BENCH_FLOOD (default 5000) set
 * the load; the test of every command runs a small one.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { Agent, request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { honeypotField, type Form, type Site } from "../../schemas/index.ts";
import { visitorPhone } from "../../tests/content-facts.ts";
import { startEndpoint, storedLeads } from "../../tests/helpers/leads-endpoint.ts";
import { root } from "../shared/copy-project.ts";
import { startPostgres } from "../../tests/helpers/postgres.ts";
import { openDatabase } from "../../server/leads/db.ts";

const { values: options } = parseArgs({ options: { only: { type: "string" }, inbox: { type: "boolean" } } });
const forms = JSON.parse(readFileSync(join(root, "src", "generated", "forms.json"), "utf8")) as Record<string, Form>;
const formId = Object.keys(forms)[0]!;
// A number that can be called, in the site's country: the endpoint refuses any other.
const phone = visitorPhone(JSON.parse(readFileSync(join(root, "src", "generated", "site.json"), "utf8")) as Site);
const form = forms[formId]!;
let serial = 0;

function body(n: number): string {
  const params = new URLSearchParams({ form: formId, page: "/", [honeypotField]: "", elapsed: "5000" });
  for (const f of form.fields)
    params.set(f.name, f.type === "email" ? `bench${n}@example.com` : f.type === "tel" ? phone : "Bench Visitor");
  return params.toString();
}

function send(port: number, agent: Agent, address: string, n: number): Promise<{ status: number; ms: number }> {
  const payload = body(n);
  const start = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port,
        path: "/api/leads",
        method: "POST",
        agent,
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          "Content-Length": Buffer.byteLength(payload),
          Origin: `http://127.0.0.1:${port}`,
          "X-Forwarded-For": address,
        },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - start }));
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
const address = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

async function load(port: number, clients: number, total: number, maxMs: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: clients });
  const times: number[] = [];
  let other = 0;
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < total && performance.now() - started < maxMs) {
        next++;
        const n = ++serial;
        const answer = await send(port, agent, address(n), n);
        if (answer.status === 303) times.push(answer.ms);
        else other++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  times.sort((a, b) => a - b);
  return {
    count: times.length,
    other,
    perSecond: times.length / seconds,
    p50: quantile(times, 0.5),
    p99: quantile(times, 0.99),
  };
}

const loads = (process.env.BENCH_LOAD ?? "1:300,50:3000,200:4000")
  .split(",")
  .map((pair) => pair.split(":").map(Number) as [number, number]);
const floodSize = Number(process.env.BENCH_FLOOD ?? 5000);

async function flood(port: number, env: Record<string, string>) {
  const agent = new Agent({ keepAlive: true, maxSockets: 50 });
  const statuses = new Map<number, number>();
  let sent = 0;
  const flooding = Promise.all(
    Array.from({ length: 50 }, async () => {
      while (sent < floodSize) {
        sent++;
        const n = ++serial;
        const answer = await send(port, agent, "203.0.113.66", n);
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      }
    }),
  );
  await new Promise((resolve) => setTimeout(resolve, 200));
  const visitorN = ++serial;
  const visitor = await send(port, new Agent(), "198.51.100.23", visitorN);
  await flooding;
  agent.destroy();
  const stored = (await storedLeads(env)).some((l) => Object.values(l.fields).includes(`bench${visitorN}@example.com`));
  return { statuses: Object.fromEntries(statuses), visitor: visitor.status, visitorMs: visitor.ms, stored };
}

const kinds = (["embedded", "postgresql"] as const).filter((k) => !options.only || options.only === k);

/** `count` leads of the first form, newest n = 1, one a second back in time, every tenth held as spam. */
async function seed(url: string | undefined, dataDir: string, count: number) {
  const db = await openDatabase({ url, dataDir });
  try {
    const value = (type: string) =>
      type === "email"
        ? "'bench' || n || '@example.com'"
        : type === "tel"
          ? `'${phone.replace(/\d{4}$/, "")}' || lpad((n % 10000)::text, 4, '0')`
          : "'Bench Visitor ' || n";
    const fields = form.fields.map((f) => `'${f.name.replace(/'/g, "''")}', ${value(f.type)}`).join(", ");
    for (let from = 1; from <= count; from += 10_000) {
      await db.query(
        `INSERT INTO leads (id, created_at, form, page, fields, ip_hash, dedupe_hash, spam)
         SELECT gen_random_uuid(), now() - make_interval(secs => n), $1, '/', jsonb_build_object(${fields}), 'bench', md5(n::text),
                CASE WHEN n % 10 = 0 THEN 'honeypot filled' END
           FROM generate_series($2::int, $3::int) AS n`,
        [formId, from, Math.min(count, from + 9_999)],
      );
    }
    await db.query("ANALYZE leads");
  } finally {
    await db.close();
  }
}

async function inboxBench() {
  const count = Number(process.env.BENCH_INBOX_LEADS ?? 100_000);
  // Lead 101's number (not held: every tenth is), as a person would type part of it.
  const digits = `${phone.replace(/\d{4}$/, "")}0101`.replace(/\D/g, "");
  for (const kind of kinds) {
    const dataDir = mkdtempSync(join(tmpdir(), "bench-inbox-"));
    const pg = kind === "postgresql" ? startPostgres(4397) : undefined;
    const env: Record<string, string> = {
      LEADS_DATA_DIR: dataDir,
      ...(pg ? { DATABASE_URL: pg.url } : {}),
      LEADS_EMAIL_TO: "none",
      LEADS_WEBHOOK_URL: "none",
      LEADS_INBOX_LOCAL: "1",
      LEADS_INBOX_RATE_LIMIT: "1000000",
    };
    const seeding = performance.now();
    await seed(pg?.url, dataDir, count);
    const seeded = performance.now() - seeding;
    const port = kind === "embedded" ? 4342 : 4343;
    const endpoint = await startEndpoint(port, env, { asProduction: true });
    const base = `http://127.0.0.1:${port}/api/leads/inbox`;
    const get = async (query: string) => {
      const answer = await fetch(`${base}?${query}`);
      if (answer.status !== 200) throw new Error(`${query}: ${answer.status} ${await answer.text()}`);
      return (await answer.json()) as { leads: unknown[]; next: string | null };
    };
    try {
      console.log(
        `\n${kind} database, ${count.toLocaleString("en-US")} leads (written in ${(seeded / 1000).toFixed(1)} s)`,
      );
      let cursor = "";
      for (let page = 0; page < 20; page++) cursor = (await get(`limit=50${cursor ? `&cursor=${cursor}` : ""}`)).next!;
      const cases: [string, string][] = [
        ["first page (50)", "limit=50"],
        ["page 21, by cursor", `limit=50&cursor=${cursor}`],
        ["held as spam", "spam=only&limit=50"],
        ["search: an e-mail address", `q=${encodeURIComponent(`bench${Math.floor(count / 2) + 1}@example.com`)}`],
        ["search: a phone number", `q=${digits.slice(-7)}`],
        ["search: a name", "q=Visitor%2077777"],
        ["search: nothing matches", "q=nobody-has-this"],
      ];
      for (const [name, query] of cases) {
        await get(query); // warm-up
        const times: number[] = [];
        let found = 0;
        for (let i = 0; i < 30; i++) {
          const started = performance.now();
          found = (await get(query)).leads.length;
          times.push(performance.now() - started);
        }
        times.sort((a, b) => a - b);
        const p95 = quantile(times, 0.95);
        console.log(
          `  ${name.padEnd(28)} ${String(found).padStart(3)} leads  p50 ${quantile(times, 0.5).toFixed(1).padStart(7)} ms  p95 ${p95.toFixed(1).padStart(7)} ms${p95 > 200 ? "  (over the 200 ms goal)" : ""}`,
        );
      }
      // The export of every lead, streamed: its time, and the server's peak memory (VmHWM, Linux) before
      // and after it: streamed, the peak barely moves; gathered whole, it would grow with the rows.
      const peak = () =>
        /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${endpoint.process.pid}/status`, "utf8"))?.[1] ?? "";
      const before = process.platform === "linux" ? Number(peak()) : NaN;
      const exporting = performance.now();
      const answer = await fetch(`${base}.csv?spam=include`);
      let rows = -1; // the header row
      const decoder = new TextDecoder();
      const reader = answer.body!.getReader();
      for (let read = await reader.read(); !read.done; read = await reader.read())
        rows += decoder.decode(read.value, { stream: true }).split("\n").length - 1;
      const after = process.platform === "linux" ? Number(peak()) : NaN;
      console.log(
        `  CSV export, streamed    ${rows.toLocaleString("en-US").padStart(8)} rows  in ${((performance.now() - exporting) / 1000).toFixed(1)} s; server's peak memory ${(before / 1024).toFixed(0)} MB before, ${(after / 1024).toFixed(0)} MB after`,
      );
    } finally {
      await endpoint.stop();
      pg?.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
}

if (options.inbox) {
  await inboxBench();
  process.exit();
}

for (const kind of kinds) {
  const dataDir = mkdtempSync(join(tmpdir(), "bench-leads-"));
  const pg = kind === "postgresql" ? startPostgres(4398) : undefined;
  const env: Record<string, string> = {
    LEADS_DATA_DIR: dataDir,
    ...(pg ? { DATABASE_URL: pg.url, LEADS_DB_POOL: "20" } : {}),
    LEADS_EMAIL_TO: "none",
    LEADS_WEBHOOK_URL: "none",
    TRUST_PROXY: "1",
  };
  const port = kind === "embedded" ? 4340 : 4341;
  const endpoint = await startEndpoint(port, env, { asProduction: true });
  try {
    console.log(`\n${kind} database`);
    await load(port, 10, 200, 10_000); // warm-up
    for (const [clients, total] of loads) {
      const r = await load(port, clients, total, 20_000);
      console.log(
        `  ${String(clients).padStart(3)} clients: ${r.count} leads stored (${r.other} other answers), ${r.perSecond.toFixed(0)}/s, ` +
          `time to 303 p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms`,
      );
    }
    const f = await flood(port, env);
    console.log(
      `  flood of ${floodSize.toLocaleString("en-US")} from one address: answers ${JSON.stringify(f.statuses)}; the visitor got ${f.visitor} in ${f.visitorMs.toFixed(1)} ms, lead ${f.stored ? "stored" : "NOT STORED"}`,
    );
    if (!f.stored || f.visitor !== 303) process.exitCode = 1;
  } finally {
    await endpoint.stop();
    pg?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
