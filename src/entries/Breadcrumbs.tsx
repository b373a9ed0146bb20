import type { Crumb } from "../../schemas";
import { SmartLink } from "../../ui/components/SmartLink";

/** Where a page is: the home page, its kind's listing, the page itself (the current one, not a link). */
export function Breadcrumbs({ crumbs, label }: { crumbs: readonly Crumb[]; label: string }) {
  return (
    <nav aria-label={label} className="breadcrumbs">
      <ol>
        {crumbs.map((crumb, index) =>
          index === crumbs.length - 1 ? (
            <li key={crumb.url} aria-current="page">
              {crumb.label}
            </li>
          ) : (
            <li key={crumb.url}>
              <SmartLink to={crumb.url}>{crumb.label}</SmartLink>
            </li>
          ),
        )}
      </ol>
    </nav>
  );
}
