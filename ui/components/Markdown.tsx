import { useEffect, useRef } from "react";
import type { Html } from "../../schemas";
import { htmlWithBase, withoutBase } from "../base";
import { useNavigation } from "../navigation";

/**
 * HTML compiled from Markdown and sanitised at build time (the only HTML the app renders). In the app
 * (a router above it), links to pages of the site navigate inside the app instead of reloading the
 * page; on the live site they are plain links.
 */
export function Markdown({ html, className }: { html: Html; className?: string }) {
  const navigate = useNavigation();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element || !navigate) return;
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
