/**
 * A box /admin/ lays over Decap's page outside React, fixed near the bottom of the screen: a notice
 * (`role="alert"`) or a question to the marketer (`role="status"`). Made with its id, its role and the
 * house's look (a rounded box in the page's font, above Decap's own layers); `style` places and
 * colours it.
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
  const look = { position: "fixed", bottom: "1rem", zIndex: "400", padding: "0.75rem 1rem", borderRadius: "6px" };
  Object.assign(region.style, look, { font: "15px/1.4 system-ui, sans-serif" }, style);
  return region;
}
