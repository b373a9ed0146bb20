/**
 * What /admin/ assumes of the page Decap draws (its DOM and its styles, which it publishes as no API;
 * internals.ts lists each): read here only, so that an upgrade of Decap that changes one is caught by
 * its contract (tests/cms/decap-door.spec.ts) and mended in one place.
 */
import "./decap.css";

/** Decap's root element: hidden while a screen of /admin/'s own shows (screens/own-page.tsx). */
export const decapRoot = (): HTMLElement | null => document.getElementById("nc-root");

/** True once Decap has drawn a screen with a button in its root (its login screen: the button to log in). */
export const decapButtonShown = (): boolean => decapRoot()?.querySelector("button") != null;

/** True while Decap's editor shows its preview pane (the editor is open and drawn). */
export const previewPaneShown = (): boolean => document.getElementById("preview-pane") !== null;

/** A field's label: Decap's label names its control's id (`for`), the id Decap hands the control as `forID`. */
export const labelOfControl = (id: string): HTMLElement | null =>
  document.querySelector<HTMLElement>(`label[for="${CSS.escape(id)}"]`);

/** The box of the field `element` is in: Decap labels each field's box "<name> field". */
export const fieldBoxOf = (element: Element): HTMLElement | null =>
  element.closest<HTMLElement>('[aria-label$=" field"]');

/**
 * Opens the closed list items around `element`: a closed item of Decap's list hides its fields
 * (display: none), and its top bar (two elements before them) opens it with its first button.
 */
export function openItemsAround(element: HTMLElement): void {
  for (let node: HTMLElement | null = element; node; node = node.parentElement) {
    if (getComputedStyle(node).display !== "none") continue;
    const bar = node.previousElementSibling?.previousElementSibling;
    bar?.querySelector<HTMLButtonElement>("button")?.click();
  }
}

/**
 * The height of Decap's editor toolbar (66 px in Decap 3, on its layer 300), in px: what stands below
 * it keeps Publish and its menu in reach. Also the CSS variable `--decap-toolbar-height` (decap.css).
 */
export const TOOLBAR_HEIGHT = 66;
