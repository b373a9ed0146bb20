/**
 * The content the app renders, from the generated modules in production and from fixture folders in
 * tests. Section renderers read collections and forms through these hooks, never through imports.
 */
import { createContext, use, useContext, type ReactNode } from "react";
import type { AppContent, CollectionName, Collections, Entry, Form, PageData, Reference, Site } from "../../schemas";
import { useShownAt } from "../components/Scheduled";
import type { PageStore } from "./pages";

/** All the content the app renders: what the table of kinds gives the app (schemas/kinds.ts), and the pages. */
export type SiteContent = AppContent & { pages: PageStore };

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

export function useSite(): Site {
  return useContent().site;
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
  const entries = references.map((reference) => entryOf(collections, reference));
  return shown ? entries.filter(shown) : entries;
}

/** The entry a reference names, or none when there is no reference (or, at a preview's chosen time, it is not shown then). */
export function useEntry<C extends CollectionName>(reference: Reference<C> | undefined): Entry<C> | undefined {
  const { collections } = useContent();
  const shown = useShownAt();
  const entry = reference && entryOf(collections, reference);
  return entry && shown && !shown(entry) ? undefined : entry;
}

export function useForm(reference: Reference<"forms">): Form {
  const form = useContent().forms[reference.id];
  if (!form) throw new Error(`no form "${reference.id}"`);
  return form;
}
