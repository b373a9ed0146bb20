/**
 * A button /admin/ adds to Decap's page outside React (a notice's action, a place to show an entry):
 * `type="button"`, its label, the house's look (white, rounded, the page's font), and what `style`
 * adds or changes.
 */
export function domButton(label: string, style: Partial<CSSStyleDeclaration>): HTMLButtonElement {
  const button = document.createElement("button");
  button.type = "button";
  button.textContent = label;
  Object.assign(button.style, { font: "inherit", borderRadius: "4px", background: "#fff", cursor: "pointer" }, style);
  return button;
}
