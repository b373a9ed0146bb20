import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../../scripts/content/cli/cli.ts";
import { buildContent, runContent } from "../../scripts/content/pipeline.ts";
import { inProcess } from "../helpers/in-process.ts";
import { tempDir } from "../helpers/temp-dirs.ts";
import { fixture, replace, snapshotDir, validFixture } from "./helpers.ts";

const root = join(import.meta.dirname, "..", "..");
/** The content CLI's main() in this process (tests/helpers/in-process.ts): what it prints, and its exit code. */
const cli = (...args: string[]) => inProcess(() => main(args));
const outDir = () => tempDir("generated-");

describe("the content pipeline", () => {
  it("accepts the shipped content", () => {
    const { problems } = runContent({ contentDir: join(root, "content") });
    expect(problems).toEqual([]);
  });

  it("accepts the valid fixture and compiles its Markdown to sanitised HTML", () => {
    const { problems, content } = runContent({ contentDir: validFixture });
    expect(problems).toEqual([]);
    const faq = content!.collections.faq![0]!;
    expect(faq.answer).toBe("<p>Yes, it is <strong>only</strong> a test.</p>");
    const legal = content!.pages.find((p) => p.page.route === "/legal")!.page;
    expect(legal.sections[0]).toMatchObject({ type: "prose", heading: "Legal" });
    expect(legal.sections[0]!.type === "prose" && legal.sections[0]!.body).toContain('href="mailto:help@fixture.example"');
  });

  it("emits the redirects for the hosts, and an empty list when content/redirects.yaml is left out", async () => {
    const out = outDir();
    expect((await buildContent({ contentDir: validFixture, outDir: out })).problems).toEqual([]);
    expect(JSON.parse(readFileSync(join(out, "redirects.json"), "utf8"))).toEqual({
      redirects: [
        { from: "/terms", to: "/legal", permanent: true },
        { from: "/old-thanks", to: "/thanks", permanent: false },
      ],
    });
    const without = outDir();
    expect((await buildContent({ contentDir: fixture({ "redirects.yaml": null }), outDir: without })).problems).toEqual([]);
    expect(JSON.parse(readFileSync(join(without, "redirects.json"), "utf8"))).toEqual({ redirects: [] });
  });

  it("keeps tel:, mailto: and page links in Markdown", () => {
    const dir = fixture({
      "collections/faq/first.yaml": replace("Yes, it is **only** a test.", "Call [us](tel:{{phone.e164}}), [write](mailto:{{email}}) or [read](/legal)."),
    });
    const { content, problems } = runContent({ contentDir: dir });
    expect(problems).toEqual([]);
    expect(content!.collections.faq![0]!.answer).toBe(
      '<p>Call <a href="tel:+18005550100">us</a>, <a href="mailto:help@fixture.example">write</a> or <a href="/legal">read</a>.</p>',
    );
  });

  it("resolves images to hashed public files with their intrinsic size", () => {
    const { content } = runContent({ contentDir: validFixture });
    expect(content!.settings.site!.company.logo).toEqual({
      src: expect.stringMatching(/^\/media\/logo-[0-9a-f]{10}\.svg$/),
      alt: "Fixture Support",
      width: 40,
      height: 20,
    });
  });

  it("reports every problem in every file in one run", () => {
    const dir = fixture({
      "collections/plans/basic.yaml": replace("price: 10", "price: ten"),
      "forms/callback.yaml": replace("success: /thanks", "success: /nowhere"),
      "pages/home.yaml": replace("heading: Welcome", "heading: Welcome\n    colour: red"),
    });
    const { problems } = runContent({ contentDir: dir });
    expect(problems.map((p) => p.file.replace(/^.*content-[^/]+\//, "")).sort()).toEqual([
      "collections/plans/basic.yaml",
      "forms/callback.yaml",
      "pages/home.yaml",
    ]);
  });

  it("prints FILE:LINE:COL  field  message, exits 1 and writes nothing", () => {
    // The CLI as a process of its own, as `npm run content:build` runs it (its launcher): its exit code and its stream.
    const dir = fixture({ "collections/plans/basic.yaml": replace("price: 10", "price: ten") });
    const out = outDir();
    const result = spawnSync(process.execPath, ["scripts/content/cli/run.mjs", "build", `--content=${dir}`, `--out=${out}`], {
      cwd: root,
      encoding: "utf8",
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/collections\/plans\/basic\.yaml:2:8 +price +expected a number/);
    expect(result.stderr).toMatch(/1 problem in 1 file\. Nothing was written/);
    expect(snapshotDir(out).size).toBe(0);
  });

  it("prints GitHub annotations with --format=github", async () => {
    const dir = fixture({ "collections/plans/basic.yaml": replace("price: 10", "price: ten") });
    const result = await cli("check", `--content=${dir}`, "--format=github");
    expect(result.status).toBe(1);
    expect(result.stdout).toMatch(/^::error file=[^,]*collections\/plans\/basic\.yaml,line=2,col=8,title=price::expected a number/m);
  });

  it("prints a machine-readable report with --format=json", async () => {
    const dir = fixture({ "pages/home.yaml": replace("- plus", "- gold") });
    const result = await cli("check", `--content=${dir}`, "--format=json");
    expect(result.status).toBe(1);
    const report = JSON.parse(result.stdout) as { ok: boolean; problems: { field: string; line: number; message: string }[] };
    expect(report.ok).toBe(false);
    expect(report.problems).toEqual([
      expect.objectContaining({ field: "sections[1].plans[1]", line: 15, message: expect.stringMatching(/unknown plan "gold"/) }),
    ]);
  });

  it("puts a file that cannot be read first, in every format, before problems in files that sort earlier", async () => {
    const dir = fixture({
      "collections/plans/basic.yaml": replace("price: 10", "price: ten"),
      "site.yaml": replace("  tagline: Help for tests", "  tagline: Help: 24/7"),
    });
    const human = (await cli("check", `--content=${dir}`)).stderr.split("\n");
    expect(human[0]).toMatch(/site\.yaml:3:12 +the text after "tagline:" contains ": "/);
    expect(human[1]).toMatch(/collections\/plans\/basic\.yaml:2:8 +price +expected a number/);
    expect(human[2]).toBe("");
    const github = (await cli("check", `--content=${dir}`, "--format=github")).stdout.split("\n");
    expect(github[0]).toMatch(/^::error file=[^,]*site\.yaml,line=3,col=12,/);
    expect(github[1]).toMatch(/^::error file=[^,]*collections\/plans\/basic\.yaml,line=2,col=8,/);
    const json = JSON.parse((await cli("check", `--content=${dir}`, "--format=json")).stdout) as { problems: { file: string }[] };
    expect(json.problems.map((p) => p.file.replace(/^.*content-[^/]+\//, ""))).toEqual(["site.yaml", "collections/plans/basic.yaml"]);
  });

  it("refuses an unknown option with exit code 2", async () => {
    expect((await cli("check", "--colour=red")).status).toBe(2);
  });

  it("emits typed JSON modules marked as generated", async () => {
    const out = outDir();
    await buildContent({ contentDir: validFixture, outDir: out });
    const files = [...snapshotDir(out).keys()].sort();
    expect(files).toEqual(
      expect.arrayContaining(["collections.json", "forms.json", "index.d.ts", "index.js", "routes.json", "site.json", "pages/index.json"]),
    );
    expect(readFileSync(join(out, "index.d.ts"), "utf8")).toMatch(/^\/\/ Generated .* Do not edit/);
    expect(readFileSync(join(out, "index.d.ts"), "utf8")).toContain("export declare function loadPage(route: string): Promise<PageData>;");
    const routes = JSON.parse(readFileSync(join(out, "routes.json"), "utf8")) as { route: string; file: string }[];
    expect(routes.map((p) => p.route)).toEqual(["/", "/404", "/legal", "/more", "/thanks"]);
    const legal = JSON.parse(readFileSync(join(out, routes[2]!.file), "utf8")) as { title: string };
    expect(legal.title).toBe("Legal");
  });

  it("writes byte-identical output on two builds, and rewrites nothing the second time", async () => {
    const first = outDir();
    const second = outDir();
    await buildContent({ contentDir: validFixture, outDir: first });
    await buildContent({ contentDir: validFixture, outDir: second });
    const a = snapshotDir(first);
    const b = snapshotDir(second);
    expect([...b.keys()].sort()).toEqual([...a.keys()].sort());
    for (const [rel, file] of a) expect(b.get(rel)!.bytes, rel).toBe(file.bytes);

    const again = await buildContent({ contentDir: validFixture, outDir: first });
    expect(again.written).toEqual({ written: 0, unchanged: a.size, removed: 0, changed: [] });
    for (const [rel, file] of snapshotDir(first)) expect(file.mtime, rel).toBe(a.get(rel)!.mtime);
  });

  it("leaves the previous output untouched when a build fails", async () => {
    const out = outDir();
    await buildContent({ contentDir: validFixture, outDir: out });
    const before = snapshotDir(out);
    const broken = fixture({ "pages/home.yaml": replace("type: pricing", "type: prices"), "images/logo.svg": null });
    const result = await buildContent({ contentDir: broken, outDir: out });
    expect(result.problems.length).toBeGreaterThan(0);
    expect(result.written).toBeUndefined();
    expect(snapshotDir(out)).toEqual(before);
  });

  it("removes output files that a later build no longer produces", async () => {
    const out = outDir();
    await buildContent({ contentDir: validFixture, outDir: out });
    const renamed = fixture({
      "images/photo.svg": replace('fill="#abcdef"', 'fill="#fedcba"'),
    });
    const result = await buildContent({ contentDir: renamed, outDir: out });
    expect(result.written!.removed).toBe(1);
    // The dev server tells the open pages which modules changed: the picture's old and new names, the
    // page that shows it.
    expect(result.written!.changed.filter((f) => f.includes("photo-"))).toHaveLength(2);
    const media = [...snapshotDir(out).keys()].filter((f) => f.includes("photo-"));
    expect(media).toHaveLength(1);
  });

  it("checks the shipped content from the command line", async () => {
    const result = await cli("check");
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/Content OK/);
  });
});
