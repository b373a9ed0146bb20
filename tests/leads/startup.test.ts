/**
 * Start-up as an operator meets it, in real processes: every mistake in a variable is refused before
 * serving, in one line naming the variable, what is wrong and an example (exit 78, no stack trace);
 * PostgreSQL refusing the password is one such line naming DATABASE_URL; a PostgreSQL that is down
 * does not take the site down: pages and /healthz are served, posts get 503 with Retry-After and
 * /readyz says not ready, until the database comes back, without a restart.
 */
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { post, storedLeads, until } from "../helpers/leads-endpoint.ts";
import { startPostgres, type PostgresServer } from "../helpers/postgres.ts";
import { commands, fixtureSite, runToEnd, startServer, validLead } from "../helpers/server-process.ts";
import { freePort } from "../helpers/free-port.ts";

const work = mkdtempSync(join(tmpdir(), "ops-startup-"));
const base = {
  LEADS_DATA_DIR: join(work, "data"),
  LEADS_IP_KEY: "startup-test-key-0123456789",
  LEADS_EMAIL_TO: "none",
  LEADS_WEBHOOK_URL: "none",
};
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The line a refused start printed for `variable`, among one per mistake, and no stack trace. */
function expectRefusal(result: { code: number | null; output: string }, variable: string, pattern: RegExp) {
  expect(result.code, result.output).toBe(78);
  const lines = result.output.trim().split("\n");
  const line = lines.find((l) => new RegExp(`\\b${variable}\\b`).test(l));
  expect(line, result.output).toMatch(pattern);
  expect(line, "an example of a right value").toMatch(new RegExp(`for example ${variable}=\\S+`));
  expect(result.output, "no stack trace").not.toMatch(/^\s+at /m);
}

describe("a mistake in a variable is refused at start", () => {
  // Each mistake is refused on a line of its own, so one start with all of them proves each line (a
  // start per mistake proved no more, at a process start each).
  const mistakes: [string, Record<string, string>, string, RegExp][] = [
    ["a number that is not one", { LEADS_RATE_LIMIT: "abc" }, "LEADS_RATE_LIMIT", /"abc" is not a whole number/],
    ["a number out of range", { LEADS_MAX_ATTEMPTS: "-1" }, "LEADS_MAX_ATTEMPTS", /out of range/],
    [
      "a lease shorter than three sends",
      { LEADS_SEND_TIMEOUT_MS: "20000", LEADS_LEASE_MS: "30000" },
      "LEADS_LEASE_MS",
      /less than three times LEADS_SEND_TIMEOUT_MS \(20000\): a lead still being sent when its claim ends would be sent again/,
    ],
    [
      "a webhook without a scheme",
      { LEADS_WEBHOOK_URL: "hooks.example.com/lead" },
      "LEADS_WEBHOOK_URL",
      /not a full web address/,
    ],
    ["an SMTP address without its colon", { SMTP_URL: "smtp//mail.example.com" }, "SMTP_URL", /not a full address/],
    [
      "an e-mail address that is not one",
      { LEADS_EMAIL_TO: "sales-at-example.com" },
      "LEADS_EMAIL_TO",
      /not an e-mail address/,
    ],
    [
      "a database URL of another kind",
      { DATABASE_URL: "mysql://db.example.com/leads" },
      "DATABASE_URL",
      /does not start with postgres:/,
    ],
    ["a port out of range", { PORT: "99999" }, "PORT", /out of range/],
    ["a log format that does not exist", { LOG_FORMAT: "xml" }, "LOG_FORMAT", /not one of text, json/],
    [
      "a webhook secret too short to sign with",
      { LEADS_WEBHOOK_SECRET: "abc" },
      "LEADS_WEBHOOK_SECRET",
      /shorter than 16/,
    ],
  ];

  test(`every mistake at once, each on its line with an example: ${mistakes.map(([what]) => what).join("; ")}; the stack only with --verbose`, async () => {
    const env = Object.assign({ ...base }, ...mistakes.map(([, vars]) => vars)) as Record<string, string>;
    const result = await runToEnd(commands.node, env);
    for (const [, , variable, pattern] of mistakes) expectRefusal(result, variable, pattern);
    const verbose = await runToEnd([...commands.node, "--verbose"], env);
    expect(verbose.code).toBe(78);
    expect(verbose.output).toMatch(/^\s+at /m);
  });

  test("a webhook over plain http to another machine; a password in a refused URL is not printed", async () => {
    const result = await runToEnd(commands.node, {
      ...base,
      LEADS_WEBHOOK_URL: "http://hooks.example.com/lead",
      SMTP_URL: "ftp://user:hunter2secret@mail.example.com",
    });
    expectRefusal(result, "LEADS_WEBHOOK_URL", /http:\/\/ to another machine/);
    expectRefusal(result, "SMTP_URL", /does not start with smtp:/);
    expect(result.output).not.toContain("hunter2secret");
  });

  test("a data folder that cannot be written: its path and LEADS_DATA_DIR named", async () => {
    const folder = join(work, "read-only");
    mkdirSync(folder);
    chmodSync(folder, 0o555);
    // Root writes anywhere: as root, the server runs without the capabilities that let root pass over
    // a folder's permissions (setpriv, util-linux), so this one is read-only to it too. It still reads
    // the project as its owner, in a private copy too (tools/shared/copy-project.ts).
    const asRoot = process.getuid?.() === 0;
    const argv = asRoot ? ["setpriv", "--bounding-set=-all", "--inh-caps=-all", "--", ...commands.node] : commands.node;
    const result = await runToEnd(argv, { ...base, LEADS_DATA_DIR: folder });
    expectRefusal(result, "LEADS_DATA_DIR", new RegExp(`${folder}.*cannot be written by this user`));
  });
});

