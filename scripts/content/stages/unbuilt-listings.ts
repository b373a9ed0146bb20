/**
 * Links to a listing this build does not make. A kind's index ("/guides"), a tag's or an author's is
 * made only when it lists an entry (entry-pages.ts: no empty page is built), so while none of its
 * entries is shown (each has a "Show from" still to come, or is unlisted) a link to it would lead
 * nowhere: that link (site.yaml's navigation and footer, a section's button) is left out, as a link to
 * a page not shown is (schedule.ts `shownAt`), and comes back with the build that shows the first
 * entry (npm start's schedule rebuilds then). A link to an address no kind could make is not this
 * file's: validation refuses it before.
 */
import { linkedRoute, listingAddress, pagesKinds, withoutItems, type KindTable, type PageData } from "../../../schemas/index.ts";
import type { Content } from "./validate.ts";

const trimmed = (route: string) => (route.length > 1 ? route.replace(/\/+$/, "") : route);

/** The content without its links to the kinds' listings that `made` (the entry pages of this build) lacks. */
export function withoutUnbuiltListings(content: Content, made: readonly PageData[], kinds: KindTable): Content {
  const built = new Set([...made, ...content.pages.map(({ page }) => page)].map((page) => trimmed(page.route)));
  const listings = pagesKinds(kinds).map((kind) => listingAddress(kind.address));
  const unbuilt = (route: string) =>
    !built.has(trimmed(route)) && listings.some((first) => route === first || route.startsWith(`${first}/`));
  const gone = (item: unknown) => {
    const route = linkedRoute(item);
    return route !== undefined && unbuilt(route);
  };
  const strip = <T>(value: T): T => withoutItems(value, gone) as T;
  const site = content.settings.site;
  return {
    ...content,
    settings: site ? { ...content.settings, site: strip(site) } : content.settings,
    pages: content.pages.map(({ file, page }) => ({ file, page: { ...page, sections: strip(page.sections) } })),
  };
}
