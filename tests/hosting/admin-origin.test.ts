/**
 * /admin/ on an address of its own (ADMIN_ORIGIN, decision 0037; issue 39's fifth point): the build's
 * warning when a Tag Manager container is set and /admin/ shares the site's address (the build's step:
 * its main() in this process, and once a process as `npm run build` runs it); `npm run serve`
 * answering /admin/ and the login at ADMIN_ORIGIN's host only, and the site's pages at every other;
 * the variable's checks; the nginx files a build writes for it. The login in a browser at the admin
 * address, through `npm start` and through nginx, is tests/leads/admin-login.test.ts.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { main as adminOriginStep, tagManagerWarning } from "../../scripts/hosting/admin-origin.ts";
import { renderHeadersFile } from "../../scripts/hosting/netlify.ts";
import { renderAdminInclude, renderHttpInclude } from "../../scripts/hosting/nginx-includes.ts";
import { adminPolicy, describeSite, everyResponse } from "../../scripts/hosting/policy.ts";
import { readAuthConfig } from "../../server/auth/config.ts";
import { EnvReader } from "../../server/config/env.ts";
import { readServerConfig } from "../../server/config/server.ts";
import { freePort } from "../helpers/free-port.ts";
import { inProcess } from "../helpers/in-process.ts";
import { root } from "../../tools/shared/copy-project.ts";
import { commands, runToEnd, startServer, type ServerProcess } from "../helpers/server-process.ts";

const work = mkdtempSync(join(tmpdir(), "admin-origin-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Site settings as the content build writes them (src/generated/site.json), the fields the step reads. */
const siteFacts = (gtmContainerId?: string) => ({
  analytics: gtmContainerId ? { gtmContainerId } : {},
  seo: { siteUrl: "https://www.example.com" },
});

