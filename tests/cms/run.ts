/**
 * `npm run test:cms` (a step of `npm test`): the editing UI in a real browser against `npm run cms`,
 * on a copy of the project, so that no test ever writes into this clone's content/.
 * Steps: copy the repository to a temporary folder (node_modules linked, nothing generated copied);
 * make a section type there with `npm run new:section` and a page showing it (CMS_SCAFFOLDED), and a
 * help guide when the content has none;
 * pick three free ports on 127.0.0.1 (the site, Decap's proxy, the lead server); run the Playwright tests in tests/cms (playwright.cms.config.ts
 * starts `npm run cms` in the copy on those ports and stops it); check that nothing listens on them
 * any more; remove the copy (kept, with the test results in it, when a test failed or KEEP_CMS=1).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { copyProject } from "../../tools/shared/copy-project.ts";
import { addGuideIfNone } from "../helpers/fixture-guide.ts";
import { seedDataDir } from "../helpers/pglite-template.ts";

const root = join(import.meta.dirname, "..", "..");

/** A port free on 127.0.0.1 right now (0 asks the system for one). */
function listen(port: number): Promise<number | undefined> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(undefined));
    server.listen(port, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : undefined));
    });
  });
}

async function freePort(taken: number[]): Promise<number> {
  for (;;) {
    const port = await listen(0);
    if (port && !taken.includes(port)) return port;
  }
}

/** Waits (up to 15 s) until nothing listens on `port`; false when something still does. */
async function released(port: number): Promise<boolean> {
  for (let tries = 0; tries < 60; tries++) {
    if ((await listen(port)) === port) return true;
    await sleep(250);
  }
  return false;
}

const copy = copyProject(mkdtempSync(join(tmpdir(), "cms-editing-")));

// A section type made as a developer makes one (`npm run new:section`), on a page of its own in the
// copy: the editing tests find it clickable in the preview with no code of its own (issue 28).
const scaffolded = "scaffolded-note";
const made = spawnSync(process.execPath, ["--import", "tsx", "scripts/generate/new-section.ts", scaffolded], {
  cwd: copy,
  encoding: "utf8",
});
if (made.status !== 0) {
  console.error(`✖ npm run new:section -- ${scaffolded} failed in the copy:\n${made.stdout}${made.stderr}`);
  process.exit(1);
}
writeFileSync(
  join(copy, "content", "pages", `${scaffolded}.yaml`),
  [
    `route: /${scaffolded}`,
    "title: A page made with a new section type",
    "description: A page for the editing tests, showing a section type made with npm run new:section.",
    "index: false",
    "sections:",
    `  - type: ${scaffolded}`,
    "    heading: A heading of the new section type",
    "    body: Text of the new section type, in Markdown.",
    "    action:",
    "      label: A button of the new section type",
    "      to: /",
    "",
  ].join("\n"),
);

// A help guide, when the copy's content has none (the launch content predates them): the tests of a
// kind with pages (its preview, two marketers on a Markdown file, Change address) have one to open.
addGuideIfNone(join(copy, "content"));

// `npm run cms`'s lead store (LEADS_DATA_DIR's default in the copy) starts as a copy of a new
// database made once a run, not PGlite's initdb.
await seedDataDir({ LEADS_DATA_DIR: join(copy, ".data", "leads") });

const sitePort = await freePort([]);
const proxyPort = await freePort([sitePort]);
const leadsPort = await freePort([sitePort, proxyPort]);
console.log(
  `The editing UI on a copy of the project in ${copy}: npm run cms on 127.0.0.1:${sitePort} (proxy ${proxyPort})`,
);

const run = spawnSync(
  process.execPath,
  // Arguments after `--` go to Playwright: `npm run test:cms -- marketer` runs one file.
  [
    join(root, "node_modules", "@playwright", "test", "cli.js"),
    "test",
    "--config",
    "playwright.cms.config.ts",
    ...process.argv.slice(2),
  ],
  {
    cwd: root,
    stdio: "inherit",
    env: {
      ...process.env,
      CMS_COPY: copy,
      CMS_PORT: String(sitePort),
      CMS_PROXY_PORT: String(proxyPort),
      CMS_LEADS_PORT: String(leadsPort),
      CMS_SCAFFOLDED: scaffolded,
    },
  },
);

let failed = run.status !== 0;
for (const port of [sitePort, proxyPort, leadsPort]) {
  if (!(await released(port))) {
    console.error(`✖ something still listens on 127.0.0.1:${port} after the tests: npm run cms was not stopped`);
    failed = true;
  }
}

if (failed)
  console.error(
    `\n✖ the editing UI tests failed. The copy, with the test results, is kept in ${copy}` +
      "\n  To see a failing test step by step, run it again with a trace: npm run test:cms -- --trace retain-on-failure <file>",
  );
else if (!process.env.KEEP_CMS) rmSync(copy, { recursive: true, force: true });
process.exitCode = failed ? 1 : 0;
