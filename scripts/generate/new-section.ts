/**
 * `npm run new:section -- <name>`: adds a section type, ready to use and tested.
 * In: a name in lower case with hyphens (e.g. testimonial-carousel). Out: the section's folder,
 * sections/<name>/, with its schema (schema.ts), its renderer (<Name>.tsx), its styles (<name>.css,
 * imported by the renderer) and its test (<name>.test.tsx, a fixture page through the real pipeline);
 * a line in schemas/sections/index.ts and one in src/sections/registry.ts (the two lists the type
 * checker holds together); then the editor JSON Schemas and the content guide are regenerated and the
 * new files formatted. The new section has a heading, Markdown text and an optional button: change it
 * from there. It is static (no island): the renderer's comment says how to add an interactive part.
 */
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { insertLine } from "./insert-line.ts";
import { regenerate } from "./regenerate.ts";

const root = join(import.meta.dirname, "..", "..");
const name = process.argv[2] ?? "";
if (!/^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/.test(name)) {
  console.error(
    'usage: npm run new:section -- <name>   (lower-case words joined by hyphens, e.g. "testimonial-carousel")',
  );
  process.exit(2);
}
const words = name.split("-");
const pascal = words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join("");
const camel = pascal[0]!.toLowerCase() + pascal.slice(1);
const title = words.join(" ").replace(/^./, (c) => c.toUpperCase());
const schemaName = `${camel}Section`;

const folder = `sections/${name}`;
const files = {
  schema: `${folder}/schema.ts`,
  renderer: `${folder}/${pascal}.tsx`,
  styles: `${folder}/${name}.css`,
  test: `${folder}/${name}.test.tsx`,
};
if (existsSync(join(root, folder))) {
  console.error(`${folder} already exists: is there a "${name}" section type already?`);
  process.exit(1);
}

mkdirSync(join(root, folder), { recursive: true });

const insert = (file: string, line: string, where: { after?: RegExp; before?: RegExp }) =>
  insertLine(root, file, line, where);

writeFileSync(
  join(root, files.schema),
  `import { z } from "zod";
import type { ContentContext } from "../../schemas/context.ts";
import { link, markdown } from "../../schemas/primitives.ts";
import { sectionBase } from "../../schemas/sections/base.ts";

export const ${schemaName} = (c: ContentContext) =>
  z
    .strictObject({
      type: z.literal("${name}"),
      ...sectionBase(c),
      body: markdown(c).describe("The section's text, in Markdown."),
      action: link(c).optional().describe("A button under the text."),
    })
    .describe("${title}: a heading, text in Markdown and an optional button.");
`,
);
insert("schemas/sections/index.ts", `import { ${schemaName} } from "../../sections/${name}/schema.ts";`, {
  after: /^import \{ \w+ \} from "\.\.\/\.\.\/sections\/[\w-]+\/schema\.ts";$/,
});
insert("schemas/sections/index.ts", `  ${schemaName},`, { before: /^\] as const;$/ });

writeFileSync(
  join(root, files.renderer),
  `import type { SectionOf } from "../../schemas";
import { Actions } from "../../ui/components/Actions";
import { Markdown } from "../../ui/components/Markdown";
import { SectionFrame } from "../../ui/sections/SectionFrame";
import "./${name}.css";

/**
 * Rendered to HTML at build time; the live site sends it no JavaScript. An interactive part (a form,
 * anything with onClick, onSubmit, …) is an island: its own component, listed in
 * ui/islands/registry.ts and rendered here with <Island> (docs/adding-a-section.md, "Interactive
 * parts"). A handler written here directly would never run; npm run lint says so.
 */
export function ${pascal}(section: SectionOf<"${name}">) {
  return (
    <SectionFrame section={section} className="${name}">
      <Markdown html={section.body} className="${name}__body" />
      {section.action && <Actions links={[section.action]} />}
    </SectionFrame>
  );
}
`,
);
insert("src/sections/registry.ts", `import { ${pascal} } from "../../sections/${name}/${pascal}";`, {
  after: /^import \{ \w+ \} from "\.\.\/\.\.\/sections\/[\w-]+\/\w+";$/,
});
insert("src/sections/registry.ts", `  ${JSON.stringify(name)}: ${pascal},`, { before: /^};$/ });

writeFileSync(
  join(root, files.styles),
  `/* ${title}: this section's own styles, loaded with its renderer and inlined in each built page. */
.${name}__body {
  max-width: 46rem;
}
`,
);
writeFileSync(
  join(root, files.test),
  `import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { stringify } from "yaml";
import type { z } from "zod";
import type { page as pageSchema } from "../../schemas/page.ts";
import { fixture } from "../../tests/content/helpers.ts";
import { loadContent, renderSite } from "../../tests/components/render-site.tsx";

/** A page's file as content writes it: typed by the schema, so a change to the section's fields is a type error here. */
type PageFile = z.input<ReturnType<typeof pageSchema>>;

// A page with the ${name} section, added to the test fixture content.
const heading = "${title} heading";
const action = { label: "Read more", to: "/legal" };
const page: PageFile = {
  route: "/${name}-example",
  title: "${title} example",
  description: "A page showing the ${name} section.",
  sections: [{ type: "${name}", heading, body: "Some **important** text.", action }],
};

describe("the ${name} section", () => {
  it("renders its heading, text and button from content", () => {
    renderSite(page.route, loadContent(fixture({ "pages/${name}-example.yaml": stringify(page) })));
    const section = screen.getByRole("region", { name: heading });
    expect(within(section).getByRole("heading", { level: 1, name: heading })).toBeTruthy();
    expect(within(section).getByText("important").tagName).toBe("STRONG");
    expect(within(section).getByRole("link", { name: action.label }).getAttribute("href")).toBe(action.to);
  });
});
`,
);

regenerate(root, [...Object.values(files), "schemas/sections/index.ts", "src/sections/registry.ts"]);
console.log(
  `\nAdded the "${name}" section type in ${folder}/:\n  ${Object.values(files).join("\n  ")}\n  (and a line in schemas/sections/index.ts and src/sections/registry.ts)`,
);
console.log(`Use it in a page with "- type: ${name}"; see docs/adding-a-section.md for what to change next.`);
console.log(
  'It ships no JavaScript: an interactive part is an island (<Island>, ui/islands/registry.ts; the guide\'s "Interactive parts").',
);
