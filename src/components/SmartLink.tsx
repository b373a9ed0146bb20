import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { useSite } from "../content/ContentProvider";

/** The `href` for a content link target: a route, an anchor, an https address, "phone" or "email". */
export function useHref(to: string): string {
  const site = useSite();
  if (to === "phone") return `tel:${site.contact.phone.e164}`;
  if (to === "email") return `mailto:${site.contact.email}`;
  return to;
}

export function SmartLink({
  to,
  className,
  children,
  onClick,
}: {
  to: string;
  className?: string;
  children: ReactNode;
  onClick?: () => void;
}) {
  const href = useHref(to);
  if (href.startsWith("/")) {
    return (
      <Link to={href} className={className} onClick={onClick}>
        {children}
      </Link>
    );
  }
  return (
    <a href={href} className={className} onClick={onClick}>
      {children}
    </a>
  );
}
