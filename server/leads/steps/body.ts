/**
 * Parsing the request: only POST, only form posts (application/x-www-form-urlencoded), at most
 * `maxBytes` (by the declared length, and counted as it arrives), each field once. What comes out
 * is the form's values by name; nothing is checked against the form yet (submission.ts does).
 */
import type { IncomingMessage } from "node:http";
import { Refusal } from "./refusal.ts";

/** Refuses (405) anything but POST. */
export function checkMethod(request: IncomingMessage): Refusal | undefined {
  if (request.method === "POST") return undefined;
  return new Refusal(405, "Only POST is accepted here.", {}, { Allow: "POST" });
}

/** Refuses (415) a body that is not a form post. */
export function checkContentType(request: IncomingMessage): Refusal | undefined {
  const type = String(request.headers["content-type"] ?? "")
    .split(";")[0]!
    .trim()
    .toLowerCase();
  if (type === "application/x-www-form-urlencoded") return undefined;
  return new Refusal(415, "Only form posts (application/x-www-form-urlencoded) are accepted; nothing was stored.");
}

/** The body as text, or a refusal: 413 over `maxBytes`, 400 when the request is cut off. */
export function readBody(request: IncomingMessage, maxBytes: number): Promise<string | Refusal> {
  return new Promise((resolve) => {
    const tooLarge = new Refusal(413, `The form sent more than ${maxBytes} bytes; nothing was stored.`);
    const declared = Number(request.headers["content-length"] ?? NaN);
    if (declared > maxBytes) return resolve(tooLarge);
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    request.on("data", (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > maxBytes) {
        done = true;
        resolve(tooLarge);
        return;
      }
      chunks.push(chunk);
    });
    request.on("end", () => {
      if (!done) resolve(Buffer.concat(chunks).toString("utf8"));
      done = true;
    });
    request.on("error", () => {
      if (!done) resolve(new Refusal(400, "The request was cut off; nothing was stored."));
      done = true;
    });
  });
}

/** The posted values by name; a field sent twice is refused (400): which one would count is unclear. */
export function parseForm(raw: string): Record<string, string> | Refusal {
  // No prototype: a field called "__proto__" or "constructor" is a name like any other (refused later as unknown).
  const values = Object.create(null) as Record<string, string>;
  for (const [name, value] of new URLSearchParams(raw)) {
    if (Object.hasOwn(values, name))
      return new Refusal(400, `The field "${name.slice(0, 40)}" was sent twice; nothing was stored.`);
    values[name] = value;
  }
  return values;
}
