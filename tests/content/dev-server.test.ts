/**
 * `npm run dev` on a copy of the fixture: a real Vite dev server, the content plugin, and WebSocket
 * clients standing in for open pages (no browser). Every save is checked in the generated modules.
 */
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { basename, dirname, join } from "node:path";
import { createLogger, createServer, type Plugin, type ViteDevServer } from "vite";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import WebSocket from "ws";
import type { PanelProblem } from "../../scripts/content/dev/problems-protocol.ts";
import { buildContent } from "../../scripts/content/pipeline.ts";
import { contentPlugin, type ContentUpdate } from "../../scripts/content/dev/vite-plugin.ts";
import { fixture, replace } from "./helpers.ts";
import { tempDir } from "../helpers/temp-dirs.ts";

const content = fixture();
const out = tempDir("dev-out-");
const home = join(content, "pages", "home.yaml");
const original = readFileSync(home, "utf8");
const generated = (rel: string) => readFileSync(join(out, rel), "utf8");
const homeModule = () => generated("pages/index.json");
const poll = { timeout: 8000, interval: 10 };
let server: ViteDevServer;

/** What the server wrote to its terminal, for the moments no page is open to be told. */
const logged: string[] = [];
const logger = createLogger("info", { allowClearScreen: false });
logger.info = (message) => void logged.push(message);
logger.warn = (message) => void logged.push(message);
logger.error = (message) => void logged.push(message);

interface Message {
  type: string;
  event?: string;
  data?: PanelProblem[] | ContentUpdate;
}

/** An open page: the WebSocket Vite's client opens, and every message it receives. */
const pages: WebSocket[] = [];
async function openPage() {
  const { port } = server.httpServer!.address() as AddressInfo;
  const socket = new WebSocket(`ws://127.0.0.1:${port}/?token=${server.config.webSocketToken}`, "vite-hmr");
  const messages: Message[] = [];
  socket.on("message", (raw) => messages.push(JSON.parse(String(raw)) as Message));
  await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
  pages.push(socket);
  const statuses = () => messages.filter((m) => m.event === "content:problems").map((m) => m.data as PanelProblem[]);
  const updates = () => messages.filter((m) => m.event === "content:update").map((m) => m.data as ContentUpdate);
  return {
    messages,
    statuses,
    updates,
    /** What the page's problems panel asks for when it loads: the problems as they are now. */
    async ask() {
      const before = statuses().length;
      socket.send(JSON.stringify({ type: "custom", event: "content:hello" }));
      await vi.waitFor(() => expect(statuses().length).toBeGreaterThan(before), poll);
      return statuses().at(-1)!;
    },
  };
}

/** How vim, gedit, JetBrains editors and git save: a new file renamed over the old one. */
function saveAtomically(path: string, text: string) {
  const temporary = join(dirname(path), `.${basename(path)}.tmp`);
  writeFileSync(temporary, text);
  renameSync(temporary, path);
}

/** Vite's root, outside which the content lies: a page and nothing else, so the watcher starts at once. */
const root = tempDir("dev-root-");
writeFileSync(join(root, "index.html"), '<!doctype html>\n<title>Preview</title>\n<div id="root"></div>\n');

/**
 * While armed, the next request for the home page's module is held between reading the file and
 * handing it on to Vite's transform: a page loading that module at the moment a save rewrites it.
 */
let hold: { read: () => void; released: Promise<void> } | undefined;
const holdOneRequest: Plugin = {
  name: "hold-one-request",
  enforce: "pre",
  async load(id) {
    if (!hold || id !== join(out, "pages", "index.json")) return undefined;
    const { read, released } = hold;
    hold = undefined;
    const code = readFileSync(id, "utf8");
    read();
    await released;
    return code;
  },
};

