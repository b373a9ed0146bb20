import { availableParallelism } from "node:os";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";
import { cmsConfigPlugin } from "./scripts/cms/vite-plugin.ts";
import { depsWithoutSourceMaps } from "./scripts/cms/deps-without-source-maps.ts";
import { decapSwaps } from "./scripts/cms/decap-swaps.ts";
import { contentPlugin } from "./scripts/content/dev/vite-plugin.ts";
import { historyPlugin } from "./scripts/history/endpoint.ts";
import { basePathFrom } from "./scripts/hosting/base-path.ts";
import { tierFlags } from "./tests/helpers/wasm-tier.ts";

/**
 * `vite build` builds the site; `vite build --mode admin` builds /admin/ (the editing UI) into the same
 * dist/ afterwards, as a build of its own, so nothing of it (not even a shared chunk) reaches the
 * site's pages. `npm run dev` and `npm run cms` serve both.
 */
/** The node-side tests of the content itself (the component tests are the "components" project). */
export const contentTests = ["tests/prerender/**/*.test.ts", "tests/content/fast-yaml.test.ts"];

/** The commands that build on a copy and start no browser: `npm run test:builds`, the rest of tests/commands/ `test:commands`. */
const builds = ["fresh-machine", "adding-a-section", "scheduled-start", "committed-files"].map(
  (name) => `tests/commands/${name}.test.ts`,
);
/** How the commands' files run. */
const commandRuns = {
  // One fork per core: each file waits on npm, builds and servers as much as it computes
  // (the five files: 8.5 min with two forks on two cores, against 19 min one after another).
  maxWorkers: availableParallelism(),
  environment: "node",
  testTimeout: 600_000,
  hookTimeout: 600_000,
} as const;

/** The commands' files longest first (tests/helpers/longest-first.ts); loaded for test runs only. */
const sequencer = process.env.VITEST ? (await import("./tests/helpers/longest-first.ts")).LongestFirst : undefined;

