/** The nginx configuration: deploy/nginx.conf is current, and each build's include says what _headers says. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { renderHttpInclude, renderServerInclude, variableFor } from "../../scripts/hosting/nginx-includes.ts";
import { adminNameLine, renderServerBlock } from "../../scripts/hosting/nginx.ts";
import { describeSite, everyResponse } from "../../scripts/hosting/policy.ts";

const committed = readFileSync(join(import.meta.dirname, "..", "..", "deploy", "nginx.conf"), "utf8");
const page = (route: string, file: string) => ({ route, file, html: `<style>${route}{}</style>` });

describe("deploy/nginx.conf", () => {
  it("is up to date with the policy (run npm run deploy:nginx)", () => {
    expect(committed).toBe(renderServerBlock());
  });

  it("adds every header once, at server level, for every status; no location adds its own but the admin login's", () => {
    for (const [name, value] of Object.entries(everyResponse)) {
      expect(committed).toContain(`    add_header ${name} "${value}" always;`);
    }
    for (const name of ["Content-Security-Policy", "Cross-Origin-Opener-Policy", "Cache-Control"]) {
      expect(committed).toContain(`    add_header ${name} ${variableFor(name)} always;`);
    }
    const locations = committed.split(/\n {4}location /).slice(1);
    expect(locations.length).toBeGreaterThan(0);
    for (const block of locations) {
      const body = block.split("\n    }")[0]!;
      // The login window sends its own policy and must keep its opener: only HSTS is added to it.
      if (body.startsWith("^~ /api/auth/github ")) {
        expect(body.match(/add_header .*/g)).toEqual([
          `add_header Strict-Transport-Security "${everyResponse["Strict-Transport-Security"]}" always;`,
        ]);
      } else expect(body).not.toContain("add_header");
    }
  });

  it("includes the build's maps and redirects, compresses text and serves 404.html for unknown paths", () => {
    expect(committed).toMatch(/^include \/\S+\/_nginx\/http\.conf;$/m);
    expect(committed).toMatch(/^ {4}include \/\S+\/_nginx\/server\.conf;$/m);
    expect(committed).toMatch(/^ {4}gzip on;$/m);
    expect(committed).toMatch(/^ {4}error_page 404 \/404\.html;$/m);
  });
});

describe("deploy/nginx.conf's two server blocks (ADMIN_ORIGIN, decision 0037)", () => {
  const [site, editor] = committed.split(/^server \{$/m).slice(1) as [string, string];

  it("the site's block comes first (it answers names no block has) and sends /admin/ to ADMIN_ORIGIN when the build had it", () => {
    expect(committed.split(/^server \{$/m)).toHaveLength(3);
    expect(site).toMatch(/^ {4}server_name _;$/m);
    expect(site).toContain("        if ($site_admin_origin) {\n            return 302 $site_admin_origin$request_uri;");
    expect(site).toContain("        if ($site_admin_origin) {\n            return 404;");
  });

  it("the editor's block is named by the build and has no not-found page of the site's", () => {
    expect(editor).toContain(adminNameLine);
    expect(editor).not.toMatch(/server_name _|error_page/);
    expect(editor).toContain("    location / {\n        return 404;\n    }");
  });
});

describe("the build's nginx include", () => {
  const policy = describeSite({
    pages: [page("/", "index.html"), page("/about", "about/index.html"), page("/404", "404.html")],
    tagManager: false,
    redirects: [
      { from: "/about-us", to: "/about", permanent: true },
      { from: "/sale", to: "/#offers", permanent: false },
    ],
    files: ["/sitemap.xml"],
  });

  it("maps each file served to its page's policy, and folders by prefix", () => {
    const http = renderHttpInclude(policy.headers);
    const csp = (path: string) => policy.headers.find((rule) => rule.path === path)!.headers["Content-Security-Policy"];
    expect(http).toContain(`map $uri ${variableFor("Content-Security-Policy")} {\n    default "";`);
    expect(http).toContain(`    "/about/index.html" "${csp("/about")}";`);
    expect(http).toContain(`    "/index.html" "${csp("/")}";`);
    expect(http).toContain(`    "/404.html" "${csp("/404.html")}";`);
    expect(http).toContain(`    "~^/assets/" "public, max-age=31536000, immutable";`);
    // try_files serves "/about" and "/about/" as /about/index.html: those need no key.
    expect(http).not.toMatch(/"\/about\/?" /);
    expect(http).not.toContain("map_hash");
  });

  it("sizes nginx's map hash only for many or long addresses", () => {
    const long = `/${"a-very-long-route-name".repeat(3)}`;
    const many = describeSite({
      pages: [page(long, `${long.slice(1)}/index.html`)],
      tagManager: false,
      redirects: [],
      files: [],
    });
    expect(renderHttpInclude(many.headers)).toMatch(/^map_hash_bucket_size \d+;$/m);
  });

  it("redirects each old address, with and without a final slash, keeping the query before an #anchor", () => {
    const server = renderServerInclude(policy.redirects);
    expect(server).toContain('location = "/about-us" {\n    return 301 "/about$is_args$args";\n}');
    expect(server).toContain('location = "/about-us/" {\n    return 301 "/about$is_args$args";\n}');
    expect(server).toContain('location = "/sale" {\n    return 302 "/$is_args$args#offers";\n}');
  });
});
