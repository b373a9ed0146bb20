/**
 * /admin/'s widgets in Decap: each of Decap's own wrapped with the check at the field (checks.tsx),
 * the image control with pictures from any folder (pictures.tsx), lists with move up / move down
 * (order.tsx) or as lists of chosen entries (references.tsx); a toggle and a select showing their
 * default when the file leaves them out; and our own focus point and icon pickers.
 */
import {
  fieldOf,
  registerControl,
  registerWidget,
  widgetNamed,
  type Control,
  type ControlProps,
} from "../decap/decap.ts";
import { withChecks } from "./checks.tsx";
import { IconControl } from "./icons.tsx";
import { ListOrder } from "./order.tsx";
import { FocusControl } from "./focus.tsx";
import { withPictures } from "./pictures.tsx";
import { withReferences } from "./references.tsx";
import { ownWidgets, type WidgetName } from "../decap/widget-packages.ts";

/** Decap's widgets (those admin/decap/cms.ts registers), by what the check at the field treats them as. */
const decapWidgets = [
  ["string", "leaf"],
  ["number", "leaf"],
  ["boolean", "leaf"],
  ["select", "leaf"],
  ["relation", "leaf"],
  ["datetime", "leaf"],
  ["markdown", "leaf"],
  ["image", "leaf"],
  ["object", "object"],
  ["list", "list"],
] as const satisfies readonly (readonly [WidgetName, string])[];

/** Our own widgets, by their names in admin/decap/widget-packages.ts (the configuration's test reads them there). */
const own: Record<(typeof ownWidgets)[number], Control> = { focus: FocusControl, icon: IconControl };

/**
 * A toggle shows what the site does when the file leaves the field out: its default. Decap shows a
 * missing value as off, so a page that search engines may list (`index` left out, true by default)
 * would read "off". Nothing is written until someone flips it.
 */
function showDefaultWhenMissing(widget: string) {
  // (A select too: a section's background reads "plain" when the file leaves it out.)
  const registered = widgetNamed(widget);
  if (!registered) return;
  const Control = registered.control;
  registerControl(
    widget,
    (props: ControlProps) => <Control {...props} value={props.value ?? fieldOf(props.field).default} />,
    registered.preview,
  );
}

export function registerWidgets() {
  showDefaultWhenMissing("boolean");
  showDefaultWhenMissing("select");
  for (const [name, kind] of decapWidgets) {
    const registered = widgetNamed(name);
    if (!registered) continue;
    const control =
      name === "image"
        ? withPictures(registered.control)
        : name === "list"
          ? withReferences(registered.control)
          : registered.control;
    const extra = name === "list" ? (props: ControlProps) => <ListOrder {...props} /> : undefined;
    registerWidget(name, registered, withChecks(control, kind, extra));
  }
  for (const name of ownWidgets) registerControl(name, withChecks(own[name], "leaf"));
}
