/** What the rows of a list share, whether Decap's list (order.tsx) or a list of chosen entries (references.tsx). */
import { useRef } from "react";
import type { CmsField } from "../../scripts/cms/types.ts";
import { buttonStyle } from "./style.ts";

/** A list whose items each name an entry of a collection (a FAQ section's questions, …). */
export function isReferenceList(field: CmsField): boolean {
  const single = field.field;
  return Boolean(single && single.widget === "relation" && single.collection);
}

/**
 * A click that would move a second row by accident: the pointer has not moved since the last move
 * (within a few pixels, a moment later) but the button under it now belongs to another row, since the
 * rows moved. Pressed from the keyboard (no pointer: `detail` 0), a button always acts.
 */
export function useMoveGuard() {
  const last = useRef<{ x: number; y: number; at: number; row: string } | undefined>(undefined);
  return (event: { detail: number; clientX: number; clientY: number }, row: string): boolean => {
    if (event.detail === 0) return true;
    const before = last.current;
    const now = { x: event.clientX, y: event.clientY, at: Date.now(), row };
    const accident =
      before !== undefined &&
      before.row !== row &&
      Math.abs(before.x - now.x) <= 4 &&
      Math.abs(before.y - now.y) <= 4 &&
      now.at - before.at < 1500;
    if (!accident) last.current = now;
    return !accident;
  };
}

interface MoveProps {
  /** The row's words, as the buttons name it. */
  name: string;
  at: number;
  count: number;
  /** The row, for the guard: a key that follows it as it moves. */
  row: string;
  allowed: ReturnType<typeof useMoveGuard>;
  move(from: number, to: number): void;
}

/** A row's move up and move down (the one that cannot move disabled). */
export function MoveButtons({ name, at, count, row, allowed, move }: MoveProps) {
  return (
    <>
      <button
        type="button"
        data-move="up"
        aria-label={`Move “${name}” up`}
        disabled={at === 0}
        onClick={(e) => allowed(e, row) && move(at, at - 1)}
        style={buttonStyle}
      >
        ↑ Up
      </button>
      <button
        type="button"
        data-move="down"
        aria-label={`Move “${name}” down`}
        disabled={at === count - 1}
        onClick={(e) => allowed(e, row) && move(at, at + 1)}
        style={buttonStyle}
      >
        ↓ Down
      </button>
    </>
  );
}
