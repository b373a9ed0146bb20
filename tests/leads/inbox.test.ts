/**
 * The leads inbox's API (server/leads/inbox/, decision 0033) on the embedded database and on a real
 * PostgreSQL server: the lead service as the server runs it (config from the environment, the
 * endpoint, the outbox sending to a real SMTP receiver), its routes on 127.0.0.1 with the clock
 * injected, asking a stand-in GitHub on 127.0.0.1 (tests/helpers/github-stand-in.ts, as the admin
 * login's tests do) whether a token may push. Then `npm run leads:serve` as users run it: the routes
 * are there and refuse without a token.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Form, Site } from "../../schemas/index.ts";
import { loadConfig } from "../../server/leads/config.ts";
import { inboxPath, inboxRoutes } from "../../server/leads/inbox/routes.ts";
import { auditRows } from "../../server/leads/inbox/queries.ts";
import type { InboxLead } from "../../schemas/index.ts";
import { startLeads, type LeadsService } from "../../server/leads/service.ts";
import { createLogger, log, setLogger } from "../../server/log.ts";
import { router } from "../../server/router.ts";
import { leadsRoute } from "../../server/run.ts";
import { visitorPhone } from "../content-facts.ts";
import { freePorts } from "../helpers/free-port.ts";
import { startGitHubStandIn, type StandIn } from "../helpers/github-stand-in.ts";
import { post, startEndpoint, until, type Submission } from "../helpers/leads-endpoint.ts";
import { root } from "../../tools/shared/copy-project.ts";
import { startPostgres, type PostgresServer } from "../helpers/postgres.ts";
import { smtpReceiver, type SmtpReceiver } from "../helpers/smtp.ts";
import { seedDataDir } from "../helpers/pglite-template.ts";

const forms = JSON.parse(readFileSync(join(root, "src", "generated", "forms.json"), "utf8")) as Record<string, Form>;
const site = JSON.parse(readFileSync(join(root, "src", "generated", "site.json"), "utf8")) as Site;
const formId = Object.keys(forms).find((id) => forms[id]!.fields.some((f) => f.type === "email"))!;
const form = forms[formId]!;
const emailField = form.fields.find((f) => f.type === "email")!.name;
const telField = form.fields.find((f) => f.type === "tel")?.name;
const repo = "example-org/example-site";

/** A lead of the form with an e-mail field, unique by `n` (its e-mail, and its phone when the form asks). */
function lead(n: number, extra: Submission = {}): Submission {
  const values: Submission = { form: formId, page: "/contact", elapsed: "5000", utm_campaign: `camp${n}` };
  for (const f of form.fields)
    values[f.name] =
      f.type === "email" ? `inbox${n}@example.com` : f.type === "tel" ? visitorPhone(site, n) : `Pat Inbox${n}`;
  return { ...values, ...extra };
}

