/**
 * The editing UI's configuration (Decap CMS; Sveltia CMS reads the same format), generated from the
 * Zod schemas and the table of content kinds: never written by hand, so the CMS, the content check,
 * the editor's JSON Schemas and the content guide can never disagree.
 * In: the table of kinds (schemas/kinds.ts) and the schemas. Out: a config object (`cmsConfig()`), which
 * scripts/cms/vite-plugin.ts serves to /admin/ as the module `virtual:cms-config`.
 * Steps: each kind becomes a collection (a folder of entries, or a file); each schema field becomes a
 * widget (fields.ts). The configuration's shape is types.ts'.
 */
import { contentKinds, type ContentKind, type KindTable, withoutContext } from "../../schemas/index.ts";
import { identifierOf, markdownOptions, objectFields } from "./fields.ts";
import { labelOf } from "./label-of.ts";
import { cmsRepository } from "./repository.ts";
import type { CmsCollection, CmsConfig } from "./types.ts";

// What callers (the tests) import from here since before the split into fields.ts and types.ts.
export type { CmsCollection, CmsConfig, CmsField } from "./types.ts";
export { labelOf } from "./label-of.ts";

export interface CmsOptions {
  /** The GitHub repository, "owner/name", where the CMS opens pull requests. */
  repo: string;
  branch?: string;
  /**
   * Where /admin/ logs in (repository.ts): `authEndpoint` without `baseUrl` is the site's own server
   * (/admin/ adds its own origin); both: a server at another origin; neither: Netlify's provider.
   */
  baseUrl?: string;
  authEndpoint?: string;
  /** GitHub's API, for a GitHub Enterprise host (Decap's default: https://api.github.com). */
  apiRoot?: string;
  siteUrl?: string;
}

/**
 * A kind with pages (a row with an `address`): its entries are Markdown files, the fields as front
 * matter and the text (the schema's `body` field) as Decap's Markdown body.
 */
function markdownEntriesCollection(kind: Extract<ContentKind, { folder: string }>, address: string): CmsCollection {
  const fields = objectFields(kind.schema(withoutContext));
  const body = fields.find((field) => field.name === "body");
  return {
    name: kind.name,
    label: kind.title,
    label_singular: labelOf(kind.noun),
    description: kind.purpose,
    folder: `content/${kind.folder}`,
    extension: "md",
    format: "frontmatter",
    create: true,
    delete: true,
    slug: "{{slug}}",
    identifier_field: "title",
    // `{{filename}}`: the file's name, the entry's id ("{{slug}}" in a summary is its title).
    summary: kind.summary ?? `{{title}} (${address.replace(":id", "{{filename}}")})`,
    fields: [
      ...fields.filter((field) => field.name !== "body"),
      {
        name: "body",
        label: "Text",
        widget: "markdown",
        hint: "The text. Headings start at level two (##); pictures: ![what it shows](images/entries/picture.svg).",
        required: body?.required !== false,
        ...markdownOptions,
      },
    ],
  };
}

/** The CMS collection of an entries kind: its folder, one file per entry, named after its id. */
function entriesCollection(kind: Extract<ContentKind, { folder: string }>): CmsCollection {
  if ("address" in kind && typeof kind.address === "string") return markdownEntriesCollection(kind, kind.address);
  const identifier = kind.role === "page" ? "title" : identifierOf(kind.schema(withoutContext));
  return {
    name: kind.name,
    label: kind.role === "collection" ? kind.title : labelOf(kind.name),
    label_singular: labelOf(kind.noun),
    description: kind.purpose,
    folder: `content/${kind.folder}`,
    extension: "yaml",
    // Saved in place (admin/editor/in-place.ts, registered as "yaml"): comments and layout kept.
    format: "yaml",
    create: true,
    // A form's id is used by the pages that show it: forms are not deleted from the editor.
    delete: kind.role !== "form",
    slug: "{{slug}}",
    identifier_field: identifier,
    summary: kind.summary ?? `{{${identifier}}}`,
    fields: objectFields(kind.schema(withoutContext)),
  };
}

/**
 * The configuration, a loop over the table of kinds (schemas/kinds.ts): one collection of files for
 * the settings, one folder collection per kind of entries (and one more for its Markdown entries).
 */
export function cmsConfig(options: CmsOptions, kinds: KindTable = contentKinds): CmsConfig {
  const collections: CmsCollection[] = [
    {
      name: "settings",
      label: "Site settings",
      // Saved in place (admin/editor/in-place.ts, registered as "yaml"): comments and layout kept.
      format: "yaml",
      description: "The settings every page uses, and the old addresses that lead to pages.",
      files: kinds.flatMap((kind) =>
        kind.role === "settings"
          ? [
              {
                name: kind.name,
                label: kind.title,
                file: `content/${kind.file}`,
                fields: objectFields(kind.schema(withoutContext)),
              },
            ]
          : [],
      ),
    },
  ];
  for (const kind of kinds) {
    if (kind.role === "settings") continue;
    collections.push(entriesCollection(kind));
    if (!kind.markdown) continue;
    // Its Markdown entries: a collection of their own, since a CMS collection has one format.
    collections.push({
      name: kind.markdown.collection,
      label: kind.markdown.title,
      label_singular: labelOf(kind.markdown.noun),
      description: kind.markdown.purpose,
      folder: `content/${kind.folder}`,
      extension: "md",
      format: "frontmatter",
      create: true,
      delete: true,
      slug: "{{slug}}",
      identifier_field: "title",
      summary: kind.summary ?? "{{title}}",
      fields: [
        ...objectFields(kind.markdown.schema(withoutContext)),
        {
          name: "body",
          label: "Text",
          widget: "markdown",
          hint: "The page's text. Headings start at level two.",
          required: true,
          ...markdownOptions,
        },
      ],
    });
  }
  return {
    backend: {
      name: "github",
      repo: options.repo,
      branch: options.branch ?? "main",
      ...(options.baseUrl ? { base_url: options.baseUrl } : {}),
      ...(options.authEndpoint ? { auth_endpoint: options.authEndpoint } : {}),
      ...(options.apiRoot ? { api_root: options.apiRoot } : {}),
    },
    // Every edit becomes a pull request, which CI checks before anyone can merge it.
    publish_mode: "editorial_workflow",
    // A new entry's file name is its id, made from its title, and ids are lower-case ASCII letters,
    // digits and hyphens ("Café Wi-Fi, TVs & more?" → "cafe-wi-fi-tvs-more"). Decap's default keeps
    // accented letters, which the content check refuses in a file name. (It keeps "_" either way:
    // the content check names such a file and says what to rename it to.)
    slug: { encoding: "ascii", clean_accents: true, sanitize_replacement: "-" },
    media_folder: "content/images",
    public_folder: "images",
    ...(options.siteUrl ? { site_url: options.siteUrl } : {}),
    collections,
  };
}

/** The CMS's options: where it opens pull requests (repository.ts) and the site's address. */
export function cmsOptions(siteUrl?: string): CmsOptions {
  return { ...cmsRepository(), ...(siteUrl ? { siteUrl } : {}) };
}
