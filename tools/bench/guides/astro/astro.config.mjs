// npm run bench:guides's Astro site: the same guides, tags and authors as our build, from the corpus
// that tools/bench/guides.ts copies into ./corpus/ (entry pages, the listing in pages, tag and author
// pages, an RSS feed with full content). Static output, as ours.
import { defineConfig } from "astro/config";

export default defineConfig({
  site: "https://bench.example",
  output: "static",
  build: { format: "directory" },
});
