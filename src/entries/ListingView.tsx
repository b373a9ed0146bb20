import type { ListingPage } from "../../schemas";
import { EntryCards } from "../../ui/components/EntryCards";
import { SmartLink } from "../../ui/components/SmartLink";
import { useSite } from "../../ui/content/ContentProvider";
import { Breadcrumbs } from "./Breadcrumbs";
import "./entries.css";

/** One page of a listing of entries (a kind's, a tag's, an author's): its cards, newest first, and the links to the pages before and after. */
export function ListingView({ listing }: { listing: ListingPage }) {
  const { words } = useSite().entryPages;
  const numbered = listing.pages > 1;
  const pageOf = words.pageOf.replace("%n", String(listing.page)).replace("%total", String(listing.pages));
  return (
    <div className="listing container">
      <Breadcrumbs crumbs={listing.breadcrumbs} label={listing.kindTitle} />
      <h1>
        {listing.heading}
        {listing.page > 1 && ` (${pageOf})`}
      </h1>
      {listing.by.type === "tag" && listing.by.description && (
        <p className="listing__intro">{listing.by.description}</p>
      )}
      {listing.by.type === "author" && <p className="listing__intro">{listing.by.role}</p>}
      <EntryCards cards={listing.entries} level={2} />
      {numbered && (
        <nav aria-label={pageOf} className="listing__pages">
          {listing.prev ? (
            <SmartLink to={listing.prev}>
              <span aria-hidden="true">← </span>
              {words.previous}
            </SmartLink>
          ) : (
            <span />
          )}
          <span>{pageOf}</span>
          {listing.next ? (
            <SmartLink to={listing.next}>
              {words.next}
              <span aria-hidden="true"> →</span>
            </SmartLink>
          ) : (
            <span />
          )}
        </nav>
      )}
    </div>
  );
}