beforeAll(async () => {
  server = await createServer({
    configFile: false,
    root,
    customLogger: logger,
    plugins: [contentPlugin({ contentDir: content, outDir: out }), holdOneRequest],
    // The generated modules served as the project's are (src/generated lies inside its root).
    server: { port: 0, host: "127.0.0.1", fs: { allow: [root, out] } },
    // Nothing here imports npm packages: skip the scan for dependencies to pre-bundle.
    optimizeDeps: { noDiscovery: true },
  });
  await server.listen();
  // The content folder is watched once the server listens (content-watcher.ts: one watch per folder,
  // set up at once, where Vite's watcher reads a folder in the background first).
  await vi.waitFor(() => expect(homeModule()).toContain('"heading": "Welcome"'), poll);
});
afterEach(async () => {
  for (const socket of pages.splice(0)) socket.close();
  logged.length = 0;
  writeFileSync(home, original);
  await vi.waitFor(() => expect(homeModule()).toContain('"heading": "Welcome"'), poll);
});
afterAll(() => server.close());

describe("the dev server's content watcher", { timeout: 30_000 }, () => {
  it("keeps Vite's own watcher out of the content folder, which it watches itself, and out of the generated modules", () => {
    const ignored = [server.config.server.watch?.ignored ?? []].flat();
    const tests = ignored.filter((matcher) => typeof matcher === "function") as ((path: string) => boolean)[];
    expect(tests.some((ignores) => ignores(join(content, "pages", "home.yaml")))).toBe(true);
    expect(tests.some((ignores) => ignores(join(root, "index.html")))).toBe(false);
    // The generated modules too (the plugin tells the pages itself), but not their pictures, which
    // Vite serves only once its watcher has seen them.
    expect(tests.some((ignores) => ignores(join(out, "pages", "index.json")))).toBe(true);
    expect(tests.some((ignores) => ignores(out))).toBe(false);
    expect(tests.some((ignores) => ignores(join(out, "public", "media", "logo.svg")))).toBe(false);
  });

  it("builds the content with drafts when it starts", () => {
    expect(JSON.parse(homeModule()).route).toBe("/");
  });

  // How fast, in a browser, is measured by `npm run bench:dev`; here only that it happens.
  it("picks up an edit and rewrites the page's module", async () => {
    writeFileSync(home, original.replace("heading: Welcome", "heading: Welcome back"));
    await vi.waitFor(() => expect(homeModule()).toContain('"heading": "Welcome back"'), poll);
  });

  it("rewrites only the module whose content changed", async () => {
    writeFileSync(home, original.replace("heading: Welcome", "heading: Only this page"));
    await vi.waitFor(() => expect(homeModule()).toContain('"heading": "Only this page"'), poll);
    await vi.waitFor(() => expect(logged.join("\n")).toContain("content: 1 file(s) updated"), poll);
  });

  it("picks up the last of two writes a few milliseconds apart, even when the watcher reports only the first", async () => {
    writeFileSync(home, original.replace("heading: Welcome", "heading: First write"));
    await new Promise((done) => setTimeout(done, 3));
    writeFileSync(home, original.replace("heading: Welcome", "heading: Second write"));
    await vi.waitFor(() => expect(homeModule()).toContain('"heading": "Second write"'), poll);
  });

  it("picks up three atomic saves in a row (a new file renamed over the old one), then an ordinary save", async () => {
    for (const n of [1, 2, 3]) {
      saveAtomically(home, original.replace("heading: Welcome", `heading: Atomic save ${n}`));
      await vi.waitFor(() => expect(homeModule()).toContain(`"heading": "Atomic save ${n}"`), poll);
    }
    writeFileSync(home, original.replace("heading: Welcome", "heading: Ordinary save"));
    await vi.waitFor(() => expect(homeModule()).toContain('"heading": "Ordinary save"'), poll);
  });

  it("serves a module as the save left it, even when a page was loading it while the save rewrote it", async () => {
    const module = join(out, "pages", "index.json");
    const serve = () => server.environments.client.transformRequest(module);
    // Pages loaded it before a save, which leaves the next request to load it afresh.
    await serve();
    writeFileSync(home, original.replace("heading: Welcome", "heading: Saved before"));
    await vi.waitFor(() => expect(homeModule()).toContain('"heading": "Saved before"'), poll);
    let read!: () => void;
    let release!: () => void;
    const reading = new Promise<void>((done) => (read = done));
    hold = { read, released: new Promise<void>((done) => (release = done)) };
    const loading = serve();
    await reading;
    writeFileSync(home, original.replace("heading: Welcome", "heading: Saved while loading"));
    await vi.waitFor(() => expect(homeModule()).toContain('"heading": "Saved while loading"'), poll);
    release();
    // That page gets the module as it was read; every request after the save, as the save left it.
    expect((await loading)?.code).toContain("Saved before");
    expect((await serve())?.code).toContain("Saved while loading");
  });

  it("picks up a new file, a renamed file and a deleted file", async () => {
    const form = join(content, "forms", "extra.yaml");
    writeFileSync(form, readFileSync(join(content, "forms", "callback.yaml"), "utf8").replace("title: Call me", "title: Extra"));
    await vi.waitFor(() => expect(JSON.parse(generated("forms.json"))).toHaveProperty("extra"), poll);

    renameSync(form, join(content, "forms", "renamed.yaml"));
    await vi.waitFor(() => expect(Object.keys(JSON.parse(generated("forms.json")))).toEqual(["callback", "renamed"]), poll);

    rmSync(join(content, "forms", "renamed.yaml"));
    await vi.waitFor(() => expect(Object.keys(JSON.parse(generated("forms.json")))).toEqual(["callback"]), poll);
  });

  it("picks up a new folder and a deleted folder", async () => {
    const page = await openPage();
    writeFileSync(home, original.replace("src: images/photo.svg", "src: images/sub/new.svg"));
    await vi.waitFor(() => expect(page.statuses().at(-1)?.[0]?.message).toMatch(/"images\/sub\/new\.svg" not found/), poll);

    mkdirSync(join(content, "images", "sub"));
    writeFileSync(join(content, "images", "sub", "new.svg"), readFileSync(join(content, "images", "photo.svg")));
    await vi.waitFor(() => expect(homeModule()).toMatch(/"src": "\/media\/new-[0-9a-f]{10}\.svg"/), poll);
    await vi.waitFor(() => expect(page.statuses().at(-1)).toEqual([]), poll);

    rmSync(join(content, "images", "sub"), { recursive: true });
    await vi.waitFor(() => expect(page.statuses().at(-1)?.[0]?.message).toMatch(/"images\/sub\/new\.svg" not found/), poll);
  });
});

