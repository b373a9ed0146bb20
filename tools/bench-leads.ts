/**
 * `npm run bench:leads`: the lead endpoint's throughput and time to the 303, on 127.0.0.1 only,
 * bounded in count and time. For the embedded database (PGlite) and PostgreSQL (Debian's, a cluster
 * of its own in a temp folder, see tests/helpers/postgres.ts): submissions per second and p50/p99 of
 * the time from sending a valid lead to its 303 (stored and committed), at 1, 50 and 200 concurrent
 * clients (each request from its own address, through X-Forwarded-For); then a flood of 5,000 requests
 * from one address while a real visitor submits once: the visitor's lead must be stored, the flood refused.
 * No delivery targets are set, so the figures are the endpoint's own. Ports 4340-4399.
 * Usage: npm run bench:leads [-- --only embedded|postgresql]
 * BENCH_LOAD="clients:leads,…" (default "1:300,50:3000,200:4000") and BENCH_FLOOD (default 5000) set
 * the load; the test of every command runs a small one.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { Agent, request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { honeypotField, type Form, type Site } from "../schemas/index.ts";
import { visitorPhone } from "../tests/content-facts.ts";
import { root, startEndpoint, storedLeads } from "../tests/helpers/leads-endpoint.ts";
import { startPostgres } from "../tests/helpers/postgres.ts";

const { values: options } = parseArgs({ options: { only: { type: "string" } } });
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
  const stored = (await storedLeads(env, ["--limit", "100000"])).some((l) =>
    Object.values(l.fields).includes(`bench${visitorN}@example.com`),
  );
  return { statuses: Object.fromEntries(statuses), visitor: visitor.status, visitorMs: visitor.ms, stored };
}

const kinds = (["embedded", "postgresql"] as const).filter((k) => !options.only || options.only === k);
for (const kind of kinds) {
  const dataDir = mkdtempSync(join(tmpdir(), "bench-leads-"));
  const pg = kind === "postgresql" ? startPostgres(4398) : undefined;
  const env: Record<string, string> = {
    LEADS_DATA_DIR: dataDir,
    ...(pg ? { DATABASE_URL: pg.url, LEADS_DB_POOL: "20" } : {}),
    LEADS_EMAIL_TO: "none",
    LEADS_WEBHOOK_URL: "none",
    LEADS_TRUST_PROXY: "1",
  };
  const port = kind === "embedded" ? 4340 : 4341;
  const endpoint = await startEndpoint(port, env);
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
