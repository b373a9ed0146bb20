import { useEffect } from "react";
import type { PageData } from "../schemas";
import { DraftMark } from "../ui/components/Draft";
import { PreviewTimeNote, ScheduleMark } from "../ui/components/Scheduled";
import { useSite } from "../ui/content/ContentProvider";
import { EntryView } from "./entries/EntryView";
import { ListingView } from "./entries/ListingView";
import { Sections } from "./sections/SectionView";

/** The document title a page gets from the site's title template. */
export function pageTitle(template: string, page: PageData): string {
  return template.replace("%s", page.title);
}

export function PageView({ page }: { page: PageData }) {
  const { seo } = useSite();
  useEffect(() => {
    document.title = pageTitle(seo.titleTemplate, page);
    document.querySelector('meta[name="description"]')?.setAttribute("content", page.description);
  }, [page, seo.titleTemplate]);
  return (
    <>
      <PreviewTimeNote />
      {!page.entry && <DraftMark draft={page.draft}>Draft page: not on the live site</DraftMark>}
      <ScheduleMark item={page} noun="page" />
      {/* A page a kind with pages made (scripts/content/stages/entry-pages.ts): an entry's, or a listing's. */}
      {page.entry ? (
        <EntryView entry={page.entry} />
      ) : page.listing ? (
        <ListingView listing={page.listing} />
      ) : (
        <Sections sections={page.sections} />
      )}
    </>
  );
}
