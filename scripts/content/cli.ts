/**
 * `npm run content:check` and `npm run content:build` (which also makes the photos' versions: the image
 * stage, cached in node_modules/.cache/images).
 * Usage: tsx scripts/content/cli.ts <check|build> [--format=human|github|json] [--content=DIR] [--out=DIR] [--drafts]
 * --drafts keeps drafts in the output (a preview); without it they are left out, as on the live site.
 * Files unchanged since an earlier run come from the per-file cache (cache.ts) in node_modules/.cache/content.
 * Exit codes: 0 content is valid, 1 content has problems (nothing written), 2 wrong usage.
 */
import { performance } from "node:perf_hooks";
import { defaultContentCacheDir } from "./cache.ts";
import { buildContent, runContent } from "./pipeline.ts";
import { format, formats, type Format } from "./report.ts";

const started = performance.now();
const [command, ...flags] = process.argv.slice(2);
const options: Record<string, string> = { format: "human", content: "content", out: "src/generated" };
let drafts = false;
// The per-file cache across runs (cache.ts); CONTENT_CACHE moves it, "off" goes without.
const cache = process.env.CONTENT_CACHE === "off" ? undefined : (process.env.CONTENT_CACHE ?? defaultContentCacheDir);
for (const flag of flags) {
  if (flag === "--drafts") {
    drafts = true;
    continue;
  }
  const match = /^--(format|content|out)=(.+)$/.exec(flag);
  if (!match) {
    console.error(`unknown option "${flag}". Usage: content <check|build> [--format=human|github|json] [--content=DIR] [--out=DIR]`);
    process.exit(2);
  }
  options[match[1]!] = match[2]!;
}
if ((command !== "check" && command !== "build") || !formats.includes(options.format as Format)) {
  console.error("usage: content <check|build> [--format=human|github|json] [--content=DIR] [--out=DIR]");
  process.exit(2);
}

const result =
  command === "build"
    ? await buildContent({ contentDir: options.content!, outDir: options.out!, drafts, cache })
    : runContent({ contentDir: options.content!, drafts, cache });
const ms = Math.round(performance.now() - started);
const text = format(
  {
    problems: result.problems,
    warnings: result.warnings,
    files: result.files,
    ms,
    written: result.written && { ...result.written, outDir: options.out! },
    images: result.images,
  },
  options.format as Format,
);
if (result.problems.length > 0 && options.format === "human") console.error(text);
else console.log(text);
process.exitCode = result.problems.length > 0 ? 1 : 0;