describe.each(["embedded", "postgresql"] as const)("the leads inbox on the %s database", (kind) => {
  let standIn: StandIn;
  let smtp: SmtpReceiver;
  let pg: PostgresServer | undefined;
  let dataDir: string;
  let service: LeadsService;
  let server: Server;
  let base: string;
  let clock = Date.UTC(2026, 0, 1);
  const lines: string[] = [];
  const previous = log;
  const tokens = {
    editor: "gho_editor0123456789abc",
    reader: "gho_reader0123456789abc",
    gone: "gho_gone0123456789abcde",
  };
  const ask = (path: string, token?: string, init: RequestInit = {}) =>
    fetch(`${base}${path}`, {
      ...init,
      headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(init.headers as object) },
    });
  const list = async (query = "", token = tokens.editor) =>
    (await (await ask(`${inboxPath}?${query}`, token)).json()) as { leads: InboxLead[]; next: string | null };
  const byEmail = async (n: number, query = "spam=include") =>
    (await list(`${query}&q=${encodeURIComponent(`inbox${n}@example.com`)}`)).leads;

  beforeAll(async () => {
    setLogger(createLogger({ out: (line) => lines.push(line), err: (line) => lines.push(line) }));
    const [smtpPort, pgPort] = await freePorts(2);
    standIn = await startGitHubStandIn({ clientId: "id", clientSecret: "secret", repo, login: "marketer" });
    standIn.grant(tokens.editor, { login: "editor-pat" });
    standIn.grant(tokens.reader, { login: "reader-sam", push: false });
    standIn.grant(tokens.gone, { login: "leaver-lee" });
    smtp = smtpReceiver(smtpPort!);
    await smtp.start();
    dataDir = mkdtempSync(join(tmpdir(), "inbox-test-"));
    if (kind === "postgresql") pg = startPostgres(pgPort!);
    else await seedDataDir({ LEADS_DATA_DIR: dataDir });
    const config = loadConfig({
      LEADS_DATA_DIR: dataDir,
      ...(pg ? { DATABASE_URL: pg.url } : {}),
      LEADS_IP_KEY: "inbox-test-key-0123456789",
      SMTP_URL: smtp.url,
      LEADS_EMAIL_TO: "sales@example.com",
      LEADS_WEBHOOK_URL: "none",
      LEADS_POLL_MS: "100",
      LEADS_RATE_LIMIT: "1000",
      CMS_REPO: repo,
      CMS_API_ROOT: standIn.url,
      LEADS_INBOX_RATE_LIMIT: "1000",
    });
    service = await startLeads(config);
    server = createServer(
      router(
        [
          leadsRoute(service),
          ...inboxRoutes({ config, db: () => service.db, deliverNow: () => service.deliverNow(), now: () => clock }),
        ],
        (_, response) => response.writeHead(404).end(),
      ),
    );
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const address = server.address();
    base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    // Six leads, two of them held as spam (the honeypot filled).
    for (const n of [1, 2, 3, 4]) expect((await post(`${base}/api/leads`, lead(n))).status).toBe(303);
    for (const n of [5, 6]) expect((await post(`${base}/api/leads`, lead(n, { leave_empty: "x" }))).status).toBe(303);
  }, 300_000);

  afterAll(async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    await service?.close();
    await smtp?.stop();
    await standIn?.close();
    pg?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    setLogger(previous);
  });

  test("no token, a token GitHub refuses, or one that may only read: 401, 401, 403; none carries a lead, none changes anything", async () => {
    const [held] = await byEmail(5);
    const requests: [string, RequestInit?][] = [
      [inboxPath],
      [`${inboxPath}?spam=include&q=inbox`],
      [`${inboxPath}/${held!.id}`],
      [`${inboxPath}.csv?spam=include`],
      [`${inboxPath}/${held!.id}/not-spam`, { method: "POST" }],
      [`${inboxPath}/${held!.id}/spam`, { method: "POST" }],
      [
        `${inboxPath}/erase`,
        {
          method: "POST",
          body: JSON.stringify({ email: "inbox1@example.com" }),
          headers: { "Content-Type": "application/json" },
        },
      ],
    ];
    for (const [path, init] of requests) {
      for (const [token, status] of [
        [undefined, 401],
        ["gho_unknown0123456789abc", 401],
        [tokens.reader, 403],
      ] as const) {
        const answer = await ask(path, token, init);
        const body = await answer.text();
        expect(answer.status, `${init?.method ?? "GET"} ${path} with ${token ?? "no token"}`).toBe(status);
        expect(answer.headers.get("cache-control")).toBe("no-store");
        expect(answer.headers.get("content-type")).toMatch(/^application\/json/);
        expect(JSON.parse(body).error).toEqual(expect.any(String));
        expect(body).not.toMatch(/inbox\d@example\.com|Pat Inbox|camp\d/);
        if (status === 401) expect(answer.headers.get("www-authenticate")).toMatch(/^Bearer/);
      }
    }
    // Nothing was released, marked or erased.
    expect((await byEmail(5))[0]!.spam).toBe("honeypot filled");
    expect(await byEmail(1)).toHaveLength(1);
    expect((await byEmail(2))[0]!.spam).toBeNull();
  });

  test("a revoked token is refused once GitHub's answer is older than 60 s, and GitHub is asked at most once a minute", async () => {
    const asked = () => standIn.requests.filter((r) => r.authorization === `Bearer ${tokens.gone}`).length;
    expect((await ask(inboxPath, tokens.gone)).status).toBe(200);
    const first = asked();
    standIn.revoke(tokens.gone);
    clock += 30_000;
    expect((await ask(inboxPath, tokens.gone)).status).toBe(200);
    expect(asked()).toBe(first);
    clock += 30_001;
    expect((await ask(inboxPath, tokens.gone)).status).toBe(401);
    expect(asked()).toBe(first + 1);
  });

  test("the list: newest first, paged by cursor without gaps or repeats; held leads apart; search by e-mail, phone and name; filter by form and day", async () => {
    const all: InboxLead[] = [];
    let cursor = "";
    for (let pages = 0; pages < 10; pages++) {
      const page = await list(`spam=include&limit=2${cursor ? `&cursor=${cursor}` : ""}`);
      expect(page.leads.length).toBeLessThanOrEqual(2);
      all.push(...page.leads);
      if (!page.next) break;
      cursor = page.next;
    }
    expect(new Set(all.map((l) => l.id)).size).toBe(all.length);
    expect(all.length).toBeGreaterThanOrEqual(6);
    const times = all.map((l) => l.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    const held = (await list("spam=only")).leads;
    expect(held.length).toBeGreaterThanOrEqual(2);
    expect(held.every((l) => l.spam !== null)).toBe(true);
    expect((await list()).leads.every((l) => l.spam === null)).toBe(true);
    expect((await byEmail(3, "")).map((l) => l.fields[emailField])).toEqual(["inbox3@example.com"]);
    expect((await list("q=INBOX3%40EXAMPLE")).leads).toHaveLength(1);
    if (telField) {
      const typed = visitorPhone(site, 4);
      const digits = typed.replace(/\D/g, "");
      const spaced = `${digits.slice(0, 3)} ${digits.slice(3)}`;
      expect((await list(`q=${encodeURIComponent(spaced)}`)).leads.map((l) => l.fields[telField])).toContain(typed);
    }
    expect((await list(`form=${formId}&spam=include`)).leads.length).toBeGreaterThanOrEqual(6);
    expect((await list("form=no-such-form")).leads).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list(`from=${today}&to=${today}&spam=include`)).leads.length).toBeGreaterThanOrEqual(6);
    expect((await list("to=2000-01-01")).leads).toEqual([]);
    expect((await ask(`${inboxPath}?spam=maybe`, tokens.editor)).status).toBe(400);
    expect((await ask(`${inboxPath}?cursor=nonsense`, tokens.editor)).status).toBe(400);
  });

  test("a lead: what was sent, where from, each delivery in words", async () => {
    const [stored] = await byEmail(1);
    await until(async () => (await byEmail(1))[0]!.deliveries[0]?.status === "delivered", "delivery");
    const answer = await ask(`${inboxPath}/${stored!.id}`, tokens.editor);
    expect(answer.headers.get("cache-control")).toBe("no-store");
    const detail = (await answer.json()) as InboxLead & { deliveries: { name: string; state: string }[] };
    expect(detail.fields[emailField]).toBe("inbox1@example.com");
    expect(detail.page).toBe("/contact");
    expect(detail.attribution?.utm_campaign).toBe("camp1");
    expect(detail.deliveries).toHaveLength(1);
    expect(detail.deliveries[0]!.name).toMatch(/e-mail #1/);
    expect(detail.deliveries[0]!.state).toMatch(/^Delivered at /);
    expect((await ask(`${inboxPath}/00000000-0000-0000-0000-000000000000`, tokens.editor)).status).toBe(404);
  });

  test('"not spam" pressed twice at once delivers the lead once; "spam" holds a lead', async () => {
    const [held] = await byEmail(6);
    expect(held!.spam).not.toBeNull();
    const presses = await Promise.all(
      [1, 2].map(() => ask(`${inboxPath}/${held!.id}/not-spam`, tokens.editor, { method: "POST" })),
    );
    expect(presses.map((p) => p.status).sort()).toEqual([200, 409]);
    await until(() => smtp.mails.some((m) => m.leadId === held!.id), "the released lead's e-mail", 30_000);
    // Another press later changes nothing either.
    expect((await ask(`${inboxPath}/${held!.id}/not-spam`, tokens.editor, { method: "POST" })).status).toBe(409);
    await until(async () => (await byEmail(6))[0]!.deliveries.every((d) => d.status === "delivered"), "delivered");
    expect(smtp.mails.filter((m) => m.leadId === held!.id)).toHaveLength(1);
    expect((await byEmail(6))[0]!.deliveries).toHaveLength(1);

    const [other] = await byEmail(2);
    expect((await ask(`${inboxPath}/${other!.id}/spam`, tokens.editor, { method: "POST" })).status).toBe(200);
    expect((await byEmail(2))[0]!.spam).toMatch(/marked as spam/);
    expect((await list()).leads.map((l) => l.id)).not.toContain(other!.id);
  });

  test("the export: the columns and formula guard of `npm run leads -- --csv`, for the current filter", async () => {
    expect((await post(`${base}/api/leads`, lead(7, { [form.fields[0]!.name]: "=HYPERLINK(1)" }))).status).toBe(303);
    await until(async () => (await byEmail(7))[0]?.deliveries[0]?.status === "delivered", "delivery");
    const answer = await ask(`${inboxPath}.csv?q=inbox7`, tokens.editor);
    expect(answer.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(answer.headers.get("cache-control")).toBe("no-store");
    const csv = await answer.text();
    const [header, row, ...rest] = csv.split("\r\n");
    expect(rest).toEqual([""]);
    expect(row).toContain("inbox7@example.com");
    if (form.fields[0]!.type === "text") expect(row).toContain("'=HYPERLINK(1)");
    if (kind === "postgresql") {
      // The command's own export, from the same database: the same header and the same row.
      const { stdout } = await promisify(execFile)("npm", ["run", "--silent", "leads", "--", "--csv"], {
        cwd: root,
        env: {
          ...process.env,
          DATABASE_URL: pg!.url,
          LEADS_DATA_DIR: dataDir,
          LEADS_IP_KEY: "inbox-test-key-0123456789",
        },
      });
      const lines = stdout.split("\r\n");
      expect(lines[0]).toBe(header);
      expect(lines).toContain(row);
    }
  });

  test("erasing a person: every lead with the e-mail address, their outbox rows; an audit row without personal data", async () => {
    expect((await post(`${base}/api/leads`, lead(8, { key: "erase-key-000000001" }))).status).toBe(303);
    expect((await post(`${base}/api/leads`, lead(8, { leave_empty: "x", key: "erase-key-000000002" }))).status).toBe(
      303,
    );
    expect(await byEmail(8)).toHaveLength(2);
    const answer = await ask(`${inboxPath}/erase`, tokens.editor, {
      method: "POST",
      body: JSON.stringify({ email: " INBOX8@example.com " }),
      headers: { "Content-Type": "application/json" },
    });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ erased: 2 });
    expect(await byEmail(8)).toEqual([]);
    const orphans = await service.db!.query(
      "SELECT count(*)::int AS n FROM lead_deliveries d WHERE NOT EXISTS (SELECT 1 FROM leads l WHERE l.id = d.lead_id)",
    );
    expect(orphans).toEqual([{ n: 0 }]);
    const [row] = await auditRows(service.db!);
    expect(row).toMatchObject({ login: "editor-pat", action: "erase", lead_count: 2 });
    expect(JSON.stringify(await auditRows(service.db!))).not.toMatch(/@|inbox|Pat/);
    if (telField) {
      expect((await post(`${base}/api/leads`, lead(9))).status).toBe(303);
      const erased = await ask(`${inboxPath}/erase`, tokens.editor, {
        method: "POST",
        body: JSON.stringify({ phone: visitorPhone(site, 9) }),
      });
      expect(await erased.json()).toEqual({ erased: 1 });
      // A person's request names both: one erasure, one audit row with the count of both.
      for (const n of [10, 11]) expect((await post(`${base}/api/leads`, lead(n))).status).toBe(303);
      const both = await ask(`${inboxPath}/erase`, tokens.editor, {
        method: "POST",
        body: JSON.stringify({ email: "inbox10@example.com", phone: visitorPhone(site, 11) }),
      });
      expect(await both.json()).toEqual({ erased: 2 });
      expect((await auditRows(service.db!))[0]).toMatchObject({ action: "erase", lead_count: 2 });
    }
    expect((await ask(`${inboxPath}/erase`, tokens.editor, { method: "POST", body: "{}" })).status).toBe(400);
  });

  test("every view, export, release and erasure is in the log with the GitHub login; no lead is", () => {
    const inbox = lines.filter((l) => l.includes("leads inbox:"));
    for (const what of ["list viewed", "lead viewed", "exported", "released from spam", "marked as spam", "erased"])
      expect(
        inbox.some((l) => l.includes(what) && l.includes("login=editor-pat")),
        what,
      ).toBe(true);
    expect(lines.join("\n")).not.toMatch(/inbox\d@example\.com|Pat Inbox|HYPERLINK|gho_/);
  });
});