describe("SMTP at start", () => {
  test("a server that refuses the login: one line naming SMTP_URL, exit 78, the password not shown", async () => {
    const server = new SMTPServer({
      disabledCommands: ["STARTTLS"],
      allowInsecureAuth: true,
      logger: false,
      onAuth: (_auth, _session, callback) => callback(new Error("Invalid username or password")),
    });
    const port = await freePort();
    await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
    try {
      const result = await runToEnd(commands.node, {
        ...base,
        SMTP_URL: `smtp://leads:wrong-secret-9@127.0.0.1:${port}`,
      });
      expectRefusal(result, "SMTP_URL", /refused the login/);
      expect(result.output).not.toContain("wrong-secret-9");
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  test("a server that does not answer is a warning; the server starts", async () => {
    const nobody = await freePort();
    const server = await startServer(commands.node, { ...base, SMTP_URL: `smtp://127.0.0.1:${nobody}` });
    try {
      expect(server.output()).toMatch(
        new RegExp(`WARN .*SMTP_URL="smtp://127\\.0\\.0\\.1:${nobody}/?" does not answer`),
      );
    } finally {
      expect((await server.stop()).code).toBe(0);
    }
  });
});

describe("the built site", () => {
  test("missing: npm start says to run npm run build, and stops", async () => {
    const result = await runToEnd([...commands["npm start"], "--", join(work, "no-such-dist")], base);
    expect(result.code).not.toBe(0);
    expect(result.output).toMatch(/npm run build/);
    expect(result.output).not.toMatch(/^\s+at /m);
  });
});

describe("PostgreSQL at start", () => {
  let pg: PostgresServer;
  const password = "right-password-42";
  beforeAll(async () => {
    pg = startPostgres(await freePort(), { password });
  }, 300_000);
  afterAll(() => pg?.stop());

  test("a wrong password: one line naming DATABASE_URL, exit 78, the password not shown", async () => {
    const url = pg.url.replace(password, "wrong-password-7");
    const result = await runToEnd(commands.node, { ...base, DATABASE_URL: url });
    expectRefusal(result, "DATABASE_URL", /password was refused/);
    expect(result.output).not.toContain("wrong-password-7");
  });

  test("down at start: pages served, posts 503 with Retry-After, then taken once it is back, no restart", async () => {
    pg.halt();
    const site = fixtureSite();
    const env = { ...base, DATABASE_URL: pg.url, LEADS_READY_WAIT_MS: "300", LEADS_RATE_LIMIT: "1000" };
    const server = await startServer([...commands.node.slice(0, 3), "server/serve.ts", site], env);
    try {
      expect(server.output()).toMatch(/WARN .*DATABASE_URL.*does not answer/);
      const page = await fetch(`${server.base}/`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("Home page");
      expect((await fetch(`${server.base}/healthz`)).status).toBe(200);
      const notReady = await fetch(`${server.base}/readyz`);
      expect(notReady.status).toBe(503);
      const refused = await fetch(`${server.base}/api/leads`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
        body: new URLSearchParams(validLead(1) as Record<string, string>),
      });
      expect(refused.status).toBe(503);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);

      pg.resume();
      await until(
        async () => (await fetch(`${server.base}/readyz`)).status === 200,
        "ready after PostgreSQL is back",
        60_000,
      );
      const answer = await post(`${server.base}/api/leads`, validLead(2));
      expect(answer.status).toBe(303);
      const stored = await storedLeads({ DATABASE_URL: pg.url });
      expect(stored.some((l) => Object.values(l.fields).includes("visitor2@example.com"))).toBe(true);
      expect(await server.stop()).toMatchObject({ code: 0 });
    } finally {
      await server.stop("SIGTERM");
      rmSync(site, { recursive: true, force: true });
    }
  });
});
