/**
 * The content the app renders, from the generated modules in production and from fixture folders in
 * tests. Section renderers read collections and forms through these hooks, never through imports.
 */
import { createContext, use, useContext, type ReactNode } from "react";
import type { AppContent, CollectionName, Collections, Form, PageData, Site } from "../../schemas";
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

/** The entries of a collection with these ids, in the order given (the pipeline checked they exist). */
export function useEntries<C extends CollectionName>(name: C, ids: readonly string[]): Collections[C] {
  const all = useContent().collections[name] as Collections[C];
  return ids.map((id) => {
    const entry = all.find((candidate) => candidate.id === id);
    if (!entry) throw new Error(`no ${name} entry "${id}"`);
    return entry;
  }) as Collections[C];
}

export function useForm(id: string): Form {
  const form = useContent().forms[id];
  if (!form) throw new Error(`no form "${id}"`);
  return form;
}