test("LEADS_INBOX_LOCAL: this machine without a token, not through a proxy; `npm run leads:serve` serves the inbox and refuses without a token", async () => {
  const dataDir = mkdtempSync(join(tmpdir(), "inbox-local-"));
  const [port] = await freePorts(1);
  const endpoint = await startEndpoint(port!, {
    LEADS_DATA_DIR: dataDir,
    LEADS_EMAIL_TO: "none",
    LEADS_WEBHOOK_URL: "none",
    LEADS_INBOX_LOCAL: "1",
  });
  try {
    const url = endpoint.url.replace("/api/leads", inboxPath);
    const local = await fetch(url);
    expect(local.status).toBe(200);
    expect(local.headers.get("cache-control")).toBe("no-store");
    expect(await local.json()).toEqual({ leads: [], next: null });
    const proxied = await fetch(url, { headers: { "X-Forwarded-For": "203.0.113.9" } });
    expect(proxied.status).toBe(401);
    // /admin/ of `npm run cms` (a page of this machine) is let in; a page of another site the same browser has open is not.
    expect((await fetch(url, { headers: { Origin: "http://127.0.0.1:5173" } })).status).toBe(200);
    const crossSite = await fetch(url.replace(/\/?$/, "/erase"), {
      method: "POST",
      headers: { Origin: "https://evil.example", "Content-Type": "text/plain" },
      body: JSON.stringify({ email: "someone@example.com" }),
    });
    expect(crossSite.status).toBe(401);
    // Its log line reaches this process through a pipe, beside the answers: waited for.
    await until(() => /leads inbox: list viewed.*login=local/.test(endpoint.output()), "the inbox's log line");
  } finally {
    await endpoint.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const plainDir = mkdtempSync(join(tmpdir(), "inbox-plain-"));
  const plain = await startEndpoint(port!, {
    LEADS_DATA_DIR: plainDir,
    LEADS_EMAIL_TO: "none",
    LEADS_WEBHOOK_URL: "none",
  });
  try {
    const answer = await fetch(plain.url.replace("/api/leads", inboxPath));
    expect(answer.status).toBe(401);
  } finally {
    await plain.stop();
    rmSync(plainDir, { recursive: true, force: true });
  }
}, 120_000);