describe("content problems in the open page", { timeout: 30_000 }, () => {
  it("shows an invalid edit with file, line, column, field and message, and keeps the last good output", async () => {
    const page = await openPage();
    const before = homeModule();
    writeFileSync(home, original.replace("type: pricing", "type: pricng"));
    await vi.waitFor(() => expect(page.statuses().at(-1)).toHaveLength(1), poll);
    expect(page.statuses().at(-1)![0]).toEqual({
      file: expect.stringMatching(/pages\/home\.yaml$/),
      line: 11,
      column: 11,
      field: "sections[1].type",
      message: expect.stringMatching(/^unknown type "pricng"\. Did you mean "pricing"\?/),
      open: `${home}:11:11`,
    });
    expect(homeModule()).toBe(before);
    // Vite's own overlay, which ends with advice about vite.config.ts, is not used for content.
    expect(page.messages.filter((m) => m.type === "error")).toEqual([]);
  });

  it("clears the problems by itself when the file is fixed, even back to the last good content", async () => {
    const page = await openPage();
    writeFileSync(home, original.replace("type: pricing", "type: pricng"));
    await vi.waitFor(() => expect(page.statuses().at(-1)).toHaveLength(1), poll);
    writeFileSync(home, original);
    await vi.waitFor(() => expect(page.statuses().at(-1)).toEqual([]), poll);
  });

  it("shows a page opened while the content is broken what is wrong", async () => {
    writeFileSync(home, original.replace("type: pricing", "type: pricng"));
    await vi.waitFor(() => expect(logged.join("\n")).toMatch(/unknown type "pricng"/), poll);
    const page = await openPage();
    expect((await page.ask()).map((p) => p.field)).toEqual(["sections[1].type"]);
  });

  it("never shows a page opened later an error that was made and fixed while no page was open", async () => {
    writeFileSync(home, original.replace("type: pricing", "type: pricng"));
    await vi.waitFor(() => expect(logged.join("\n")).toMatch(/unknown type "pricng"/), poll);
    writeFileSync(home, original.replace("heading: Welcome", "heading: Fixed while no page was open"));
    await vi.waitFor(() => expect(homeModule()).toContain("Fixed while no page was open"), poll);

    const page = await openPage();
    expect(await page.ask()).toEqual([]);
    expect(page.messages.filter((m) => m.type === "error" || m.type === "full-reload")).toEqual([]);
  });

  it("leads with the file that cannot be read, links to it, and leaves out what merely follows from it", async () => {
    const page = await openPage();
    const site = join(content, "site.yaml");
    const siteText = readFileSync(site, "utf8");
    try {
      // A real problem in home.yaml, which sorts first, and site.yaml unreadable: home.yaml's
      // {{phone}} is not reported, the unreadable file leads.
      writeFileSync(home, original.replace("type: pricing", "type: pricng"));
      await vi.waitFor(() => expect(page.statuses().at(-1)).toHaveLength(1), poll);
      writeFileSync(site, replace("  tagline: Help for tests", "  tagline: Help: 24/7")(siteText));
      await vi.waitFor(() => expect(page.statuses().at(-1)).toHaveLength(2), poll);
      expect(page.statuses().at(-1)).toEqual([
        expect.objectContaining({ line: 3, column: 12, open: `${site}:3:12`, message: expect.stringMatching(/^the text after "tagline:" contains ": "/) }),
        expect.objectContaining({ line: 11, column: 11, open: `${home}:11:11`, field: "sections[1].type" }),
      ]);
    } finally {
      writeFileSync(site, siteText);
    }
  });

  it("adds the problems panel to the preview's page", async () => {
    const { port } = server.httpServer!.address() as AddressInfo;
    const html = await (await fetch(`http://127.0.0.1:${port}/`)).text();
    const src = /<script type="module" src="([^"]*content-problems[^"]*)"/.exec(html)?.[1];
    expect(src).toBeDefined();
    const response = await fetch(`http://127.0.0.1:${port}${src}`, { headers: { "sec-fetch-dest": "script" } });
    expect(response.headers.get("content-type")).toBe("text/javascript");
    const panel = await response.text();
    expect(panel).toContain("__open-in-editor");
  });
});

