/** Move up / move down for every list, with the keyboard, as well as Decap's dragging. */
import { useRef, useState } from "react";
import type { CmsField } from "../../scripts/cms/types.ts";
import { fieldOf, itemsOf, listOf, plainOf, summaryOf, type ControlProps } from "../decap/decap.ts";
import { storedTitle } from "../editor/content-cache.ts";
import { isReferenceList, MoveButtons, useMoveGuard } from "./rows.tsx";
import { visuallyHidden } from "./style.ts";

/** The words of a list's item (`item` as Decap has it). */
function summary(field: CmsField, item: unknown, index: number): string {
  const single = field.field;
  if (single) {
    const text = String(item ?? "");
    const collection = single.collection;
    return (collection && storedTitle(collection, text)) || text || `${single.label} ${index + 1}`;
  }
  const data = plainOf(item);
  if (data === null || typeof data !== "object") return String(item ?? `Item ${index + 1}`);
  const values = data as Record<string, unknown>;
  // A section: the words of its row in Decap's list (its type's summary, scripts/cms/fields.ts).
  const template = field.types?.find((t) => t.name === values.type)?.summary;
  if (typeof template === "string") return summaryOf(template, item) || `Item ${index + 1}`;
  const firstText = Object.entries(values).find(([k, v]) => k !== "type" && typeof v === "string" && v.trim())?.[1];
  const text = values.heading ?? values.label ?? values.title ?? values.name ?? firstText;
  return text ? String(text) : `Item ${index + 1}`;
}

/** Keys for a list's rows that follow each row as it moves: its name, and which of that name it is. */
function rowKeys(names: string[]): string[] {
  return names.map((name, i) => `${name}#${names.slice(0, i).filter((n) => n === name).length}`);
}

/** Move up / move down for each item: buttons, so no dragging is needed (WCAG 2.5.7). */
export function ListOrder(props: ControlProps) {
  const root = useRef<HTMLOListElement>(null);
  const [said, setSaid] = useState("");
  const allowed = useMoveGuard();
  const field = fieldOf(props.field);
  if (isReferenceList(field)) return null;
  const items = itemsOf(props.value);
  if (!items || items.length < 2) return null;
  const label = String(field.label);
  const names = items.map((item, i) => summary(field, item, i));
  const keys = rowKeys(names);
  const move = (from: number, to: number) => {
    const next = [...items];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item);
    props.onChange(listOf(next));
    const direction = to < from ? "up" : "down";
    setSaid(`“${names[from]}” moved ${direction}: ${to + 1} of ${items.length}.`);
    // The focus stays on the moved row's button (the other one at either end, where this one is disabled).
    window.requestAnimationFrame(() => {
      const row = root.current?.querySelector(`[data-row="${to}"]`);
      const same = row?.querySelector<HTMLButtonElement>(`[data-move="${direction}"]`);
      const other = row?.querySelector<HTMLButtonElement>(`[data-move="${direction === "up" ? "down" : "up"}"]`);
      (same && !same.disabled ? same : other)?.focus();
    });
  };
  return (
    <details
      className="cms-order"
      style={{ margin: "0.5rem 0 0.75rem", font: "14px/1.4 system-ui, sans-serif", color: "#1e2532" }}
    >
      <summary style={{ cursor: "pointer" }}>Change the order of {label.toLowerCase()} (move up / move down)</summary>
      <ol
        ref={root}
        aria-label={`Order of ${label.toLowerCase()}`}
        style={{ margin: "0.5rem 0", paddingLeft: "1.5rem" }}
      >
        {names.map((name, i) => (
          <li
            key={keys[i]}
            data-row={i}
            style={{ display: "flex", gap: "0.5rem", alignItems: "center", margin: "0.25rem 0" }}
          >
            <span style={{ flex: 1 }}>{name}</span>
            <MoveButtons name={name} at={i} count={items.length} row={keys[i]!} allowed={allowed} move={move} />
          </li>
        ))}
      </ol>
      <span role="status" style={visuallyHidden}>
        {said}
      </span>
    </details>
  );
}
