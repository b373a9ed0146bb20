/**
 * A button /admin/ adds to Decap's page outside React, in one of two looks: `"on alert"`, a white
 * button on the red notice (its action); `"choice"`, an outlined choice in a list (a place to show
 * an entry). `type="button"`, its label, the page's font.
 */
const looks = {
  "on alert": { padding: "0.2rem 0.7rem", border: "2px solid #fff", color: "#a4161a", whiteSpace: "nowrap" },
  choice: { textAlign: "left", padding: "0.3rem 0.7rem", border: "1px solid #1e2532", color: "#1e2532" },
} satisfies Record<string, Partial<CSSStyleDeclaration>>;

export function domButton(label: string, look: keyof typeof looks): HTMLButtonElement {
  const button = document.createElement("button");
  button.type = "button";
  button.textContent = label;
  Object.assign(
    button.style,
    { font: "inherit", borderRadius: "4px", background: "#fff", cursor: "pointer" },
    looks[look],
  );
  return button;
}
