/**
 * What the server trusts of a proxy in front of it is one setting, TRUST_PROXY (issue 47, point 5;
 * server/config/trust-proxy.ts), and every use reads it: the lead endpoint's (the visitor's address,
 * the same-site check), the admin login's (its origin) and, with ADMIN_ORIGIN, which host is the
 * editor's (server/admin-host.ts), which before trusted X-Forwarded-Host only when the GitHub login
 * was configured. Its former names are read as it, with a warning, and refused when they disagree.
 * Then `npm run serve` with ADMIN_ORIGIN and no GitHub login, both ways: trusted, a request nginx
 * forwards for the editor's host is the editor's; not trusted, the same headers from any client
 * change nothing, and only the Host itself is believed.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { renderHeadersFile } from "../../scripts/hosting/netlify.ts";
import { describeSite } from "../../scripts/hosting/policy.ts";
import { readAuthConfig } from "../../server/auth/config.ts";
import { EnvReader } from "../../server/config/env.ts";
import { readServerConfig } from "../../server/config/server.ts";
import { readLeadsConfig } from "../../server/leads/config.ts";
import { freePort } from "../helpers/free-port.ts";
import { commands, startServer } from "../helpers/server-process.ts";

const work = mkdtempSync(join(tmpdir(), "trust-proxy-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("TRUST_PROXY at start", () => {
  const login = {
    GITHUB_CLIENT_ID: "Ov23liTrust0123456",
    GITHUB_CLIENT_SECRET: "a-secret-for-this-test",
    AUTH_ORIGIN: "https://www.example.com",
  };
  /** What each reader of the setting makes of `env`: the server's, the lead endpoint's, the login's. */
  const read = (env: Record<string, string>) => {
    const reader = new EnvReader({ ...login, LEADS_DATA_DIR: join(work, "config"), ...env });
    const server = readServerConfig(reader, { port: 4173 });
    const leads = readLeadsConfig(reader);
    const auth = readAuthConfig(reader, server.adminOrigin);
    return {
      trust: [server.trustProxy, leads.trustProxy, auth.ready && auth.config.trustProxy],
      problems: reader.problems,
      warnings: reader.warnings,
    };
  };

  test("one setting every use reads, both ways", () => {
    expect(read({ TRUST_PROXY: "1" })).toEqual({ trust: [true, true, true], problems: [], warnings: [] });
    expect(read({})).toEqual({ trust: [false, false, false], problems: [], warnings: [] });
    expect(read({ TRUST_PROXY: "0" }).trust).toEqual([false, false, false]);
  });

  test("its former names are read as it, with one warning to rename them; set apart, they are refused", () => {
    for (const name of ["LEADS_TRUST_PROXY", "AUTH_TRUST_PROXY"]) {
      const former = read({ [name]: "1" });
      expect(former.trust, name).toEqual([true, true, true]);
      expect(former.warnings, name).toEqual([expect.stringMatching(new RegExp(`^${name} is read as TRUST_PROXY`))]);
    }
    expect(read({ LEADS_TRUST_PROXY: "1", AUTH_TRUST_PROXY: "1", TRUST_PROXY: "1" }).problems).toEqual([]);
    expect(read({ LEADS_TRUST_PROXY: "1", AUTH_TRUST_PROXY: "0" }).problems).toEqual([
      expect.stringMatching(/^AUTH_TRUST_PROXY="0" disagrees with LEADS_TRUST_PROXY: .*one setting now, TRUST_PROXY/),
    ]);
    expect(read({ TRUST_PROXY: "0", LEADS_TRUST_PROXY: "1" }).problems).toEqual([
      expect.stringMatching(/^LEADS_TRUST_PROXY="1" disagrees with TRUST_PROXY/),
    ]);
  });
});

/** A GET to `server` with these headers, redirects not followed. */
function get(server: string, path: string, headers: Record<string, string>) {
  return new Promise<{ status: number; location?: string; body: string }>((resolve, reject) => {
    const { hostname, port } = new URL(server);
    const request = httpRequest({ host: hostname, port, path, headers }, (response) => {
      let body = "";
      response.on("data", (chunk: Buffer) => (body += chunk.toString()));
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, location: response.headers.location, body }),
      );
    });
    request.on("error", reject).end();
  });
}

describe("npm run serve with ADMIN_ORIGIN and no GitHub login, behind a proxy or not", { timeout: 120_000 }, () => {
  const dist = join(work, "dist");
  const editorPage = "<!doctype html><title>Content editor</title>";
  const build = () => {
    const files: Record<string, string> = {
      "index.html": "<!doctype html><title>Home</title>",
      "404.html": "<!doctype html><title>Not found</title>",
      "admin/index.html": editorPage,
    };
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(join(dist, name, ".."), { recursive: true });
      writeFileSync(join(dist, name), text);
    }
    const policy = describeSite({ pages: [], tagManager: false, redirects: [], files: [] });
    writeFileSync(join(dist, "_headers"), renderHeadersFile(policy.headers));
    writeFileSync(join(dist, "_redirects"), "");
  };

  for (const trusted of [true, false]) {
    test(`TRUST_PROXY ${trusted ? "set: the editor's host as the proxy forwards it" : "unset: the forwarded headers change nothing, the Host alone decides"}`, async () => {
      build();
      const port = await freePort();
      const admin = `http://admin.site.test:${port}`;
      const server = await startServer([...commands["npm run serve"], "--", dist], {
        PORT: String(port),
        LEADS: "off",
        ADMIN_ORIGIN: admin,
        ...(trusted ? { TRUST_PROXY: "1" } : {}),
      });
      try {
        // What nginx sends on, proxying a request for the editor's address.
        const forwarded = {
          Host: `127.0.0.1:${port}`,
          "X-Forwarded-Host": new URL(admin).host,
          "X-Forwarded-Proto": "http",
        };
        const through = await get(server.base, "/admin/", forwarded);
        if (trusted) expect(through).toMatchObject({ status: 200, body: editorPage });
        else expect(through).toMatchObject({ status: 302, location: `${admin}/admin/` });
        // The site's address forwarded: /admin/ is sent to the editor's.
        const site = await get(server.base, "/admin/", { ...forwarded, "X-Forwarded-Host": `site.test:${port}` });
        expect(site).toMatchObject({ status: 302, location: `${admin}/admin/` });
        if (!trusted)
          // Reached directly at the editor's host name: the Host is what decides.
          expect(await get(server.base, "/admin/", { Host: new URL(admin).host })).toMatchObject({
            status: 200,
            body: editorPage,
          });
      } finally {
        await server.stop();
      }
    });
  }
});
