/**
 * Ports free on 127.0.0.1 right now (the system's choice), for servers a test or a benchmark starts:
 * no fixed numbers, so two runs on one machine never take each other's ports.
 */
import { createServer, type Server } from "node:net";

function probe(): Promise<{ server: Server; port: number }> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      if (typeof address === "object" && address) resolve({ server, port: address.port });
      else server.close(() => reject(new Error("no port")));
    });
  });
}

/** `count` different free ports: each is held until all are chosen, so none is handed out twice. */
export async function freePorts(count: number): Promise<number[]> {
  const held: { server: Server; port: number }[] = [];
  try {
    for (let i = 0; i < count; i++) held.push(await probe());
    return held.map((h) => h.port);
  } finally {
    await Promise.all(held.map((h) => new Promise<void>((resolve) => h.server.close(() => resolve()))));
  }
}

export async function freePort(): Promise<number> {
  return (await freePorts(1))[0]!;
}
