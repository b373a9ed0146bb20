/**
 * The fields of the form on screen (the check's wrappers around Decap's controls, checks.tsx), kept
 * while they are mounted: so that a list knows which of its items' problems a field shows, and so
 * that the preview (inspect/around.ts) and the notice (notice.ts) find a field by its path.
 */
import { fieldPath } from "../editor/check.ts";
import type { ControlProps } from "../decap/decap.ts";
import type { Path } from "./paths.ts";
import { fieldBoxOf, labelOfControl } from "../decap/dom.ts";

/** What the check at the field treats a widget as. */
export type Kind = "object" | "list" | "leaf";

/** A field on screen. */
export interface FieldOnScreen {
  path(): Path | null;
  kindOf: Kind;
  props: ControlProps;
  /** Says at the field what the check finds there now, as on a save, without the notice of one. */
  mark?(): void;
}

const mounted = new Set<FieldOnScreen>();
let whenShown: (() => void) | undefined;
export function shown(field: FieldOnScreen) {
  mounted.add(field);
  if (whenShown) window.requestAnimationFrame(() => whenShown?.());
}

/**
 * Once the form is drawn anew (a restored version, history/): each field says what the check finds at
 * it. Asked before the fields mount; done at the frame after they do.
 */
export function markWhenShown() {
  whenShown = () => {
    whenShown = undefined;
    for (const field of mounted) field.mark?.();
  };
}
export const gone = (field: FieldOnScreen) => mounted.delete(field);

/** The label and the box of a field on screen (Decap's: its label names the control's id; the box holds both). */
function partsOfField(field: FieldOnScreen): { label: HTMLElement; box: HTMLElement } | undefined {
  const id = field.props.forID;
  const label = id ? labelOfControl(id) : null;
  if (!label) return undefined;
  return { label, box: fieldBoxOf(label) ?? label.parentElement ?? label };
}

/**
 * The field of the entry being edited at `path`, as the form shows it: its label (to go to it, notice.ts's
 * `goTo`) and a way to change its value as typing in it would (a leaf only). Undefined when the form has no
 * such field on screen.
 */
export function fieldInForm(path: Path): { label: HTMLElement; change?: (value: string) => void } | undefined {
  const here = fieldPath(path);
  for (const field of mounted) {
    const at = field.path();
    if (!at || fieldPath(at) !== here) continue;
    const parts = partsOfField(field);
    if (!parts) continue;
    return {
      label: parts.label,
      ...(field.kindOf === "leaf" ? { change: (value: string) => field.props.onChange(value) } : {}),
    };
  }
  return undefined;
}

/** The path of the innermost field of the form that holds `element` (where the cursor is), if any. */
export function fieldHolding(element: Element): Path | undefined {
  let best: { path: Path; box: HTMLElement } | undefined;
  for (const field of mounted) {
    const parts = partsOfField(field);
    if (!parts?.box.contains(element) || (best && !best.box.contains(parts.box))) continue;
    const path = field.path();
    if (path) best = { path, box: parts.box };
  }
  return best?.path;
}

/** True when a field inside `list`'s items shows the problem at `field` itself. */
export function claimed(field: string, list: FieldOnScreen): boolean {
  for (const other of mounted) {
    if (other === list) continue;
    const path = other.path();
    if (!path) continue;
    const there = fieldPath(path);
    if (
      field === there ||
      (other.kindOf === "leaf" && (field.startsWith(`${there}.`) || field.startsWith(`${there}[`)))
    )
      return true;
  }
  return false;
}
