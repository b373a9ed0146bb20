/** The tag over a value of the preview on hover or focus: its field's name, and what a click does. */
import { placeNear } from "./look.ts";

export class FieldTag {
  private readonly tag: HTMLElement;

  constructor(doc: Document) {
    this.tag = doc.createElement("div");
    this.tag.id = "cms-field-tag";
    this.tag.hidden = true;
    doc.body.append(this.tag);
  }

  show(element: Element, name: string, hint: string) {
    const doc = this.tag.ownerDocument;
    this.tag.replaceChildren(name, Object.assign(doc.createElement("small"), { textContent: hint }));
    this.tag.hidden = false;
    placeNear(this.tag, element);
  }

  hide() {
    this.tag.hidden = true;
  }

  remove() {
    this.tag.remove();
  }
}
