/**
 * The README's commands as a new user runs them: `npm run …` in a fresh copy of the project with no
 * cache of any kind (tests/helpers/fresh-project.ts), with three new phone photos on the first page (one
 * of them taken upright: EXIF orientation 6). Each photo is 12 megapixels, and making its versions cold
 * is most of this file's time, so each claim about photos makes them cold once: the content build, the
 * CLI bundled again, worker threads, a damaged picture.
 * Every path that is lazy or cached is taken cold here at least once: the image library loaded on
 * first use, worker threads (enough files to start them), the run memo, a CLI bundle made again
 * after its sources changed (and so a cold code cache). A fault of the program, forced in each stage
 * or real (a missing module, a cache folder that cannot be written), is reported as ours (exit 2),
 * never as a problem of a content file.
 * Two fresh copies, one per claim about a fresh copy: the commands work with every cache empty; and a
 * clone's install (`prepare`) works before any other command. What needs cold caches but no fresh
 * copy (worker threads, the faults) runs on the second after its install, each run with the per-file
 * cache and run memo off (CONTENT_CACHE=off), so every stage runs. The photo cache (IMAGE_CACHE) is
 * new and empty where the claim is about making photos or loading the image library (the threads'
 * run, the fault in the images stage, the missing module); elsewhere the runs share the photos the
 * threads' run made: the other stages and the damaged picture (a file no cache holds) need no photo
 * made again, and a 12-megapixel photo made again costs seconds of every core.
 */
import { spawn, spawnSync, type SpawnSyncReturns } from "node:child_process";
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseDocument, type YAMLSeq } from "yaml";
import { faultStages } from "../../scripts/content/problems/fault.ts";
import { phonePhoto } from "../helpers/photo-fixture.ts";
import { root } from "../../tools/shared/copy-project.ts";
import { keepPriority } from "../../tools/shared/priority.ts";
import { freshProject } from "../helpers/fresh-project.ts";
import { userEnv } from "../helpers/user-env.ts";

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});
const temporary = (name: string) => {
  const dir = mkdtempSync(join(tmpdir(), `fresh-${name}-`));
  made.push(dir);
  return dir;
};

/** `npm run <script> [-- args]` in `cwd`, as a user types it. */
function npm(
  cwd: string,
  script: string,
  args: string[] = [],
  env: Record<string, string> = {},
): SpawnSyncReturns<string> {
  return spawnSync("npm", ["run", "--silent", script, ...(args.length ? ["--", ...args] : [])], {
    cwd,
    encoding: "utf8",
    env: { ...userEnv, ...env },
    timeout: 300_000,
  });
}
const output = (run: SpawnSyncReturns<string>) => `${run.stdout}\n${run.stderr}`;

/** The content folder's page with route "/", found by reading the pages, not by name. */
function homePage(project: string): string {
  const pages = join(project, "content", "pages");
  const file = readdirSync(pages).find(
    (name) => name.endsWith(".yaml") && parseDocument(readFileSync(join(pages, name), "utf8")).get("route") === "/",
  );
  if (!file) throw new Error("no page has the route /");
  return join(pages, file);
}

const photoCount = 3;
/** Three new phone photos (the third taken upright) in content/images/photos/, shown in a new gallery at the end of the first page. */
async function addPhotos(project: string, count = photoCount): Promise<string[]> {
  const dir = join(project, "content", "images", "photos");
  mkdirSync(dir, { recursive: true });
  const sources: string[] = [];
  for (let index = 1; index <= count; index++) {
    writeFileSync(
      join(dir, `photo-${index}.jpg`),
      await phonePhoto({ seed: 100 + index, orientation: index % 3 === 0 ? 6 : 1 }),
    );
    sources.push(`images/photos/photo-${index}.jpg`);
  }
  const file = homePage(project);
  const doc = parseDocument(readFileSync(file, "utf8"));
  (doc.get("sections") as YAMLSeq).add(
    doc.createNode({
      type: "gallery",
      heading: "Photos from our new office",
      images: sources.map((src, index) => ({ image: { src, alt: `A room of our new office, picture ${index + 1}` } })),
    }),
  );
  writeFileSync(file, doc.toString());
  return sources;
}

