/**
 * Answering: `303 See Other` to the form's success page once the lead is stored; a refusal as JSON
 * for the page's script (Accept: application/json), or as a short HTML page that says what to
 * correct and links back to the form (without JavaScript). Neither ever repeats what was typed
 * beyond the field messages, nor puts it in a URL.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Refusal } from "./refusal.ts";

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** The link back: the path of the page the form was on (from the Referer), on this site; else "/". */
export function backLink(request: IncomingMessage): string {
  try {
    const referer = new URL(String(request.headers.referer ?? ""));
    if (/^https?:$/.test(referer.protocol)) return referer.pathname;
  } catch {
    // no usable Referer: back to the home page
  }
  return "/";
}

function refusalPage(refusal: Refusal, back: string, phone: string | undefined): string {
  const messages = Object.values(refusal.fields);
  return (
    `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>Your request was not sent</title><main><h1>Your request was not sent</h1><p>${escapeHtml(refusal.message)}</p>` +
    (messages.length ? `<ul>${messages.map((m) => `<li>${escapeHtml(m)}</li>`).join("")}</ul>` : "") +
    `<p><a href="${escapeHtml(back)}">Go back to the form</a> and try again${phone ? `, or call us at ${escapeHtml(phone)}` : ""}.</p></main></html>`
  );
}

/** Answers `refusal`; `phone` (the company's number) is offered on the HTML page. */
export function refuse(
  request: IncomingMessage,
  response: ServerResponse,
  refusal: Refusal,
  phone: string | undefined,
): void {
  const json = /application\/json/.test(String(request.headers.accept ?? ""));
  const body = json
    ? JSON.stringify({ error: refusal.message, fields: refusal.fields })
    : refusalPage(refusal, backLink(request), phone);
  // Drain what is left of a refused body so the connection can be reused, within reason.
  request.resume();
  response.writeHead(refusal.status, {
    "Content-Type": json ? "application/json; charset=utf-8" : "text/html; charset=utf-8",
    "Content-Length": Buffer.byteLength(body),
    "Cache-Control": "no-store",
    "Content-Security-Policy": "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    ...refusal.headers,
  });
  response.end(body);
}

/** The answer to a stored lead: 303 to the form's success page. */
export function seeOther(request: IncomingMessage, response: ServerResponse, location: string): void {
  request.resume();
  response.writeHead(303, { Location: location, "Cache-Control": "no-store", "Content-Length": 0 });
  response.end();
}
