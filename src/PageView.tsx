import { useEffect } from "react";
import type { PageData } from "../schemas";
import { DraftMark } from "../ui/components/Draft";
import { PreviewTimeNote, ScheduleMark } from "../ui/components/Scheduled";
import { useSite } from "../ui/content/ContentProvider";
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
      <DraftMark draft={page.draft}>Draft page: not on the live site</DraftMark>
      <ScheduleMark item={page} noun="page" />
      <Sections sections={page.sections} />
    </>
  );
}