/** Every file under `dir`, with its bytes, for "nothing changed" comparisons. */
function snapshot(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  if (!existsSync(dir)) return files;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile())
      files.set(
        join(entry.parentPath, entry.name),
        readFileSync(join(entry.parentPath, entry.name)).toString("base64"),
      );
  }
  return files;
}

/** No line of the output names a content file: the fault is reported as ours. */
function expectFaultOfOurs(run: SpawnSyncReturns<string>) {
  expect(run.status, output(run)).toBe(2);
  expect(output(run)).toMatch(/fault in the content tool itself, not in your content/);
  expect(output(run)).not.toMatch(/(?:^|\s)content\/[\w/.-]+:\d+:\d+/m);
  expect(output(run)).not.toMatch(/could not be read as a picture|damaged/);
}

describe("a fresh copy with three new phone photos, every cache empty", () => {
  let project: string;
  let photos: string[];
  beforeAll(async () => {
    project = freshProject(join(temporary("project"), "site"));
    photos = await addPhotos(project);
  }, 300_000);

  it("npm run content:check passes, and npm run content:build makes every photo's versions", () => {
    const check = npm(project, "content:check");
    expect(check.status, output(check)).toBe(0);

    const build = npm(project, "content:build");
    expect(build.status, output(build)).toBe(0);
    expect(build.stdout).toMatch(/photos: \d+ versions? made/);
    // The versions are in the generated public folder, and the photos are in the page's modules.
    const media = readdirSync(join(project, "src", "generated", "public", "media"));
    for (const [index] of photos.entries()) {
      const name = `photo-${index + 1}-`;
      expect(
        media.filter((file) => file.startsWith(name) && /\.(avif|webp|jpg)$/.test(file)).length,
        name,
      ).toBeGreaterThanOrEqual(3);
    }
    // Run again: the run memo answers, with the same result.
    const again = npm(project, "content:build");
    expect(again.status, output(again)).toBe(0);
    expect(again.stdout).toMatch(/all from the cache/);
  });

  it("npm start builds the site and serves the page with every photo", async () => {
    // The photos' versions come from the photo cache the content build above filled: making them cold
    // is that test's claim, and the next one's.
    const server = spawn("npm", ["start"], {
      cwd: project,
      env: { ...userEnv, PORT: "0", HOST: "127.0.0.1" },
      detached: true,
      stdio: "pipe",
    });
    keepPriority(server.pid);
    let log = "";
    server.stdout.on("data", (chunk) => (log += chunk));
    server.stderr.on("data", (chunk) => (log += chunk));
    try {
      // npm start builds (its output is the build's), then says where it serves: waited for as a line of output.
      const port = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`npm start did not start serving:\n${log}`)), 400_000);
        const read = () => {
          const found = /Serving .* at http:\/\/127\.0\.0\.1:(\d+)/.exec(log)?.[1];
          if (found) {
            clearTimeout(timer);
            resolve(found);
          }
        };
        server.stdout.on("data", read);
        server.stderr.on("data", read);
        server.once("exit", (code) => {
          clearTimeout(timer);
          reject(new Error(`npm start exited (${code}):\n${log}`));
        });
      });
      // A clean build is quiet: no warning from the bundler.
      expect(log).not.toMatch(/INEFFECTIVE_DYNAMIC_IMPORT|\[(?:PLUGIN_)?WARNING\]|\(!\)/);
      const page = await fetch(`http://127.0.0.1:${port}/`);
      expect(page.status).toBe(200);
      const html = await page.text();
      for (const [index] of photos.entries()) {
        const alt = `A room of our new office, picture ${index + 1}`;
        const img = new RegExp(`<img[^>]*alt="${alt}"[^>]*>`).exec(html)?.[0];
        expect(img, alt).toBeDefined();
        // Each version the page offers is served as a picture.
        const sources = [
          ...html.matchAll(new RegExp(`/media/photo-${index + 1}-[\\w-]+\\.(?:avif|webp|jpg)`, "g")),
        ].map((m) => m[0]);
        expect(sources.length, alt).toBeGreaterThanOrEqual(3);
        for (const src of new Set(sources)) {
          const response = await fetch(`http://127.0.0.1:${port}${src}`);
          expect(response.status, src).toBe(200);
          expect(response.headers.get("content-type"), src).toMatch(/^image\/(avif|webp|jpeg)$/);
          expect((await response.arrayBuffer()).byteLength, src).toBeGreaterThan(1000);
        }
      }
    } finally {
      const gone = new Promise((resolve) => (server.exitCode !== null ? resolve(null) : server.once("exit", resolve)));
      try {
        process.kill(-server.pid!, "SIGTERM");
      } catch {
        // Already gone.
      }
      await gone;
    }
  });

  it("makes photos again after the CLI's sources changed: a new bundle, a cold code cache", () => {
    // A change to the CLI's sources, as a developer's edit is: the launcher bundles it again.
    appendFileSync(join(project, "scripts", "content", "report.ts"), "\n// a developer's edit\n");
    const cli = join(project, "node_modules", ".cache", "content-cli");
    const bundles = () => readdirSync(cli).filter((name) => name.endsWith(".cjs"));
    const before = bundles();
    rmSync(join(project, "node_modules", ".cache", "images"), { recursive: true, force: true });
    const build = npm(project, "content:build");
    expect(build.status, output(build)).toBe(0);
    expect(build.stdout).toMatch(/photos: \d+ versions? made/);
    // A bundle of its own, named after the new sources (run.mjs), beside the one before.
    expect(bundles().filter((name) => !before.includes(name))).toHaveLength(1);
  });
});

