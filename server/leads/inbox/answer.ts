/**
 * The inbox's HTTP vocabulary: a refusal (`Problem`, thrown by any step and answered as JSON
 * `{"error"}` with its status and headers), a JSON answer (never cached, never sniffed) and a small
 * JSON body read with a size limit.
 */
import type { IncomingMessage, ServerResponse } from "node:http";

export class Problem {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly headers: Record<string, string> = {},
  ) {}
}

export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  response
    .writeHead(status, {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Length": String(Buffer.byteLength(text)),
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
      ...headers,
    })
    .end(text);
}

/** The request's JSON body, at most `maxBytes`; a Problem (413, 400) otherwise. */
export async function readJson(request: IncomingMessage, maxBytes = 4096): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) throw new Problem(413, `Send at most ${maxBytes} bytes.`);
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    throw new Problem(400, 'Send JSON: {"email": "…"} or {"phone": "…"}.');
  }
}
