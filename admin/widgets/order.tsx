/** Move up / move down for every list, with the keyboard, as well as Decap's dragging. */
/* eslint-disable @typescript-eslint/no-explicit-any -- Decap hands widgets Immutable values and untyped props. */
import { useRef, useState } from "react";
import { stringTemplate } from "decap-cms-lib-widgets";
import { List } from "immutable";
import { isReferenceList, storedTitle, useMoveGuard } from "./rows.ts";
import { buttonStyle, visuallyHidden, type Props } from "./style.ts";

function summary(field: any, item: any, index: number): string {
  const single = field.get("field");
  if (single) {
    const text = String(item ?? "");
    const collection = single.get("collection");
    return (collection && storedTitle(collection, text)) || text || `${single.get("label")} ${index + 1}`;
  }
  if (!item?.get) return String(item ?? `Item ${index + 1}`);
  // A section: the words of its row in Decap's list (its type's summary, scripts/cms/config.ts).
  const template = field
    .get("types")
    ?.find((t: any) => t.get("name") === item.get("type"))
    ?.get("summary");
  if (typeof template === "string")
    return stringTemplate.compileStringTemplate(template, null, "", item) || `Item ${index + 1}`;
  const firstText = item.find((v: unknown, k: string) => k !== "type" && typeof v === "string" && v.trim());
  const text = item.get("heading") ?? item.get("label") ?? item.get("title") ?? item.get("name") ?? firstText;
  return text || `Item ${index + 1}`;
}

/** Keys for a list's rows that follow each row as it moves: its name, and which of that name it is. */
function rowKeys(names: string[]): string[] {
  return names.map((name, i) => `${name}#${names.slice(0, i).filter((n) => n === name).length}`);
}

/** Move up / move down for each item: buttons, so no dragging is needed (WCAG 2.5.7). */
export function ListOrder(props: Props) {
  const root = useRef<HTMLOListElement>(null);
  const [said, setSaid] = useState("");
  const allowed = useMoveGuard();
  if (isReferenceList(props.field)) return null;
  const value: List<unknown> | undefined = props.value;
  if (!value || !List.isList(value) || value.size < 2) return null;
  const label = String(props.field.get("label"));
  const names = value.toArray().map((item, i) => summary(props.field, item, i));
  const keys = rowKeys(names);
  const move = (from: number, to: number) => {
    const item = value.get(from);
    props.onChange(value.delete(from).insert(to, item));
    const direction = to < from ? "up" : "down";
    setSaid(`“${names[from]}” moved ${direction}: ${to + 1} of ${value.size}.`);
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
            <button
              type="button"
              data-move="up"
              aria-label={`Move “${name}” up`}
              disabled={i === 0}
              onClick={(e) => allowed(e, keys[i]!) && move(i, i - 1)}
              style={buttonStyle}
            >
              ↑ Up
            </button>
            <button
              type="button"
              data-move="down"
              aria-label={`Move “${name}” down`}
              disabled={i === value.size - 1}
              onClick={(e) => allowed(e, keys[i]!) && move(i, i + 1)}
              style={buttonStyle}
            >
              ↓ Down
            </button>
          </li>
        ))}
      </ol>
      <span role="status" style={visuallyHidden}>
        {said}
      </span>
    </details>
  );
}
