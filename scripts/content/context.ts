/**
 * Builds the content context: what exists (collection ids, form ids, page routes, image files) and
 * the services the schemas call (Markdown compiler, image resolver in images.ts). Read from the raw
 * data, so a reference is checked even when the file it points into has a problem of its own.
 */
import { collectionNames, type ContentContext } from "../../schemas/index.ts";
import { createImageResolver, type ImageResolver } from "./images.ts";
import type { Loaded } from "./load.ts";
import { createMarkdown } from "./markdown.ts";

function record(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function str(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}

/** {{tokens}} that Markdown may use, from the site settings: the one place these are written. */
function tokensFrom(siteData: unknown): Record<string, string> {
  const site = record(siteData);
  const company = record(site.company);
  const contact = record(site.contact);
  const phone = record(contact.phone);
  const address = record(contact.address);
  const tokens: Record<string, string | undefined> = {
    company: str(company.name),
    phone: str(phone.display),
    "phone.e164": str(phone.e164),
    email: str(contact.email),
    hours: str(contact.hours),
    address: [address.street, address.city, [address.region, address.postalCode].filter(Boolean).join(" ")]
      .filter((part) => typeof part === "string" && part)
      .join(", "),
  };
  return Object.fromEntries(Object.entries(tokens).filter((entry): entry is [string, string] => Boolean(entry[1])));
}

export function buildContext(contentDir: string, loaded: Loaded): { context: ContentContext; images: ImageResolver } {
  const ids: Record<string, string[]> = { forms: [] };
  const drafts = { ids: {} as Record<string, string[]>, routes: [] as string[], anchors: {} as Record<string, string[]> };
  const anchors: Record<string, string[]> = {};
  // A collection that could not be parsed has unknown ids: references into it are not checked.
  for (const name of collectionNames) if (!loaded.unreadable.includes(`collections/${name}.yaml`)) ids[name] = [];
  const routes: string[] = [];
  let siteData: unknown;
  for (const file of loaded.files) {
    if (file.kind === "collection" && Array.isArray(file.data)) {
      ids[file.name] = file.data.map((entry) => str(record(entry).id)).filter((id): id is string => Boolean(id));
      drafts.ids[file.name] = file.data
        .filter((entry) => record(entry).draft === true)
        .map((entry) => str(record(entry).id))
        .filter((id): id is string => Boolean(id));
    } else if (file.kind === "collection") {
      delete ids[file.name];
    } else if (file.kind === "form") {
      ids.forms!.push(file.name);
    } else if (file.kind === "page" || file.kind === "markdown-page") {
      const route = str(record(file.data).route);
      if (route) routes.push(route);
      if (route && record(file.data).draft === true) drafts.routes.push(route);
      if (route) {
        const sections = Array.isArray(record(file.data).sections) ? (record(file.data).sections as unknown[]) : [];
        for (const section of sections.map(record)) {
          const anchor = str(section.anchor);
          if (!anchor) continue;
          (anchors[route] ??= []).push(anchor);
          if (section.draft === true) (drafts.anchors[route] ??= []).push(anchor);
        }
      }
    } else if (file.kind === "site") {
      siteData = file.data;
    }
  }
  routes.sort();

  const images = createImageResolver(contentDir, loaded.images);
  const markdown = createMarkdown({ tokens: tokensFrom(siteData), routes, anchors, drafts });
  return { context: { ids, routes, anchors, resolveImage: images.resolveImage, markdown, drafts }, images };
}