export default defineConfig(({ command, isSsrBuild, mode }) => {
  const admin = mode === "admin";
  const site = !isSsrBuild && !admin && !process.env.SIZE_FLOOR;
  return {
    // BASE_PATH=/pr-123/ builds the site to be served under that path (a preview, docs/previews.md).
    base: basePathFrom(process.env.BASE_PATH),
    // In `npm run dev`, content/ is rebuilt on every save (CONTENT_DIR points elsewhere, for benchmarks).
    plugins: [
      react(),
      contentPlugin({ contentDir: process.env.CONTENT_DIR }),
      // /admin/'s configuration, generated from the schemas.
      cmsConfigPlugin(),
      depsWithoutSourceMaps(),
      // Decap's field hints drawn by /admin/'s own module (each text parsed once).
      decapSwaps(),
      // `npm run cms` only: /admin/'s history from this clone's Git history (/api/history/).
      ...(process.env.CMS_HISTORY === "1" ? [historyPlugin(import.meta.dirname)] : []),
      // The development server's page is rendered, not hydrated: without the pre-renderer's marker,
      // #root is empty, so entry-client.tsx does not take the marker (a comment) for a page to hydrate.
      {
        name: "dev-root-empty",
        apply: "serve",
        transformIndexHtml: (html: string) =>
          html.replace('<div id="root"><!--app-html--></div>', '<div id="root"></div>'),
      },
    ],
    // `npm run dev`: the preview's time (ui/components/Scheduled.tsx) is BUILD_TIME's when it is set.
    ...(command === "serve"
      ? { define: { "import.meta.env.BUILD_TIME": JSON.stringify(process.env.BUILD_TIME ?? "") } }
      : {}),
    // /admin/'s build: `global`, as some of Decap's dependencies (@iarna/toml) read it when they load,
    // is the page's globalThis. admin/decap/node-global.ts sets it too, but a module of the chunk the
    // login screen shares with what loads later runs before any module of the entry's own.
    ...(admin && command === "build" ? { define: { global: "globalThis" } } : {}),
    // The development server bundles the dependencies it finds by crawling these pages when it starts.
    // /admin/ among them: found only when /admin/ is first opened, its dependencies (Decap, Zod, …)
    // were bundled then, and Vite reloaded every open page, the site in another tab included, and
    // /admin/ itself mid-load ("Loading entry..."). Without this list Vite crawls the build's inputs,
    // which are the site's alone. (tests/cms/no-reload.spec.ts)
    optimizeDeps: {
      entries: ["index.html", "admin/index.html"],
      // hint-markdown.ts's own import, bundled when the server starts: the contracts' tab imports that
      // module as source (tests/cms/decap-door.spec.ts), and a dependency found then reloads the page.
      include: ["react-markdown/src/react-markdown.js"],
      // Decap's hints drawn by /admin/'s own module (scripts/cms/decap-swaps.ts) in this bundle of Decap too.
      rolldownOptions: { plugins: [decapSwaps()] },
    },
    // Its cache of those bundles in the project's own folder, not in node_modules: the copies that
    // tests and benchmarks make link this project's node_modules, and Vite keys the cache by the
    // project's folder, so two copies' development servers at once (`npm run cms` in one, `npm run
    // dev` in another) took turns replacing the one shared node_modules/.vite/deps under each other.
    cacheDir: ".vite",
    // Images from content/ are published by the content pipeline under hashed names.
    publicDir: "src/generated/public",
    // `npm run cms` runs the lead server beside it (CMS_LEADS_PORT): /admin/'s Leads screen and the
    // forms reach it as the site's own /api/leads. The proxy adds no X-Forwarded-For, so the lead
    // server sees this machine (LEADS_INBOX_LOCAL).
    server: {
      host: "127.0.0.1",
      ...(process.env.CMS_LEADS_PORT
        ? { proxy: { "/api/leads": { target: `http://127.0.0.1:${process.env.CMS_LEADS_PORT}` } } }
        : {}),
    },
    preview: { host: "127.0.0.1", port: Number(process.env.PORT ?? 4173), strictPort: true },
    build: {
      // DIST: another folder for the built site (npm start's rebuild at a scheduled time builds beside the served one).
      outDir: process.env.DIST ?? "dist",
      target: "es2022",
      copyPublicDir: !isSsrBuild && !admin,
      // The manifest lets the pre-renderer preload each page's own chunk and the size budget find it.
      manifest: !isSsrBuild && !admin,
      ...(admin
        ? { emptyOutDir: false, chunkSizeWarningLimit: 6000, rolldownOptions: { input: { admin: "admin/index.html" } } }
        : {}),
      // The icon sprite is referenced as <use href="sprite.svg#name">, which a data: URL cannot serve.
      assetsInlineLimit: (file: string) => (file.endsWith("icons.svg") ? false : undefined),
      // The content every page shares (site settings, collections, forms) in a chunk of its own, apart
      // from the code: the size budget weighs code against the floor and content against its own
      // ceiling, and a content edit leaves the code's cached chunk untouched. Pages stay one chunk each.
      ...(site
        ? {
            rolldownOptions: {
              // The live site's pages load the islands' loader, not the app (scripts/prerender swaps
              // them); the app's entry stays for its styles, which the pre-renderer inlines.
              input: { index: "index.html", loader: "src/islands/loader.ts" } as Record<string, string>,
              output: {
                codeSplitting: {
                  groups: [
                    { name: "content", test: /src[\\/]generated[\\/][\w-]+\.json$/ },
                    // What the loader runs on every page, which the islands share too: one file, not
                    // four, so a page left idle fetches and inflates less (the 4 KB budget).
                    {
                      name: "page",
                      test: /ui[\\/](analytics|base|visit|page-behaviours|consent[\\/]state|islands[\\/](props|registry))\.ts$|schemas[\\/]lead-limits\.ts$/,
                    },
                  ],
                },
              },
            },
          }
        : {}),
      // The server bundle, for pre-rendering only, is one file: every page's module in it, none split off.
      ...(isSsrBuild ? { rolldownOptions: { output: { codeSplitting: false } } } : {}),
    },
    test: {
      ...(sequencer ? { sequence: { sequencer } } : {}),
      // Some tests start the content CLI or a dev server: on a busy two-core CI machine that takes seconds.
      testTimeout: 30_000,
      // The same for set-up hooks (a fixture project copied and built): Vitest's 10 s is too short there.
      hookTimeout: 120_000,
      projects: [
        {
          extends: true,
          test: {
            name: "node",
            // One fork per core. Vitest's default is one fewer than the cores, which on a two-core
            // machine ran the unit run in one process, file after file (why it took 164 s); its tests
            // wait on the processes they start as much as they compute, so every core is worth a fork.
            maxWorkers: availableParallelism(),
            // One module graph per fork, not one per file: the files import the same schemas and
            // pipeline, and importing them again for every file was a third of the run (import 36 s
            // of 94 s; the run 98 → 77 s). They share no state: none sets a global or the environment
            // without restoring it, and the one file with module mocks (config.test.ts) mocks modules
            // no other file imports.
            isolate: false,
            include: [
              "tests/content/**/*.test.ts",
              "tests/hosting/**/*.test.ts",
              "tests/cms/**/*.test.ts",
              "tests/lint/**/*.test.ts",
            ],
            exclude: contentTests,
            environment: "node",
            // The temporary folders each file's tests made are removed after it (tests/helpers/temp-dirs.ts).
            setupFiles: ["tests/helpers/remove-temp-dirs.ts"],
            // tests/cms runs Decap's own configuration check and slug code, published as ES modules
            // that only a bundler can load: Vitest transforms them as it does the project's files.
            server: { deps: { inline: [/[\\/]decap-cms-/] } },
          },
        },
        {
          // With the components, `npm run test:unit:content`: the tests of the content itself (the
          // pre-rendered pages' heads, the quick YAML read on every content file). They run on content/
          // (the fast lane) and on the marketing edits (tools/run/steps.ts); the "node" project runs on
          // fixtures.
          extends: true,
          test: {
            name: "content",
            maxWorkers: availableParallelism(),
            include: contentTests,
            environment: "node",
            setupFiles: ["tests/helpers/remove-temp-dirs.ts"],
          },
        },
        {
          extends: true,
          test: {
            name: "components",
            maxWorkers: availableParallelism(),
            // A section's own test sits in its folder (sections/<type>/<type>.test.tsx).
            include: ["tests/components/**/*.test.{ts,tsx}", "sections/**/*.test.{ts,tsx}"],
            environment: "jsdom",
            // One page and module graph per fork, not per file: setting up jsdom and importing React
            // again for every file was most of the run (41 → 17 s). tests/components/setup.ts leaves
            // the page as it found it after each test.
            isolate: false,
            setupFiles: ["tests/components/setup.ts", "tests/helpers/remove-temp-dirs.ts"],
          },
        },
        {
          // `npm run test:commands`: every script and benchmark run as a user types them, on a copy
          // (browsers, dev servers, Lighthouse among them).
          extends: true,
          test: { name: "commands", include: ["tests/commands/**/*.test.ts"], exclude: builds, ...commandRuns },
        },
        {
          // `npm run test:builds`: README's commands on a fresh copy with every cache empty, the guides'
          // scaffolds, npm start's scheduled builds, the scripts that write committed files: commands
          // that build and wait on no browser, so
          // `npm test` runs them behind /admin/'s browser tests (tools/run/steps.ts).
          extends: true,
          test: { name: "builds", include: builds, ...commandRuns },
        },
        {
          // `npm run test:leads`: the lead endpoint as separate processes, with real SMTP, webhook and
          // PostgreSQL servers, and /admin/'s login (server/auth/) in Chromium against a GitHub
          // stand-in. One fork per core, as the unit run: the files wait on the servers they start
          // more than they compute (measured: 251 s with two forks on two cores, against 525 s one
          // file at a time). Each file starts servers of its own: their ports are the system's choice
          // (tests/helpers/free-port.ts) and PostgreSQL's cluster is made in a folder of its own, so
          // two files, or two runs on one machine, do not collide; the exit times the tests bound
          // (10 and 15 s) are far above what they take. After each file, what its tests left running
          // is stopped (tests/helpers/stop-children.ts: the processes that file's tests started).
          extends: true,
          test: {
            name: "leads",
            include: ["tests/leads/**/*.test.ts"],
            // The embedded database (PGlite) opened in the test processes themselves runs on V8's
            // baseline WebAssembly compiler alone, as in the processes they start: the optimizing
            // compiler's work is never earned back.
            execArgv: [...tierFlags],
            setupFiles: ["tests/helpers/stop-children.ts"],
            // A folder the files share for a run: /admin/'s one build (tests/helpers/admin-build.ts).
            globalSetup: ["tests/helpers/leads-run.ts"],
            environment: "node",
            maxWorkers: availableParallelism(),
            // Each test waits for what its servers do (a line, a port, a row), not for a clock; the
            // bound is for a hang, sized for a machine running other suites beside (load 18 met 60 s).
            testTimeout: 180_000,
            hookTimeout: 300_000,
          },
        },
        {
          // `npm run check:spec` only: the shipped content against the launch requirements
          // (docs/requirements.md). Content may move on from them, so `npm test` does not run it.
          extends: true,
          test: { name: "spec", include: ["tests/spec/**/*.test.ts"], environment: "node" },
        },
      ],
    },
  };
});
