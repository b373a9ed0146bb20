import type { Link } from "../../schemas";
import { Icon } from "./Icon";
import { SmartLink } from "./SmartLink";

/** A row of buttons from content links; the first stands out. */
export function Actions({ links }: { links: readonly Link[] }) {
  if (links.length === 0) return null;
  return (
    <div className="actions">
      {links.map((link, index) => (
        <SmartLink
          key={link.label}
          to={link.to}
          className={`button ${index === 0 ? "button--primary" : "button--secondary"}`}
        >
          {link.to === "phone" && <Icon name="phone" />}
          {link.label}
        </SmartLink>
      ))}
    </div>
  );
}