describe("a fresh clone after npm install (its prepare step), before any other command", () => {
  let project: string;
  beforeAll(() => {
    project = freshProject(join(temporary("clone"), "site"));
  });

  it("has the generated modules, so the type check passes; broken content still installs, saying what to run", () => {
    expect(existsSync(join(project, "src", "generated"))).toBe(false);
    const scripts = (
      JSON.parse(readFileSync(join(project, "package.json"), "utf8")) as { scripts: Record<string, string> }
    ).scripts;
    // npm install and npm ci run `prepare` last, in the project's folder, as this does.
    expect(scripts.prepare).toBeDefined();
    const prepare = npm(project, "prepare");
    expect(prepare.status, output(prepare)).toBe(0);
    expect(existsSync(join(project, "src", "generated", "index.js"))).toBe(true);
    const tsc = spawnSync(
      process.execPath,
      [join(project, "node_modules", "@typescript", "native", "bin", "tsc"), "--noEmit", "-p", "."],
      {
        cwd: project,
        encoding: "utf8",
      },
    );
    expect(tsc.status, output(tsc)).toBe(0);

    rmSync(join(project, "src", "generated"), { recursive: true, force: true });
    const home = homePage(project);
    const text = readFileSync(home, "utf8");
    writeFileSync(home, `${text}\nroute: twice\n`);
    const broken = npm(project, "prepare");
    writeFileSync(home, text);
    expect(broken.status, output(broken)).toBe(0);
    expect(broken.stderr).toMatch(/content\/pages\/[\w-]+\.yaml:\d+:\d+/);
    expect(broken.stderr).toMatch(/Fix them, then run: npm run content:build/);
  });

  /** Every cache of a content build empty: no per-file cache or run memo, a new photo cache. */
  const cold = (name: string) => ({ CONTENT_CACHE: "off", IMAGE_CACHE: temporary(`images-${name}`) });
  /** No per-file cache or run memo, the photos the threads' run made (made anew when run alone). */
  const madePhotos = cold("threads");

  describe("then with three new photos: worker threads, taken cold", () => {
    it("start, share the files, make the photos, and give the same output as one thread", async () => {
      await addPhotos(project, 3);
      const generated = join(project, "src", "generated");
      const many = npm(project, "content:build", ["--verbose"], {
        ...madePhotos,
        CONTENT_THREADS: "2",
        CONTENT_PARALLEL_MIN: "1",
      });
      expect(many.status, output(many)).toBe(0);
      expect(many.stderr).toMatch(
        /threads: 1 worker thread\(s\) started; \d+ file\(s\) parsed and \d+ validated shared out/,
      );
      expect(many.stderr).not.toMatch(/the workers stopped/);
      expect(many.stdout).toMatch(/photos: \d+ versions? made/);
      const threaded = snapshot(generated);

      rmSync(generated, { recursive: true, force: true });
      // The photos are made on this thread in both runs (workers parse and validate): the one-thread
      // run takes them from the threaded run's photo cache.
      const one = npm(project, "content:build", [], { ...madePhotos, CONTENT_THREADS: "1" });
      expect(one.status, output(one)).toBe(0);
      expect(one.stdout).toMatch(/photos: \d+ versions, all from the cache/);
      expect(snapshot(generated)).toEqual(threaded);
    });
  });

  describe("a fault of the program is reported as ours, never as a problem of a content file", () => {
    it.each(faultStages)("in the %s stage: exit code 2, one line that says so, nothing written", (stage) => {
      const before = snapshot(join(project, "src", "generated"));
      // No per-file cache, so every stage runs; a photo to make (an empty photo cache) for the images
      // stage, whose fault is in making one; two threads, so the worker stage runs.
      const photos = stage === "images" ? cold(stage) : madePhotos;
      const env = { CONTENT_FAULT: stage, ...photos, CONTENT_THREADS: "2", CONTENT_PARALLEL_MIN: "1" };
      const run = npm(project, "content:build", [], env);
      expectFaultOfOurs(run);
      expect(run.stderr).toContain(`CONTENT_FAULT=${stage}`);
      expect(run.stderr).toMatch(/Please report it to the site's developers/);
      expect(run.stderr).not.toMatch(/^\s+at /m);
      expect(snapshot(join(project, "src", "generated"))).toEqual(before);

      // --verbose adds the stack, for the report: one stage on this thread and the worker's (its stack
      // crosses from the thread), as the report is made the same way for every stage of either.
      if (stage !== faultStages[0] && stage !== "worker") return;
      const verbose = npm(project, "content:build", ["--verbose"], env);
      expectFaultOfOurs(verbose);
      expect(verbose.stderr).toMatch(/^\s+at /m);
    });

    it("a missing module (the image library): ours, naming it", () => {
      // The clone's node_modules links each package (fresh-project.ts): the image library's link taken away.
      const sharp = join(project, "node_modules", "sharp");
      rmSync(sharp);
      try {
        const run = npm(project, "content:build", [], cold("no-sharp"));
        expectFaultOfOurs(run);
        expect(run.stderr).toMatch(/image library \(sharp\) could not be loaded/);
      } finally {
        symlinkSync(join(root, "node_modules", "sharp"), sharp, "junction");
      }
    });

    it("a photo cache that cannot be written: ours, not the photos'", () => {
      const blocked = join(temporary("blocked"), "not-a-folder");
      writeFileSync(blocked, "a file where the cache folder should be");
      const run = npm(project, "content:build", [], { IMAGE_CACHE: join(blocked, "images"), CONTENT_CACHE: "off" });
      expectFaultOfOurs(run);
    });

    it("a picture that is really damaged is still the picture's problem, at its line (exit code 1)", async () => {
      const damaged = Buffer.from(await phonePhoto({ seed: 7 }));
      const frame = damaged.indexOf(Buffer.from([0xff, 0xc0]));
      damaged[frame + 12] = 9; // the first colour component names a quantisation table that is not there
      writeFileSync(join(project, "content", "images", "photos", "photo-1.jpg"), damaged);
      const run = npm(project, "content:build", [], madePhotos);
      expect(run.status, output(run)).toBe(1);
      expect(run.stderr).toMatch(
        /content\/pages\/[\w-]+\.yaml:\d+:\d+ .*"images\/photos\/photo-1\.jpg" could not be read as a picture/,
      );
      expect(run.stderr).not.toMatch(/fault in the content tool/);
    });
  });
});