/** Every module of a generated folder (not its pictures): path → text. */
function modules(dir: string): Map<string, string> {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true }) as { name: string; parentPath: string; isFile(): boolean }[];
  return new Map(
    files
      .filter((f) => f.isFile() && /\.(json|js)$/.test(f.name))
      .map((f) => [join(f.parentPath, f.name).slice(dir.length + 1), readFileSync(join(f.parentPath, f.name), "utf8")] as const)
      .filter(([rel]) => !rel.startsWith("public/")),
  );
}

describe("each kind of edit reaches the open page as the build makes it", { timeout: 30_000 }, () => {
  const site = join(content, "site.yaml");
  const legal = join(content, "pages", "legal.md");
  const printers = join(content, "collections", "services", "printers.yaml");
  const originals = new Map([site, legal, printers].map((file) => [file, readFileSync(file, "utf8")]));
  afterEach(async () => {
    for (const [file, text] of originals) writeFileSync(file, text);
    writeFileSync(home, original);
    // Every restored file rebuilt before the next test saves.
    const built = tempDir("built-");
    await buildContent({ contentDir: content, outDir: built, drafts: true });
    await vi.waitFor(() => expect(modules(out)).toEqual(modules(built)), poll);
  });

  /**
   * Saves `text` in `file` with a page open: the page is told, with no reload, exactly which modules
   * changed, and every module the dev server now serves is what a build of the same content (drafts
   * kept, as the preview shows them) from nothing writes.
   */
  async function expectUpdate(file: string, text: string, expected: string[]) {
    const page = await openPage();
    const before = modules(out);
    writeFileSync(file, text);
    await vi.waitFor(() => expect(page.updates().length).toBeGreaterThan(0), poll);
    const update = page.updates().at(-1)!;
    expect(page.messages.filter((m) => m.type === "full-reload" || m.type === "update")).toEqual([]);
    const after = modules(out);
    const changed = [...after.keys()].filter((rel) => after.get(rel) !== before.get(rel));
    expect(update.modules.sort()).toEqual(changed.sort());
    for (const rel of expected) expect(update.modules).toContain(rel);
    const built = tempDir("built-");
    const result = await buildContent({ contentDir: content, outDir: built, drafts: true });
    expect(result.problems).toEqual([]);
    expect(modules(out)).toEqual(modules(built));
    return update;
  }

  it("a collection entry: the collections module", async () => {
    const update = await expectUpdate(printers, originals.get(printers)!.replace("title: Printers", "title: Printers and scanners"), ["collections.json"]);
    expect(update.structural).toBe(false);
  });

  it("a page: its own module, named with its route", async () => {
    const update = await expectUpdate(home, original.replace("heading: Welcome", "heading: Welcome, edited"), ["pages/index.json"]);
    expect(update.pages).toEqual({ "/": "pages/index.json" });
  });

  it("site.yaml: the site module, and the pages whose text uses a {{token}} that changed", async () => {
    await expectUpdate(site, originals.get(site)!.replace("copyright: Fixture Support", "copyright: Fixture Support, edited"), ["site.json"]);
    // {{company}} and {{hours}}: no page of the fixture writes them (the disclaimer, in site.yaml, does).
    const text = readFileSync(site, "utf8").replace("  name: Fixture Support", "  name: Fixture Help");
    const update = await expectUpdate(site, text.replace("  hours: Always", "  hours: Day and night"), ["site.json"]);
    expect(update.pages).toEqual({});
  });

  it("site.yaml: a token pages use ({{phone}} in the home page) rewrites those pages", async () => {
    const text = originals.get(site)!.replace("display: 1-800-555-0100", "display: 1 800 555 0100");
    const update = await expectUpdate(site, text, ["site.json", "pages/index.json"]);
    expect(Object.keys(update.pages)).toContain("/");
  });

  it("a Markdown page: its own module", async () => {
    const update = await expectUpdate(legal, originals.get(legal)!.replace("Adults only.", "Adults only, edited."), ["pages/legal.json"]);
    expect(update.pages).toEqual({ "/legal": "pages/legal.json" });
  });

  it("the save that fixes a mistake: as an ordinary save, the panel cleared", async () => {
    const page = await openPage();
    writeFileSync(home, original.replace("type: pricing", "type: pricng"));
    await vi.waitFor(() => expect(page.statuses().at(-1)).toHaveLength(1), poll);
    expect(page.updates()).toEqual([]);
    const update = await expectUpdate(home, original.replace("heading: Welcome", "heading: Welcome, fixed"), ["pages/index.json"]);
    expect(update.pages).toEqual({ "/": "pages/index.json" });
    await vi.waitFor(() => expect(page.statuses().at(-1)).toEqual([]), poll);
  });

  it("the fix of a file that could not be read (its anchors unknown meanwhile): as the build makes it", async () => {
    const more = join(content, "pages", "more.yaml");
    const text = readFileSync(more, "utf8");
    const page = await openPage();
    try {
      writeFileSync(more, text.replace("    anchor: about", "\tanchor: about"));
      await vi.waitFor(() => expect(page.statuses().at(-1)?.[0]?.file).toMatch(/more\.yaml$/), poll);
      const update = await expectUpdate(more, text.replace(/^title: .*$/m, "title: More, fixed"), ["pages/more.json"]);
      expect(update.pages).toEqual({ "/more": "pages/more.json" });
      await vi.waitFor(() => expect(page.statuses().at(-1)).toEqual([]), poll);
    } finally {
      writeFileSync(more, text);
    }
  });

  it("a new page: the list of pages is new (index.js), and the page's module", async () => {
    const extra = join(content, "pages", "extra.yaml");
    try {
      const update = await expectUpdate(extra, readFileSync(join(content, "pages", "more.yaml"), "utf8").replace(/^route: .*$/m, "route: /extra"), [
        "index.js",
        "pages/extra.json",
      ]);
      expect(update.structural).toBe(true);
    } finally {
      rmSync(extra, { force: true });
    }
  });
});
