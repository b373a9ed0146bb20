/**
 * The content the app renders, from the generated modules in production and from fixture folders in
 * tests. Section renderers read collections and forms through these hooks, never through imports.
 */
import { createContext, use, useContext, type ReactNode } from "react";
import type { AppContent, CollectionName, Collections, Entry, Form, PageData, Reference, Site } from "../../schemas";
import { linkedRoute, withoutItems, type PageWindow } from "../../schemas/links";
import { useShownAt } from "../components/Scheduled";
import type { PageStore } from "./pages";

/**
 * All the content the app renders: what the table of kinds gives the app (schemas/kinds.ts), and the
 * pages; the previews also give the windows of the pages that have one, by route (the generated
 * index's `pageWindows`), so that at a chosen time links to pages not shown then are left out.
 */
export type SiteContent = AppContent & { pages: PageStore; pageWindows?: Readonly<Record<string, PageWindow>> };

const ContentContext = createContext<SiteContent | null>(null);

export function ContentProvider({ content, children }: { content: SiteContent; children: ReactNode }) {
  return <ContentContext value={content}>{children}</ContentContext>;
}

export function useContent(): SiteContent {
  const content = useContext(ContentContext);
  if (!content) throw new Error("useContent() needs a <ContentProvider> above it");
  return content;
}

/** A page's content; suspends while its module loads (a navigation keeps the old page meanwhile). */
export function usePage(route: string): PageData {
  return use(useContent().pages.get(route));
}

/** The site's settings; at a preview's chosen time, without its links to pages not shown then (navigation, footer). */
export function useSite(): Site {
  return useShownLinks()(useContent().site);
}

const keep = <T,>(value: T): T => value;

/**
 * At a preview's chosen time, what leaves out of a value its links to pages not shown then, as the
 * build at that time does (schemas/links.ts: the same rule); otherwise, and in the built site, what
 * keeps it as it is. Chosen once, by the build, as `useShownAt`: the built site's bundle drops the other.
 */
export const useShownLinks: () => <T>(value: T) => T =
  import.meta.env.MODE !== "production" ? useShownLinksChosenTime : () => keep;

function useShownLinksChosenTime(): <T>(value: T) => T {
  const shown = useShownAt();
  const windows = useContent().pageWindows;
  if (!shown || !windows) return keep;
  const hidden = new Set(Object.keys(windows).filter((route) => !shown(windows[route])));
  if (hidden.size === 0) return keep;
  return <T,>(value: T) => withoutItems(value, (item) => hidden.has(linkedRoute(item) ?? "")) as T;
}

/** The entry a reference names: each reference carries its collection, so none is named again. */
export function entryOf<C extends CollectionName>(collections: Collections, reference: Reference<C>): Entry<C> {
  const entry = (collections[reference.kind] as Entry<C>[]).find((candidate) => candidate.id === reference.id);
  if (!entry) throw new Error(`no ${reference.kind} entry "${reference.id}"`);
  return entry;
}

/**
 * The entries these references name, in the order given (the pipeline checked they exist); in a
 * preview at a chosen time, only those shown then, as the build at that time lists them.
 */
export function useEntries<C extends CollectionName>(references: readonly Reference<C>[]): Entry<C>[] {
  const { collections } = useContent();
  const shown = useShownAt();
  const links = useShownLinks();
  const entries = references.map((reference) => entryOf(collections, reference));
  return shown ? entries.filter(shown).map(links) : entries;
}

/** The entry a reference names, or none when there is no reference (or, at a preview's chosen time, it is not shown then). */
export function useEntry<C extends CollectionName>(reference: Reference<C> | undefined): Entry<C> | undefined {
  const { collections } = useContent();
  const shown = useShownAt();
  const links = useShownLinks();
  const entry = reference && entryOf(collections, reference);
  if (!entry || !shown) return entry;
  return shown(entry) ? links(entry) : undefined;
}

export function useForm(reference: Reference<"forms">): Form {
  const form = useContent().forms[reference.id];
  if (!form) throw new Error(`no form "${reference.id}"`);
  return form;
}
