/**
 * The V8 flag for the node processes the tests start themselves (and `npm run leads`, in package.json):
 * the embedded database's WebAssembly (PGlite) runs on V8's baseline compiler alone. Behaviour is the
 * same; what it saves is the optimizing compiler's work on PostgreSQL's hot functions as PGlite opens,
 * which a process that lives for seconds never earns back (a lead server's start to listening: 4.9 →
 * 2.7 CPU-s). The leads project's own test processes take it too (vite.config.ts). A V8 flag, so on
 * the command line: NODE_OPTIONS does not take it. Not for a benchmark of the lead server, nor in
 * production: under load the optimizing compiler pays (`npm run bench:leads`, embedded, 50 clients:
 * 282 leads/s with it, 178 without; 200 clients: p99 0.8 s against 19.7 s).
 */
export const tierFlags = ["--liftoff-only"] as const;
