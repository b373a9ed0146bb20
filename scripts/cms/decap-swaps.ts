/**
 * One of Decap's imports answered with /admin/'s own module, in the development server's bundle of
 * Decap and in /admin/'s build: `react-markdown`, as decap-cms-core imports it to draw each field's
 * hint, is admin/decap/hint-markdown.ts (react-markdown itself, each hint text parsed once).
 * admin/decap/internals.ts lists it, with its contract. A build in which nothing of Decap imported
 * `react-markdown` any more stops, saying so: the swap would have become a silent no-op.
 */
import { join } from "node:path";
import { normalizePath, type Plugin } from "vite";

const hints = normalizePath(join(import.meta.dirname, "..", "..", "admin", "decap", "hint-markdown.ts"));

export function decapSwaps(): Plugin {
  let swapped = false;
  let drawsDecap = false;
  return {
    name: "decap-swaps",
    enforce: "pre",
    resolveId(source, importer) {
      if (!importer || !normalizePath(importer).includes("/decap-cms-core/")) return undefined;
      drawsDecap = true;
      if (source !== "react-markdown") return undefined;
      swapped = true;
      return hints;
    },
    buildEnd(error) {
      if (!error && drawsDecap && !swapped)
        this.error(
          "decap-cms-core no longer imports react-markdown for its field hints: admin/decap/hint-markdown.ts " +
            "is not used. See the entry react-markdown in admin/decap/internals.ts.",
        );
    },
  };
}
