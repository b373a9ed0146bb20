/** A value of another entry (a FAQ question a section lists, the site's phone number): a panel says whose it is and offers to open that entry. */
import { placeNear } from "./look.ts";

export class OpenOffer {
  private panel: HTMLElement | undefined;

  constructor(private readonly doc: Document) {}

  /** Closes the panel, the focus back on `back` when given. */
  close(back?: Element) {
    this.panel?.remove();
    this.panel = undefined;
    (back as HTMLElement | undefined)?.focus();
  }

  /** Closes the panel unless `node` is in it (a click elsewhere). */
  closeUnless(node: Node) {
    if (this.panel && !this.panel.contains(node)) this.close();
  }

  /** Offers, under `element`, what `words` say and a button (`action`) that opens the entry: `go`. */
  show(element: Element, words: string, action: string, go: () => void) {
    this.close();
    const panel = this.doc.createElement("div");
    panel.id = "cms-field-offer";
    panel.setAttribute("role", "dialog");
    panel.setAttribute("aria-label", action);
    const text = this.doc.createElement("p");
    text.textContent = words;
    const yes = Object.assign(this.doc.createElement("button"), { type: "button", textContent: action });
    yes.addEventListener("click", () => {
      this.close();
      go();
    });
    const no = Object.assign(this.doc.createElement("button"), { type: "button", textContent: "Not now" });
    no.addEventListener("click", () => this.close(element));
    panel.addEventListener("keydown", (event) => {
      if (event.key === "Escape") this.close(element);
    });
    panel.append(text, yes, no);
    this.doc.body.append(panel);
    this.panel = panel;
    placeNear(panel, element, true);
    yes.focus();
  }
}
