/**
 * The site on nginx, from the same policy as dist/_headers: two server blocks committed as
 * deploy/nginx.conf, the site's and the content editor's (what does not change between builds: the
 * headers every response gets, gzip, directory indexes, the not-found page, what goes to the lead
 * server); what does change is written by each build into dist/_nginx/ (nginx-includes.ts), and the
 * server blocks include it from the deployed folder.
 * In: the header rules (policy.ts). Out: the file's text.
 * Usage: node --import tsx scripts/hosting/nginx.ts [--check] writes (or checks) deploy/nginx.conf.
 */
import { join } from "node:path";
import { writeGenerated } from "../generate/generated-file.ts";
import { leadsEndpoint } from "../../schemas/lead-limits.ts";
import { quote, split, variableFor } from "./nginx-includes.ts";
import { describeSite, everyResponse } from "./policy.ts";

/** Where deploy/nginx.conf expects dist/ to be copied; the one path to change for another folder. */
export const deployRoot = "/var/www/site";
/** The lines of deploy/nginx.conf that belong to one machine: where it listens. */
export const listenLines = ["    listen 80;", "    listen [::]:80;"];
/** The line of the content editor's server block that names it: the build's include (ADMIN_ORIGIN's host). */
export const adminNameLine = `    include ${deployRoot}/_nginx/admin.conf;`;
/** The front proxies deploy/nginx.conf believes as shipped: this machine's (a TLS terminator beside nginx). */
export const frontLines = ["    set_real_ip_from 127.0.0.1;", "    set_real_ip_from ::1;"];

/** The port of the lead server on this machine (`npm run leads:serve`, server/leads/main.ts's default). */
export const leadsPort = 4174;

/**
 * A location nginx passes to the lead server: the address reached and the visitor's as the server's
 * TRUST_PROXY reads them. `first`: lines before the proxying (a body limit, a refusal); `unbuffered`:
 * streamed through, never cached; `last`: lines after it (the login's own headers).
 */
function proxyLocation(
  match: string,
  options: { first?: string[]; unbuffered?: boolean; readTimeout: string; last?: string[] },
): string {
  const lines = [
    ...(options.first ?? []),
    `proxy_pass http://127.0.0.1:${leadsPort};`,
    "proxy_http_version 1.1;",
    "proxy_set_header Host $http_host;",
    "proxy_set_header X-Forwarded-For $remote_addr;",
    "proxy_set_header X-Forwarded-Host $http_host;",
    "proxy_set_header X-Forwarded-Proto $site_forwarded_proto;",
    ...(options.unbuffered ? ["proxy_buffering off;", "proxy_cache off;"] : []),
    "proxy_connect_timeout 5s;",
    `proxy_read_timeout ${options.readTimeout};`,
    ...(options.last ?? []),
  ];
  return [`    location ${match} {`, ...lines.map((line) => `        ${line}`), "    }"].join("\n");
}

/** The login's location (server/auth/), the same in both server blocks but for what comes first in it. */
const loginLocation = (first: string[] = []) =>
  proxyLocation("^~ /api/auth/github", {
    first,
    readTimeout: "30s",
    last: [`add_header Strict-Transport-Security "${everyResponse["Strict-Transport-Security"]}" always;`],
  });

