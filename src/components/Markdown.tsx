import type { MouseEvent } from "react";
import { useNavigate } from "react-router-dom";
import type { Html } from "../../schemas";

/**
 * HTML compiled from Markdown and sanitised at build time (the only HTML the app renders). Links to
 * pages of the site navigate inside the app instead of reloading.
 */
export function Markdown({ html, className }: { html: Html; className?: string }) {
  const navigate = useNavigate();
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const link = (event.target as Element).closest("a");
    const href = link?.getAttribute("href");
    if (!href?.startsWith("/") || event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(href);
  };
  // The click handler only enhances real links inside; keyboard users activate those links directly.
  // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
  return <div className={className ? `prose ${className}` : "prose"} onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />;
}
