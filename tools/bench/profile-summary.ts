/**
 * Summarises what `BENCH_PROFILE=1 npm run bench:dev` recorded in .bench/dev-profile/: the dev
 * server's CPU profile (`--cpu-prof`: self time by area and by function) and the page's performance
 * trace (Chromium: main-thread time by event). Used to write the breakdown in docs/performance.md.
 * Usage: node --import tsx tools/bench/profile-summary.ts [folder]
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const dir = process.argv[2] ?? join(import.meta.dirname, "..", "..", ".bench", "dev-profile");

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

/** Where a function's code lives, in a few words. */
function area(url: string, name: string): string {
  if (!url)
    return name === "(garbage collector)" ? "garbage collection" : name === "(idle)" ? "idle" : `(${name || "native"})`;
  if (url.includes("/scripts/content/")) return `pipeline: ${url.split("/scripts/content/")[1]}`;
  if (url.includes("/schemas/")) return "schemas";
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
  if (pkg) return pkg === "vite" ? `vite: ${url.split("/").at(-1)}` : pkg;
  if (url.startsWith("node:")) return url;
  return url.split("/").slice(-2).join("/");
}

function cpu(file: string) {
  const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000));
  const total = (profile.endTime - profile.startTime) / 1000;
  const areas = new Map<string, number>();
  const functions = new Map<string, number>();
  for (const [id, ms] of self) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const a = area(url, functionName);
    areas.set(a, (areas.get(a) ?? 0) + ms);
    const f = `${functionName || "(anonymous)"} ${a}:${lineNumber + 1}`;
    functions.set(f, (functions.get(f) ?? 0) + ms);
  }
  const busy = total - (areas.get("idle") ?? 0);
  console.log(`\n${file}\n  recorded ${total.toFixed(0)} ms, busy ${busy.toFixed(0)} ms\n  self time by area:`);
  for (const [a, ms] of [...areas].sort((x, y) => y[1] - x[1]).slice(0, 25)) {
    if (a !== "idle")
      console.log(`    ${ms.toFixed(0).padStart(7)} ms  ${((ms / busy) * 100).toFixed(1).padStart(5)} %  ${a}`);
  }
  console.log("  self time by function:");
  for (const [f, ms] of [...functions].sort((x, y) => y[1] - x[1]).slice(0, 25)) {
    if (!f.startsWith("(idle)")) console.log(`    ${ms.toFixed(0).padStart(7)} ms  ${f}`);
  }
}

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  dur?: number;
  tid: number;
  pid: number;
  args?: { data?: { url?: string; functionName?: string } };
}

function trace(file: string) {
  const raw = JSON.parse(readFileSync(file, "utf8")) as { traceEvents: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(raw) ? raw : raw.traceEvents;
  // The renderer's main thread: where the page's scripts run.
  const main = events.find(
    (e) => e.name === "thread_name" && (e as unknown as { args: { name: string } }).args.name === "CrRendererMain",
  );
  const onMain = events.filter((e) => e.ph === "X" && main && e.tid === main.tid && e.pid === main.pid);
  const byName = new Map<string, { ms: number; count: number }>();
  for (const e of onMain) {
    const entry = byName.get(e.name) ?? { ms: 0, count: 0 };
    entry.ms += (e.dur ?? 0) / 1000;
    entry.count++;
    byName.set(e.name, entry);
  }
  console.log(`\n${file}\n  main-thread events (inclusive time; they nest):`);
  for (const [name, { ms, count }] of [...byName].sort((x, y) => y[1].ms - x[1].ms).slice(0, 20)) {
    console.log(`    ${ms.toFixed(0).padStart(7)} ms  ${String(count).padStart(6)}×  ${name}`);
  }
  const fetched = events.filter((e) => e.name === "ResourceSendRequest").map((e) => e.args?.data?.url ?? "");
  const counts = new Map<string, number>();
  for (const url of fetched) {
    const key = url
      .replace(/^https?:\/\/[^/]+/, "")
      .replace(/\?.*$/, "")
      .replace(/pages\/[^/]+\.json$/, "pages/*.json");
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  console.log(`  requests during the trace: ${fetched.length}`);
  for (const [url, n] of [...counts].sort((x, y) => y[1] - x[1]).slice(0, 10))
    console.log(`    ${String(n).padStart(5)}×  ${url}`);
}

for (const name of readdirSync(dir)) {
  if (name.endsWith(".cpuprofile")) cpu(join(dir, name));
  else if (name.endsWith(".json")) trace(join(dir, name));
}