/** The build's step (package.json's `build` runs it after the content), on settings written to a file. */
function settingsFile(settings: object): { file: string; step: string } {
  const file = join(work, `site-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify(settings));
  const step = /node --import tsx (scripts\/hosting\/admin-origin\.ts)/.exec(
    (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts
      .build!,
  );
  expect(step, "npm run build runs the check").not.toBeNull();
  return { file, step: step![1]! };
}
/** The environment the step sees: this process's, without an ADMIN_ORIGIN of its own, and `env`. */
function stepEnv(env: Record<string, string>) {
  const inherited = { ...process.env };
  delete inherited.ADMIN_ORIGIN;
  return { ...inherited, ...env };
}
/** The step's main() in this process: its exit code, and what it printed. */
async function buildStep(settings: object, env: Record<string, string>) {
  const { file } = settingsFile(settings);
  const result = await inProcess(() => adminOriginStep(file, stepEnv(env)));
  return { code: result.status, output: result.stdout + result.stderr };
}

describe("the build's warning when a Tag Manager container is set and /admin/ shares the site's address", () => {
  test("with a container and no ADMIN_ORIGIN: a warning in words that names the container and ADMIN_ORIGIN", async () => {
    const { code, output } = await buildStep(siteFacts("GTM-TEST123"), {});
    expect(code, output).toBe(0);
    expect(output).toMatch(/^warning: the site loads Google Tag Manager \(GTM-TEST123/);
    expect(output).toMatch(/\/admin\/ is served at the site's own address \(ADMIN_ORIGIN is not set\)/);
    expect(output).toContain("set ADMIN_ORIGIN=https://admin.example.com");
    expect(output).toMatch(/GitHub sign-in/);
  });

  test("an ADMIN_ORIGIN on the site's own host name stops the build: that address would serve /admin/ alone", async () => {
    for (const [gtm, origin] of [
      ["GTM-TEST123", "https://www.example.com"],
      [undefined, "http://www.example.com"],
    ] as const) {
      const { code, output } = await buildStep(siteFacts(gtm), { ADMIN_ORIGIN: origin });
      expect(code, output).toBe(1);
      expect(output).toMatch(
        /^npm run build: ADMIN_ORIGIN=\S+ is the site's own address \(siteUrl in the site settings\): .*ADMIN_ORIGIN=https:\/\/admin\.example\.com, or leave it unset$/m,
      );
    }
  });

  test("none with ADMIN_ORIGIN another address, and none without a container", async () => {
    for (const [settings, env] of [
      [siteFacts("GTM-TEST123"), { ADMIN_ORIGIN: "https://admin.example.com" }],
      [siteFacts(), {}],
      [siteFacts(), { ADMIN_ORIGIN: "https://admin.example.com" }],
    ] as const) {
      const { code, output } = await buildStep(settings, env);
      expect(code, output).toBe(0);
      expect(output, JSON.stringify([settings, env])).not.toMatch(/warning/i);
    }
  });

  test("an ADMIN_ORIGIN that is not an address stops the build with a line naming it", () => {
    // The step as `npm run build` runs it, a process of its own: its exit code, and no stack trace.
    const { file, step } = settingsFile(siteFacts());
    const result = spawnSync(process.execPath, ["--import", "tsx", step, file], {
      cwd: root,
      encoding: "utf8",
      env: stepEnv({ ADMIN_ORIGIN: "admin.example.com/admin" }),
    });
    const [code, output] = [result.status, result.stdout + result.stderr];
    expect(code).toBe(1);
    expect(output).toMatch(
      /^npm run build: ADMIN_ORIGIN="admin\.example\.com\/admin" is not an address for the content editor .*for example ADMIN_ORIGIN=https:\/\/admin\.example\.com$/m,
    );
    expect(output, "no stack trace").not.toMatch(/^\s+at /m);
  });

  test("the warning's words read the address from the site's settings", () => {
    const warning = tagManagerWarning(
      { analytics: { gtmContainerId: "GTM-X1" }, seo: { siteUrl: "https://acme.test" } },
      undefined,
    );
    expect(warning).toContain("ADMIN_ORIGIN=https://admin.acme.test");
  });
});

describe("ADMIN_ORIGIN's checks at start", () => {
  const read = (env: Record<string, string>) => {
    const reader = new EnvReader(env);
    const server = readServerConfig(reader, { port: 4173 });
    const auth = readAuthConfig(reader, server.adminOrigin);
    return { server, auth, problems: reader.problems, warnings: reader.warnings };
  };
  const login = { GITHUB_CLIENT_ID: "Ov23li123", GITHUB_CLIENT_SECRET: "s3cret" };

  test("an origin; the login's address unless AUTH_ORIGIN is set to the same", () => {
    const set = read({ ...login, ADMIN_ORIGIN: "https://Admin.example.com/" });
    expect(set.problems).toEqual([]);
    expect(set.warnings).toEqual([]);
    expect(set.server.adminOrigin).toBe("https://admin.example.com");
    expect(set.auth).toMatchObject({ ready: true, config: { origin: "https://admin.example.com" } });
    expect(
      read({ ...login, ADMIN_ORIGIN: "https://admin.example.com", AUTH_ORIGIN: "https://admin.example.com" }).problems,
    ).toEqual([]);
  });

  test("not an address, or AUTH_ORIGIN another address: a line each", () => {
    expect(read({ ADMIN_ORIGIN: "https://admin.example.com/admin/" }).problems).toEqual([
      expect.stringMatching(
        /^ADMIN_ORIGIN=".*" is not an address for the content editor .*ADMIN_ORIGIN=https:\/\/admin\.example\.com$/,
      ),
    ]);
    expect(
      read({ ...login, ADMIN_ORIGIN: "https://admin.example.com", AUTH_ORIGIN: "https://www.example.com" }).problems,
    ).toEqual([
      expect.stringMatching(
        /^AUTH_ORIGIN="https:\/\/www\.example\.com" is not ADMIN_ORIGIN \(https:\/\/admin\.example\.com\)/,
      ),
    ]);
  });
});

describe("the nginx files a build writes for ADMIN_ORIGIN", () => {
  const rules = describeSite({ pages: [], tagManager: false, redirects: [], files: [] }).headers;
  test("where the site's block sends /admin/: ADMIN_ORIGIN, or nowhere without it", () => {
    expect(renderHttpInclude(rules, "https://admin.example.com")).toContain(
      'map $host $site_admin_origin {\n    default "https://admin.example.com";\n}',
    );
    expect(renderHttpInclude(rules)).toContain('map $host $site_admin_origin {\n    default "";\n}');
  });
  test("the content editor's block answers ADMIN_ORIGIN's host name, or a name no one reaches", () => {
    expect(renderAdminInclude("https://admin.example.com:8443")).toMatch(/^server_name admin\.example\.com;$/m);
    expect(renderAdminInclude()).toMatch(/^server_name admin\.invalid;$/m);
  });
});

/** A GET with the Host a browser at `origin` sends, redirects not followed. */
function get(server: string, origin: string, path: string) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const { hostname, port } = new URL(server);
    const request = httpRequest({ host: hostname, port, path, headers: { Host: new URL(origin).host } }, (response) => {
      let body = "";
      response.on("data", (chunk: Buffer) => (body += chunk.toString()));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    request.on("error", reject).end();
  });
}

describe("npm run serve with ADMIN_ORIGIN: /admin/ and the login at that host only", { timeout: 120_000 }, () => {
  const dist = join(work, "dist");
  const files: Record<string, string> = {
    "index.html": "<!doctype html><title>Home</title><h1>The site's home page</h1>",
    "about/index.html": "<!doctype html><title>About</title><h1>The site's about page</h1>",
    "404.html": "<!doctype html><title>Not found</title><h1>The site's not-found page</h1>",
    "admin/index.html": "<!doctype html><title>Content editor</title><script src=/assets/admin-1234.js></script>",
    "assets/admin-1234.js": "console.log('the editor');",
    "media/logo-0123456789.svg": "<svg xmlns='http://www.w3.org/2000/svg'/>",
  };
  let server: ServerProcess;
  let site = "";
  let admin = "";

  beforeAll(async () => {
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(join(dist, name, ".."), { recursive: true });
      writeFileSync(join(dist, name), text);
    }
    const policy = describeSite({
      pages: [
        { route: "/", file: "index.html", html: files["index.html"]! },
        { route: "/about", file: "about/index.html", html: files["about/index.html"]! },
        { route: "/404", file: "404.html", html: files["404.html"]! },
      ],
      tagManager: true,
      redirects: [],
      files: [],
    });
    writeFileSync(join(dist, "_headers"), renderHeadersFile(policy.headers));
    writeFileSync(join(dist, "_redirects"), "");
    const port = await freePort();
    site = `http://site.test:${port}`;
    admin = `http://admin.site.test:${port}`;
    server = await startServer([...commands["npm run serve"], "--", dist], {
      PORT: String(port),
      LEADS: "off",
      ADMIN_ORIGIN: admin,
      GITHUB_CLIENT_ID: "Ov23liStandIn0123456",
      GITHUB_CLIENT_SECRET: "a-secret-for-this-test",
      GITHUB_URL: "http://127.0.0.1:9",
    });
  });
  afterAll(async () => {
    await server?.stop();
  });

  test("the site's address sends /admin/ to ADMIN_ORIGIN, encoded or not, and has no login", async () => {
    for (const [path, to] of [
      ["/admin/", "/admin/"],
      ["/admin", "/admin"],
      ["/admin/?from=site", "/admin/?from=site"],
      ["/%61dmin/", "/%61dmin/"],
      ["/about/../admin/", "/about/../admin/"],
    ]) {
      const answer = await get(server.base, site, path!);
      expect(answer.status, path).toBe(302);
      expect(answer.headers.location, path).toBe(`${admin}${to}`);
      expect(answer.body).not.toContain("Content editor");
      expect(answer.headers["x-content-type-options"]).toBe("nosniff");
    }
    for (const path of ["/api/auth/github?provider=github", "/api/auth/github/callback?code=x&state=y"]) {
      const answer = await get(server.base, site, path);
      expect(answer.status, path).toBe(404);
      expect(answer.headers["set-cookie"]).toBeUndefined();
      expect(answer.body).toContain("The site's not-found page");
    }
    const home = await get(server.base, site, "/");
    expect(home.status).toBe(200);
    expect(home.body).toBe(files["index.html"]);
  });

  test("the admin address serves /admin/ with its policy, the files it loads, and the login there", async () => {
    const editor = await get(server.base, admin, "/admin/");
    expect(editor.status).toBe(200);
    expect(editor.body).toBe(files["admin/index.html"]);
    expect(editor.headers["content-security-policy"]).toBe(adminPolicy);
    expect((await get(server.base, admin, "/assets/admin-1234.js")).status).toBe(200);
    expect((await get(server.base, admin, "/media/logo-0123456789.svg")).status).toBe(200);
    expect(await get(server.base, admin, "/")).toMatchObject({ status: 302, headers: { location: "/admin/" } });
    const start = await get(server.base, admin, "/api/auth/github?provider=github");
    expect(start.status).toBe(302);
    expect(new URL(start.headers.location!).searchParams.get("redirect_uri")).toBe(`${admin}/api/auth/github/callback`);
  });

  test("the admin address serves none of the site's pages (their tags must not run there), not even its not-found page", async () => {
    for (const path of [
      "/about",
      "/index.html",
      "/404.html",
      "/%61bout",
      "/no-such-page",
      "/admin/no-such-page",
      "/assets/no-such-file.js",
      "/media/no-such-picture.jpg",
    ]) {
      const answer = await get(server.base, admin, path);
      expect(answer.status, path).toBe(404);
      expect(answer.body, path).not.toMatch(/The site's/);
      expect(answer.body).toMatch(/serves the content editor only, at \/admin\//);
      expect(answer.headers["x-frame-options"], path).toBe(everyResponse["X-Frame-Options"]);
      expect(answer.headers["strict-transport-security"], path).toBe(everyResponse["Strict-Transport-Security"]);
    }
  });

  test("ADMIN_ORIGIN that is not an address stops the start with a line naming it (exit 78)", async () => {
    const result = await runToEnd([...commands["npm run serve"], "--", dist], {
      LEADS: "off",
      ADMIN_ORIGIN: "admin.example.com",
    });
    expect(result.code, result.output).toBe(78);
    expect(result.output).toMatch(/ADMIN_ORIGIN="admin\.example\.com" is not an address for the content editor/);
  });
});
