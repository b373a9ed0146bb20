/**
 * The pages the login window shows: the handshake that hands the token to /admin/ (Decap's protocol,
 * decap-cms-lib-auth's netlify-auth.js) and the refusals, in words for people. Each page is small,
 * accessible HTML, sent with a strict Content-Security-Policy: nothing loads, and the one inline
 * script and style run by a nonce made for this answer.
 *
 * The handshake: this window says "authorizing:github" to its opener, addressed to each allowed
 * origin in turn (a message to another origin is dropped by the browser); /admin/ answers with the
 * same words; only then, and only to the origin that answered (one of the allowed, exact), does this
 * window post `authorization:github:success:{"token":…,"provider":"github"}`. A window opened by
 * another site, or none, never receives the token.
 */
import { randomBytes } from "node:crypto";
import type { ServerResponse } from "node:http";

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** JSON that is safe inside a <script> element (no "</script>", no "<!--"). */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028|\u2029/g, "");

const style = `body{font:1rem/1.5 system-ui,sans-serif;max-width:34rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a;background:#fff}h1{font-size:1.5rem}`;

function document(nonce: string, title: string, paragraphs: string[], script = ""): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style nonce="${nonce}">${style}</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("\n")}
</main>
${script ? `<script nonce="${nonce}">${script}</script>` : ""}
</body>
</html>
`;
}

function send(
  response: ServerResponse,
  status: number,
  html: string,
  nonce: string,
  extra: Record<string, string | string[]> = {},
) {
  const body = Buffer.from(html);
  response.writeHead(status, {
    "Content-Type": "text/html; charset=utf-8",
    "Content-Length": body.length,
    "Content-Security-Policy": `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    "Cache-Control": "no-store",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    // The window must keep its opener (/admin/) to hand it the token.
    "Cross-Origin-Opener-Policy": "unsafe-none",
    ...extra,
  });
  response.end(body);
}

/** A refusal: what happened and what to do, in words; nothing from the request is trusted into it but escaped. */
export function sendRefusal(
  response: ServerResponse,
  status: number,
  title: string,
  paragraphs: string[],
  extra: Record<string, string | string[]> = {},
): void {
  const nonce = randomBytes(16).toString("base64");
  send(response, status, document(nonce, title, paragraphs), nonce, extra);
}

/** The handshake page: the token for /admin/, to `origins` only, after the opener answered. */
export function sendHandshake(
  response: ServerResponse,
  token: string,
  origins: readonly string[],
  extra: Record<string, string | string[]> = {},
): void {
  const nonce = randomBytes(16).toString("base64");
  const success = `authorization:github:success:${JSON.stringify({ token, provider: "github" })}`;
  const script = `(() => {
  const origins = ${scriptJson(origins)};
  const success = ${scriptJson(success)};
  const opener = window.opener;
  const note = document.getElementById("note");
  if (!opener) {
    note.textContent = "This window was not opened by the content editor, so it signs nobody in. Open the editor (/admin/) and choose \\"Login with GitHub\\".";
    return;
  }
  const answered = (event) => {
    if (event.source !== opener || !origins.includes(event.origin) || event.data !== "authorizing:github") return;
    window.removeEventListener("message", answered);
    opener.postMessage(success, event.origin);
  };
  window.addEventListener("message", answered);
  for (const origin of origins) opener.postMessage("authorizing:github", origin);
})();`;
  const html = document(
    nonce,
    "Signing you in to the content editor",
    ["GitHub has confirmed who you are. This window hands your sign-in to the editor and closes by itself."],
    script,
  ).replace("</main>", `<p id="note" role="status"></p>\n</main>`);
  send(response, 200, html, nonce, extra);
}
