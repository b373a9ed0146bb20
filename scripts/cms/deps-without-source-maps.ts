/**
 * The development server (`npm run dev`, `npm run cms`) sends the dependencies it pre-bundles without
 * source maps. Vite inlines a pre-bundled file's map into every response: for Decap, a 13 MB file,
 * that was 27 MB more per load of /admin/ (encoded on the server at each request, then read by the
 * browser), for maps that lead only to the packages' own built files, which DevTools lists as
 * third-party code and leaves out of stack traces anyway. The project's own modules keep theirs.
 */
import { join } from "node:path";
import { normalizePath, type Plugin } from "vite";

export function depsWithoutSourceMaps(): Plugin {
  let deps = "";
  return {
    name: "deps-without-source-maps",
    apply: "serve",
    configResolved: (config) => {
      deps = `${normalizePath(join(config.cacheDir, "deps"))}/`;
    },
    // A map with no mappings: Vite then sends the file with none (its fallback, the file mapped to itself, is left out too).
    transform: (code, id) => (id.startsWith(deps) ? { code, map: { mappings: "" } } : undefined),
  };
}
