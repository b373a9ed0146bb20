/**
 * Builds the content context: what exists (collection ids, form ids, page routes, image files) and
 * the services the schemas call (Markdown compiler, image resolver in images.ts). Read from the raw
 * data, so a reference is checked even when the file it points into has a problem of its own.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { classifyPath, noFile, type ContentFacts, type ContentKind, type KindTable } from "../../../schemas/index.ts";
import { createImageResolver, type ImageResolver } from "../images/images.ts";
import type { Loaded } from "./load.ts";
import { createMarkdown } from "./markdown.ts";
import { declaredBy, type Declared, type UnreadableFile } from "./declared.ts";
import { scheduledIn, unshownAt, zoneOf } from "./schedule.ts";

/** What an unreadable file would have been: its kind, id and, for a page, its route if legible. */
function unreadableFile(contentDir: string, rel: string, kinds: KindTable): { kind: ContentKind; name: string; route?: string } | undefined {
  const found = classifyPath(rel.replace(/\.yml$/, ".yaml"), kinds);
  if (found === undefined || typeof found === "string") return undefined;
  const { kind, name } = found;
  // An entry that cannot be read still has its id: its file name.
  if (kind.role !== "page") return { kind, name };
  let text = "";
  try {
    text = readFileSync(join(contentDir, rel), "utf8");
  } catch {
    // Gone since it was listed: its route is unknown.
  }
  // A route is a path of letters, digits and hyphens: whatever follows is part of the mistake.
  return { kind, name, route: /^route:[ \t]*["']?(\/[\w/-]*)/m.exec(text)?.[1] };
}

/**
 * What the context is made of, as plain data: the ids, routes, anchors, drafts and redirects the
 * files declare, the site settings (for the {{tokens}}) and the pictures. A worker thread (workers.ts)
 * makes the same context from it.
 */
export interface ContextInputs extends Declared {
  contentDir: string;
  /** A page could not be read and its route not read off its text: no route is known. */
  routesUnknown: boolean;
  /** What is not shown at the build's time (schedule.ts `unshownAt`): changes only when a window opens or closes. */
  unshown: { routes: Record<string, string>; items: string[] };
  images: string[];
}

/** The inputs of the context of `loaded` at the build's time `now` (ms). */
export function contextInputs(contentDir: string, loaded: Loaded, kinds: KindTable, now: number): ContextInputs {
  // What depends on a file that cannot be read is not checked: its own problem comes first, and
  // whatever else would be said is a consequence. An entry's id is its file name; a page's route,
  // when it can be read off its text, is known, and otherwise no route is.
  const unreadable: UnreadableFile[] = [];
  let routesKnown = true;
  for (const rel of loaded.unreadable) {
    const file = unreadableFile(contentDir, rel, kinds);
    if (file?.kind.role === "page" && !file.route) routesKnown = false;
    else if (file) unreadable.push({ kind: file.kind.name, name: file.name, route: file.route });
  }
  const declared = declaredBy(loaded.files, kinds, unreadable);
  const zone = zoneOf(loaded.files);
  const unshown = unshownAt(scheduledIn(loaded.files, zone, kinds), now, zone);
  return { ...declared, contentDir, routesUnknown: !routesKnown, unshown, images: loaded.images };
}

/** The context from its inputs: with the services the schemas call (Markdown, pictures). */
export function contextFrom(inputs: ContextInputs): { context: ContentFacts; images: ImageResolver } {
  const { contentDir, ids, routes, routesUnknown, anchors, drafts, redirects, tokens, notFoundRoute, timeZone, unshown, listings } = inputs;
  const images = createImageResolver(contentDir, inputs.images);
  const markdown = createMarkdown({ tokens, routes: routesUnknown ? undefined : routes, anchors, drafts, unshown: unshown.routes });
  return {
    context: {
      known: true,
      ids,
      routes,
      routesUnknown,
      anchors,
      resolveImage: images.resolveImage,
      markdown,
      drafts,
      redirects: redirects ?? [],
      notFoundRoute,
      timeZone,
      unshown,
      listings,
      file: noFile(),
    },
    images,
  };
}