/** deploy/nginx.conf: the site's server block and the content editor's, for nginx's http {} (e.g. /etc/nginx/conf.d/site.conf). */
// eslint-disable-next-line max-lines-per-function -- the template of deploy/nginx.conf: mostly the file's own text and its comments for whoever runs nginx, read best whole
export function renderServerBlock(): string {
  // The headers that depend on the address are the same for any build: take their names from an empty site.
  const { global, names } = split(describeSite({ pages: [], tagManager: false, redirects: [], files: [] }).headers);
  const headers = [
    ...Object.entries(global).map(([name, value]) => `    add_header ${name} ${quote(value)} always;`),
    ...names.map((name) => `    add_header ${name} ${variableFor(name)} always;`),
  ];
  // What both server blocks say alike, after their names.
  const common = `    root ${deployRoot};

    server_tokens off;
    charset utf-8;
    charset_types text/css text/plain text/xml application/javascript application/json application/xml image/svg+xml;
    # Redirects say "/about", not "http://host/about": right behind a TLS proxy too.
    absolute_redirect off;
    index index.html;`;
  const front = `${frontLines.join("\n")}
    real_ip_header X-Forwarded-For;
    real_ip_recursive on;

    gzip on;
    gzip_vary on;
    gzip_proxied any;
    gzip_comp_level 6;
    gzip_min_length 512;
    gzip_types text/css text/plain text/xml application/javascript application/json application/xml application/manifest+json image/svg+xml;

${headers.join("\n")}`;
  // The leads inbox, in both blocks: /admin/'s Leads screen asks it at /admin/'s own address.
  const inbox = `    # The leads inbox (server/leads/inbox/), /admin/'s Leads screen: the same process. Its answers
    # carry the visitor's leads and say "Cache-Control: no-store" themselves; nothing here keeps
    # them (no proxy_cache), and the CSV export streams through unbuffered, a page at a time. The
    # X-Forwarded-For header also keeps LEADS_INBOX_LOCAL from ever letting a request through here.
${proxyLocation("^~ /api/leads/inbox", { first: ["client_max_body_size 16k;"], unbuffered: true, readTimeout: "60s" })}`;
  return `# Generated by \`npm run deploy:nginx\` from scripts/hosting/. Do not edit.
#
# The site on nginx. Copy dist/ to ${deployRoot} (or change that path below), put this file where
# nginx's http {} block includes it (Debian: /etc/nginx/conf.d/site.conf), then \`nginx -s reload\`.
# Terminate TLS in front of it, or add \`listen 443 ssl;\` with your certificate: browsers only honour
# Strict-Transport-Security over HTTPS.
#
# What changes with every build comes with it, in dist/_nginx/: http.conf (each page's
# Content-Security-Policy with the hashes of its inline code, caching, the /admin/ policy, and where
# /admin/ is served), server.conf (the redirects in content/redirects.yaml) and admin.conf (the
# content editor's host name). Every header is added once, here, at server level, and no location
# adds its own: nginx would then drop all of these.

include ${deployRoot}/_nginx/http.conf;

# Whether a request came through a trusted front proxy (set_real_ip_from below): then the real_ip
# module has replaced $remote_addr with the visitor's address, and the scheme the visitor used is the
# front's X-Forwarded-Proto. From anyone else the header is ignored and the scheme is nginx's own.
map "$realip_remote_addr $remote_addr" $site_through_front {
    "~^(\\S+) \\1$" 0;
    default 1;
}
map "$site_through_front $http_x_forwarded_proto" $site_forwarded_proto {
    "~^1 (?<site_front_proto>https?)$" $site_front_proto;
    default $scheme;
}

# The site: the first server block, so it also answers the host names no block names.
server {
${listenLines.join("\n")}
    # Your domain, e.g. www.example.com: Debian's sites-enabled/default answers the names no server has.
    server_name _;
${common}
    error_page 404 /404.html;

    # The visitor's address behind a TLS terminator, CDN or load balancer: name the front's addresses
    # here, one set_real_ip_from line each, and nginx takes the visitor's from the X-Forwarded-For the
    # front appends (the rightmost address that is not a front's), so the lead endpoint limits each
    # visitor, not the front. Only these addresses are believed: anyone else's X-Forwarded-For and
    # X-Forwarded-Proto are ignored. This machine (a TLS terminator beside nginx) is trusted as shipped;
    # docs/operations.md, "Behind a CDN, a TLS terminator or a load balancer", lists Cloudflare's,
    # CloudFront's and a load balancer's.
${front}

    include ${deployRoot}/_nginx/server.conf;

    # The hosts' own files (_headers, _redirects, _nginx/) are configuration, not pages.
    location ^~ /_ {
        return 404;
    }

    # The forms' lead endpoint: \`npm run leads:serve\` (server/leads/main.ts) on this machine, port
    # ${leadsPort} (set PORT=${leadsPort} and TRUST_PROXY=1 there). TRUST_PROXY is the server's one setting for
    # trusting a proxy: with it, the X-Forwarded-For, -Host and -Proto set here are the visitor's
    # address and the address reached, for the endpoint, the inbox and the login alike; the server
    # must then listen on 127.0.0.1 only (HOST, its default), so nothing but nginx can send them.
    # Only this one address goes to it; the headers above apply to its answers too. If it is down,
    # nginx answers 502 and the form tells the visitor to try again or call.
${proxyLocation(`= ${leadsEndpoint}`, { first: ["client_max_body_size 16k;"], readTimeout: "30s" })}

${inbox}

    # The admin login (server/auth/): /admin/ signs in to GitHub through the same process, which
    # holds GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET (and TRUST_PROXY=1, above). Its pages
    # send their own policy (a nonce for their one script; no opener isolation, as the login window
    # hands the token back to /admin/): an add_header here replaces the site's headers above for
    # this location only, and HSTS is kept. Built with ADMIN_ORIGIN, the login is not here but in
    # the content editor's server block below.
${loginLocation(["if ($site_admin_origin) {", "    return 404;", "}"])}

    # /admin/, the content editor: here, unless the build had ADMIN_ORIGIN (an address of its own,
    # decision 0037; $site_admin_origin comes from the build's http.conf): then it sends the browser there.
    location ~ ^/admin(/|$) {
        if ($site_admin_origin) {
            return 302 $site_admin_origin$request_uri;
        }
        try_files $uri \${uri}index.html $uri/index.html =404;
    }

    # "/about" and "/about/" are about/index.html; what is not a file is the not-found page (404).
    location / {
        try_files $uri \${uri}index.html $uri/index.html =404;
    }
}

# The content editor on an address of its own (ADMIN_ORIGIN at build, decision 0037): /admin/, the
# files it loads and its login, and nothing else. None of the site's pages, and so none of their tags
# (a Tag Manager container), ever runs at the address where the editor's GitHub token is kept.
# Its host name comes with the build (dist/_nginx/admin.conf: ADMIN_ORIGIN's host, or admin.invalid,
# which no one reaches, without it). Terminate TLS for that name as for the site's.
server {
${listenLines.join("\n")}
${adminNameLine}
${common}

    # The same front proxies as the site's block above.
${front}

${inbox}

${loginLocation()}

    location ~ ^/admin(/|$) {
        try_files $uri \${uri}index.html $uri/index.html =404;
    }

    # The scripts and pictures /admin/ loads (content-hashed).
    location ^~ /assets/ {
        try_files $uri =404;
    }
    location ^~ /media/ {
        try_files $uri =404;
    }

    location = / {
        return 302 /admin/;
    }

    # Anything else is not here (not even the not-found page: it is one of the site's pages).
    location / {
        return 404;
    }
}
`;
}

const target = join(import.meta.dirname, "..", "..", "deploy", "nginx.conf");
if (process.argv[1] === import.meta.filename) writeGenerated(target, renderServerBlock(), "npm run deploy:nginx");
