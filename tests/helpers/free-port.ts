/**
 * Ports free on 127.0.0.1 right now (the system's choice), for servers a test or a benchmark starts:
 * no fixed numbers, so two runs on one machine never take each other's ports.
 *
 * A port handed out is also claimed for an hour, machine-wide (a file per port in a folder of the
 * system's temporary folder, made with O_EXCL), and no other caller is handed it in that time: a
 * server a test stops on purpose frees its port (a database that is down, to see the server start
 * without it), and without the claim the next file's server could take it and answer in its place.
 */
import { mkdirSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

const claims = join(tmpdir(), "test-ports-handed-out");
const claimedFor = 60 * 60 * 1000;

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

/** True when `port` was not handed out in the last hour, and is now claimed by the caller. */
function claim(port: number, now: number): boolean {
  mkdirSync(claims, { recursive: true });
  const file = join(claims, String(port));
  try {
    writeFileSync(file, "", { flag: "wx" });
    return true;
  } catch {
    if (now - statSync(file).mtimeMs < claimedFor) return false;
    utimesSync(file, now / 1000, now / 1000);
    return true;
  }
}

/** `count` different free ports: each is held until all are chosen, so none is handed out twice. */
export async function freePorts(count: number, now = Date.now()): Promise<number[]> {
  const held: { server: Server; port: number }[] = [];
  const chosen: number[] = [];
  try {
    // A port claimed by another caller stays held too, so the system offers a different one next.
    while (chosen.length < count) {
      const next = await probe();
      held.push(next);
      if (claim(next.port, now)) chosen.push(next.port);
    }
    return chosen;
  } finally {
    await Promise.all(held.map((h) => new Promise<void>((resolve) => h.server.close(() => resolve()))));
  }
}

export async function freePort(): Promise<number> {
  return (await freePorts(1))[0]!;
}
