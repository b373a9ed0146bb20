/**
 * A box /admin/ lays over Decap's page outside React: a notice (`role="alert"`) or a question to the
 * marketer (`role="status"`). Made with its id, its role and the house's look (a rounded box in the
 * page's font); `style` colours it, and places it when it is not in the corner (corner.ts).
 */
export function floatingRegion<K extends "div" | "section">(
  tag: K,
  id: string,
  role: "alert" | "status",
  style: Partial<CSSStyleDeclaration>,
): HTMLElementTagNameMap[K] {
  const region = document.createElement(tag);
  region.id = id;
  region.setAttribute("role", role);
  Object.assign(
    region.style,
    { padding: "0.75rem 1rem", borderRadius: "6px", font: "15px/1.4 system-ui, sans-serif" },
    style,
  );
  return region;
}
