import { useEffect, useRef } from "react";
import { useNavigate } from "react-router-dom";
import type { Html } from "../../schemas";
import { htmlWithBase, withoutBase } from "../base";

/**
 * HTML compiled from Markdown and sanitised at build time (the only HTML the app renders). Links to
 * pages of the site navigate inside the app instead of reloading the page.
 */
export function Markdown({ html, className }: { html: Html; className?: string }) {
  const navigate = useNavigate();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    // Delegated from the real links inside, which keyboard users activate as usual.
    const onClick = (event: MouseEvent) => {
      const href = (event.target as Element).closest("a")?.getAttribute("href");
      if (!href?.startsWith("/") || event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      navigate(withoutBase(href));
    };
    element.addEventListener("click", onClick);
    return () => element.removeEventListener("click", onClick);
  }, [navigate]);
  return (
    <div
      ref={ref}
      className={className ? `prose ${className}` : "prose"}
      dangerouslySetInnerHTML={{ __html: htmlWithBase(html) }}
    />
  );
}
