/**
 * The preview of an entry of a kind with pages (a help guide, a case study): its page and its card on
 * the listings, made by the pipeline's own stage (scripts/content/stages/entry-pages.ts) from the
 * edited entry and the rest of the site as last built, so the site's renderers draw them as they will
 * be. A draft is shown as it will be once published; an unlisted entry's card as it would be if listed
 * (it is on no listing). Runs in the browser.
 */
import {
  contentKinds,
  entryAddress,
  pagesKinds,
  type Collections,
  type EntryCard,
  type PagesKind,
  type PageData,
  type Section,
  type AppContent,
  type EntryCards,
} from "../../schemas/index.ts";
import { entryPages } from "../../scripts/content/stages/entry-pages.ts";
import type { Content } from "../../scripts/content/stages/validate.ts";

/** The site around the entry: as last built (admin/editor/site-as-built.ts). */
type Around = AppContent & { pages: PageData[] };

/** The view of the entry's card: a page of its own, with the card alone in the kind's listing section. */
export interface CardView {
  route: string;
  page: PageData;
  entries: EntryCards;
}

/** What the preview shows for the entry: the site with its page made again, at its address. */
export interface EntryPreview {
  collections: Collections;
  entries: EntryCards;
  pages: PageData[];
  route: string;
  card?: CardView;
}

/** The address of the preview's page that shows the entry's card alone. */
export const cardRoute = "/preview-of-a-card";

/** The kind with pages that `collection` is, if it is one. */
export const pagesKindOf = (collection: string): PagesKind | undefined =>
  pagesKinds(contentKinds).find((kind) => kind.name === collection);

function made(built: Around, collections: Collections) {
  const content = { settings: { site: built.site }, pages: [], collections, forms: built.forms } as unknown as Content;
  return entryPages(content, contentKinds);
}

/** The page that shows `card` alone, in a section listing its kind. */
function cardPage(kind: PagesKind, heading: string): PageData {
  const section = { type: "entries", heading, kind: kind.name, count: 1, draft: false, background: "plain" };
  return {
    route: cardRoute,
    title: heading,
    description: heading,
    draft: false,
    landing: false,
    index: false,
    sections: [section as unknown as Section],
  };
}

/**
 * The entry `value` (checked by its schema) of `kind`, in place of its built version: the site with
 * its page, its listings and its card made again, at the entry's address; `card` the view of its card
 * (none when the pipeline makes no card of it).
 */
export function previewEntryPage(
  kind: PagesKind,
  value: Record<string, unknown> & { id: string },
  built: Around,
): EntryPreview | { problems: string[] } {
  const all = built.collections as unknown as Record<string, { id: string }[]>;
  const others = (all[kind.name] ?? []).filter((e) => e.id !== value.id);
  const shown = { ...value, draft: false };
  const collections = { ...built.collections, [kind.name]: [...others, shown] } as Collections;
  const { pages, cards } = made(built, collections);
  const route = entryAddress(kind.address, value.id);
  if (!pages.some((page) => page.route === route)) return { problems: ["this entry has no page yet"] };
  const listed = value.unlisted
    ? made(built, { ...collections, [kind.name]: [...others, { ...shown, unlisted: false }] } as Collections).cards
    : cards;
  const card: EntryCard | undefined = listed[kind.name]?.find((c) => c.id === value.id);
  const ours = new Set(pages.map((page) => page.route));
  return {
    collections,
    entries: cards,
    pages: [...pages, ...built.pages.filter((page) => !ours.has(page.route))],
    route,
    ...(card
      ? {
          card: {
            route: cardRoute,
            page: cardPage(
              kind,
              value.unlisted ? "Its card, were it listed (unlisted: on no listing)" : "Its card on the listings",
            ),
            entries: { ...cards, [kind.name]: [card] },
          },
        }
      : {}),
  };
}

/**
 * `content` with its entry pages made again from its collections: after the preview marks each value
 * to its field (admin/inspect/sources.ts marks the entries, not the pages made of them), so a click on
 * the entry's page goes to the field.
 */
export function withEntryPagesRemade<T extends Around>(content: T): T {
  const { pages } = made(content, content.collections);
  const ours = new Map(pages.map((page) => [page.route, page]));
  return { ...content, pages: content.pages.map((page) => ours.get(page.route) ?? page) };
}
