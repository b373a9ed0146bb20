import type { IconName } from "../../schemas";
// A sprite file, cached by the browser, rather than path data in the JavaScript bundle.
import sprite from "./icons.svg";

/** A line icon from the sprite; its names are schemas' iconNames (tests/components/icons.test.ts). */
export function Icon({ name, className }: { name: IconName; className?: string }) {
  return (
    <svg className={className ?? "icon"} width="24" height="24" aria-hidden="true" focusable="false">
      <use href={`${sprite}#${name}`} />
    </svg>
  );
}
