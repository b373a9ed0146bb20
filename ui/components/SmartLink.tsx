import type { ReactNode } from "react";
import { Link, NavLink } from "react-router-dom";
import { useSite } from "../content/ContentProvider";

/** The `href` for a content link target: a route, an anchor, an https address, "phone" or "email". */
export function useHref(to: string): string {
  const site = useSite();
  if (to === "phone") return `tel:${site.contact.phone.e164}`;
  if (to === "email") return `mailto:${site.contact.email}`;
  return to;
}

/**
 * Every link content describes (sections, header, footer): routes go through the router, the rest
 * are plain links. `nav` marks the link to the current page (aria-current), for navigation menus.
 */
export function SmartLink({
  to,
  className,
  children,
  nav = false,
}: {
  to: string;
  className?: string;
  children: ReactNode;
  nav?: boolean;
}) {
  const href = useHref(to);
  if (href.startsWith("/") && nav) {
    return (
      <NavLink to={href} end className={className}>
        {children}
      </NavLink>
    );
  }
  if (href.startsWith("/")) {
    return (
      <Link to={href} className={className}>
        {children}
      </Link>
    );
  }
  return (
    <a href={href} className={className}>
      {children}
    </a>
  );
}
