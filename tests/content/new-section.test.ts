/**
 * `npm run new:section` on a copy of the project: the files it writes, and the content guide, editor
 * schemas and CMS pick the new type up. That the result type-checks, lints, tests and builds green is
 * tests/commands/adding-a-section.test.ts, which follows docs/adding-a-section.md.
 */
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, readdirSync, readFileSync, symlinkSync } from "node:fs";
import { join, relative } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { tempDir } from "../helpers/temp-dirs.ts";

const root = join(import.meta.dirname, "..", "..");
const skip = new Set(["node_modules", ".git", "dist", ".bench", ".ssr", ".size-floor", "test-results", "playwright-report"]);
let copy = "";
/** What the scaffold printed. */
let said = "";
const run = (args: string[]) => execFileSync(process.execPath, args, { cwd: copy, encoding: "utf8", stdio: "pipe" });

describe("npm run new:section", { timeout: 180_000 }, () => {
  beforeAll(() => {
    copy = tempDir("scaffold-");
    cpSync(root, copy, { recursive: true, filter: (src) => !skip.has(relative(root, src).split("/")[0]!) });
    symlinkSync(join(root, "node_modules"), join(copy, "node_modules"));
    said = run(["--import", "tsx", "scripts/generate/new-section.ts", "demo-widget"]);
  });

  it("writes one folder (schema, renderer, styles, test) and a line in each list", () => {
    expect(readdirSync(join(copy, "sections/demo-widget")).sort()).toEqual(
      ["DemoWidget.tsx", "demo-widget.css", "demo-widget.test.tsx", "schema.ts"].sort(),
    );
    expect(readFileSync(join(copy, "schemas/sections/index.ts"), "utf8")).toContain("demoWidgetSection,");
    expect(readFileSync(join(copy, "src/sections/registry.ts"), "utf8")).toContain('"demo-widget": DemoWidget,');
    const renderer = readFileSync(join(copy, "sections/demo-widget/DemoWidget.tsx"), "utf8");
    expect(renderer).toContain('SectionOf<"demo-widget">');
    expect(renderer).toContain('import "./demo-widget.css";');
    // The test's page is an object typed by the page schema, written as YAML: a schema change is a type error there.
    const test = readFileSync(join(copy, "sections/demo-widget/demo-widget.test.tsx"), "utf8");
    expect(test).toMatch(/const page: PageFile = \{[\s\S]*type: "demo-widget"/);
    expect(test).toContain('"pages/demo-widget-example.yaml": stringify(page)');
  });

  it("writes the schema's description once, in .describe(), with no JSDoc repeating it", () => {
    const schema = readFileSync(join(copy, "sections/demo-widget/schema.ts"), "utf8");
    expect(schema).toContain('.describe("Demo widget: a heading, text in Markdown and an optional button.")');
    expect(schema).not.toContain("/**");
  });

  // That its output type-checks, passes lint and its test, and builds: tests/commands/adding-a-section.test.ts
  // (the documented steps, on a copy, with npm's own commands).
  it("regenerates the guide and the editor schemas with the new type", () => {
    expect(readFileSync(join(copy, "docs/content-guide.md"), "utf8")).toContain("### `demo-widget`");
    expect(readFileSync(join(copy, "schemas/json/pages.schema.json"), "utf8")).toContain('"const": "demo-widget"');
  });

  it("puts the new type in the CMS, with no other change", () => {
    const script = `import("./scripts/cms/config.ts").then(({ cmsConfig }) => {
      const pages = cmsConfig({ repo: "example/site" }).collections.find((c) => c.name === "pages");
      const sections = pages.fields.find((f) => f.name === "sections");
      process.stdout.write(JSON.stringify(sections.types));
    })`;
    const types = JSON.parse(run(["--import", "tsx", "-e", script])) as { name: string; fields: { name: string }[] }[];
    const added = types.find((type) => type.name === "demo-widget");
    expect(added?.fields.map((f) => f.name)).toContain("heading");
  });

  it("says how to make an interactive part an island, naming files and a guide section that exist", () => {
    const renderer = readFileSync(join(copy, "sections/demo-widget/DemoWidget.tsx"), "utf8");
    const guide = readFileSync(join(copy, "docs/adding-a-section.md"), "utf8");
    const heading = /^## (Interactive parts.*)$/m.exec(guide)?.[1];
    expect(heading, "docs/adding-a-section.md has an \"Interactive parts\" section").toBeDefined();
    for (const [where, text] of [
      ["the scaffold's message", said],
      ["the new renderer's note", /\/\*\*[\s\S]*?\*\//.exec(renderer)?.[0] ?? ""],
    ] as const) {
      expect(text, where).toContain("<Island>");
      expect(text.replace(/\s*\*\s*/g, " "), where).toContain('"Interactive parts"');
      const paths = text.match(/\b(?:ui|docs)\/[\w/.-]*\w/g) ?? [];
      expect(paths, where).toContain("ui/islands/registry.ts");
      expect(
        paths.filter((path) => !existsSync(join(copy, path))),
        where,
      ).toEqual([]);
    }
    // The renderer it writes has no handler: it would never run on the live site.
    expect(renderer).not.toMatch(/\son[A-Z]\w*=/);
  });

  it("refuses a name that is not lower-case words joined by hyphens, or that exists", () => {
    expect(() => run(["--import", "tsx", "scripts/generate/new-section.ts", "Demo Widget"])).toThrow(/usage/);
    expect(() => run(["--import", "tsx", "scripts/generate/new-section.ts", "demo-widget"])).toThrow(/already exists/);
  });
});
