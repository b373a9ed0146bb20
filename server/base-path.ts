/**
 * `npm run serve` under a base path (BASE_PATH=/pr-123/, a pull request's preview on a plain
 * server): the build wrote every address under the base, so the server takes the base off a request
 * before serving it as usual (files, the hosts' rules, the lead endpoint) and puts it back on any
 * address it sends the browser to (a redirect, the lead form's "303 See Other" to its success page).
 * Addresses outside the base are not the site's. With the base "/" nothing changes.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { HeaderRule, RedirectRule } from "../scripts/hosting/policy.ts";
import { basePathFrom, underBase } from "../scripts/hosting/base-path.ts";
import type { EnvReader } from "./config/env.ts";

/** BASE_PATH as the server reads it ("/" when unset); a value that is not a path is a problem of the start-up's. */
export function readBasePath(env: EnvReader): string {
  try {
    return basePathFrom(env.raw("BASE_PATH"));
  } catch {
    env.problem(
      "BASE_PATH",
      env.raw("BASE_PATH"),
      'is not a path the site can be served under (letters, digits, ".", "_", "~" and "-" between slashes)',
      "/pr-123/",
    );
    return "/";
  }
}

/** A rule's path as the server sees it once the base is taken off ("/pr-123/about" → "/about"). */
function offBase(base: string, path: string): string {
  if (base === "/" || !path.startsWith(base)) return path;
  return path.slice(base.length - 1);
}

/** The hosts' rules the build wrote under `base`, for a server that takes the base off first. */
export function rulesOffBase(rules: { headers: HeaderRule[]; redirects: RedirectRule[] }, base: string) {
  if (base === "/") return rules;
  return {
    headers: rules.headers.map((rule) => ({ ...rule, path: offBase(base, rule.path) })),
    redirects: rules.redirects.map((rule) => ({ ...rule, from: offBase(base, rule.from), to: offBase(base, rule.to) })),
  };
}

/**
 * Takes `base` off the request's address and makes the response put it back on a Location header;
 * answers (and returns false) when the address is outside the base.
 */
export function enterBase(base: string, request: IncomingMessage, response: ServerResponse): boolean {
  if (base === "/") return true;
  const url = request.url ?? "/";
  const [path = "/"] = url.split("?");
  if (path === base.slice(0, -1)) {
    response.writeHead(301, { Location: base + url.slice(path.length), "Content-Length": 0 }).end();
    return false;
  }
  if (!path.startsWith(base)) {
    response
      .writeHead(404, { "Content-Type": "text/plain; charset=utf-8" })
      .end(`Not found: this server serves the site under ${base}`);
    return false;
  }
  request.url = url.slice(base.length - 1);
  const writeHead = response.writeHead.bind(response) as (
    status: number,
    headers?: Record<string, unknown>,
  ) => ServerResponse;
  response.writeHead = ((status: number, headers?: Record<string, unknown>) => {
    if (headers && typeof headers.Location === "string")
      headers = { ...headers, Location: underBase(base, headers.Location) };
    return writeHead(status, headers);
  }) as ServerResponse["writeHead"];
  return true;
}
