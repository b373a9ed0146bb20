/** The kinds of content file: where each lives and the Zod schema that describes it. */
import type { z } from "zod";
import {
  collectionNames,
  collectionSchemas,
  form,
  leadsSettings,
  markdownPage,
  page,
  redirects,
  site,
  type ContentContext,
} from "../../schemas/index.ts";

export interface Kind {
  name: string;
  title: string;
  /** Where the files are, for people. */
  where: string;
  /** Its schema, built in a context (`withoutContext` for the JSON Schema, the guide and the CMS). */
  schema: (c: ContentContext) => z.ZodType;
  /** Glob of the files it describes, relative to the repository; none for Markdown front matter. */
  files?: string;
}

export const contentKinds: Kind[] = [
  { name: "site", title: "Site settings", where: "`content/site.yaml`", schema: site, files: "content/site.yaml" },
  { name: "page", title: "Page", where: "`content/pages/<name>.yaml`, one file per page", schema: page, files: "content/pages/*.yaml" },
  {
    name: "markdown-page",
    title: "Markdown page (legal text)",
    where: "`content/pages/<name>.md`: these fields between two `---` lines, then the text in Markdown",
    schema: markdownPage,
  },
  {
    name: "redirects",
    title: "Redirects",
    where: "`content/redirects.yaml`: `redirects:` then a list, one entry per old address (optional: leave the file out when there are none)",
    schema: redirects,
    files: "content/redirects.yaml",
  },
  {
    name: "leads",
    title: "Where leads go",
    where: "`content/leads.yaml`: the e-mail recipients, webhooks and retention period of the forms' leads (optional)",
    schema: leadsSettings,
    files: "content/leads.yaml",
  },
  { name: "form", title: "Form", where: "`content/forms/<id>.yaml`; the file name is the form's id", schema: form, files: "content/forms/*.yaml" },
  ...collectionNames.map((name) => ({
    name: `collection-${name}`,
    title: `The ${name} collection`,
    where: `\`content/collections/${name}/<id>.yaml\`, one file per entry; the file name is the entry's id, which sections use to show it`,
    schema: (c: ContentContext) => collectionSchemas(c)[name],
    files: `content/collections/${name}/*.yaml`,
  })),
];

