/**
 * `npm run build:site`: the site from the generated content, in one process. Vite builds the public
 * site (dist/), /admin/ (`--mode admin`) and the server renderer (.ssr/), one after another through
 * its JavaScript API, each from vite.config.ts as `vite build` reads it; then the pre-render
 * (scripts/prerender/prerender.ts) writes every page. One process rather than four: each start of
 * Node and Vite, and each bundling of the configuration, cost about a second of CPU.
 * In: src/generated/ (from `npm run content:build`), DIST and BUILD_TIME as vite.config.ts and the
 * pre-render read them. Out: dist/ (or DIST) and .ssr/; a failure exits with code 1 and Vite's words.
 */
import { build } from "vite";

// Vite's check that the configuration could load without bundling (a warning about a future default,
// `configLoader: 'native'`, which Node 20 cannot run) parses each module it imports on every load.
// It is read when a build loads the configuration.
process.env.VITE_CONFIG_NATIVE_IGNORE_WARNING ??= "true";

// What `vite build`, `vite build --mode admin --logLevel error` and `vite build --ssr … --outDir .ssr` did.
await build();
await build({ mode: "admin", logLevel: "error" });
await build({ build: { ssr: "src/entry-server.tsx", outDir: ".ssr" } });
await import("../prerender/prerender.ts");
