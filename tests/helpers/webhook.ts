/**
 * A webhook receiver for the tests, on 127.0.0.1: it checks each request's HMAC-SHA256 signature
 * with the shared secret, and answers as told: "ok" (200, keeping the lead), "fail" (500), or "hang"
 * (never answers). `accepted` holds every correctly signed body it answered 200 to, with its idempotency key (a
 * lead delivered twice would be there twice).
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";

export type WebhookMode = "ok" | "fail" | "hang";

export interface WebhookReceiver {
  url: string;
  mode: WebhookMode;
  /** Every request that arrived, signed or not. */
  requests: number;
  badSignatures: number;
  accepted: { key: string; body: Record<string, unknown> }[];
  stop(): Promise<void>;
}

export async function webhookReceiver(port: number, secret: string): Promise<WebhookReceiver> {
  const hanging: ServerResponse[] = [];
  const receiver: WebhookReceiver = {
    url: `http://127.0.0.1:${port}/hook`,
    mode: "ok",
    requests: 0,
    badSignatures: 0,
    accepted: [],
    stop: async () => {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      receiver.requests++;
      const body = Buffer.concat(chunks).toString("utf8");
      const timestamp = String(request.headers["x-lead-timestamp"] ?? "");
      const expected = `sha256=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;
      const given = String(request.headers["x-lead-signature"] ?? "");
      if (given.length !== expected.length || !timingSafeEqual(Buffer.from(given), Buffer.from(expected))) {
        receiver.badSignatures++;
        response.writeHead(401).end();
        return;
      }
      if (receiver.mode === "hang") {
        hanging.push(response);
        return;
      }
      if (receiver.mode === "fail") {
        response.writeHead(500).end();
        return;
      }
      const key = String(request.headers["idempotency-key"] ?? "");
      receiver.accepted.push({ key, body: JSON.parse(body) as Record<string, unknown> });
      response.writeHead(200, { "Content-Type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return receiver;
}
