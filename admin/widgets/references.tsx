/** Lists of chosen entries (a FAQ section's questions, …), each shown by its title. */
import { useEffect, useRef, useState } from "react";
import { fieldOf, filesOf, itemsOf, listOf, type Control, type ControlProps } from "../decap/decap.ts";
import { storedTitle } from "../editor/content-cache.ts";
import { isReferenceList, MoveButtons, useMoveGuard } from "./rows.tsx";
import { buttonStyle, visuallyHidden } from "./style.ts";

interface Choice {
  id: string;
  title: string;
}

/**
 * A collection's entries by their titles (the field the configuration shows them by), as the backend
 * has them now: read again each time (one may have been added or renamed since).
 */
async function loadChoices(collection: string, display: string): Promise<Choice[] | undefined> {
  try {
    return (await filesOf(collection)).map((file) => ({
      id: file.slug,
      title: String(file.data[display] ?? "") || file.slug,
    }));
  } catch {
    return undefined;
  }
}

/** The collection's entries by their titles, read each time the list is shown: an entry made a moment ago is offered too. */
function useChoices(collection: string, display: string): { known: Choice[] | undefined; failed: boolean } {
  const [known, setKnown] = useState<Choice[] | undefined>(undefined);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    void loadChoices(collection, display).then((read) => {
      if (!live) return;
      if (read) setKnown(read);
      else setFailed(true);
    });
    return () => {
      live = false;
    };
  }, [collection, display]);
  return { known, failed };
}

const rowStyle = { display: "flex", flexWrap: "wrap", gap: "0.4rem", alignItems: "center" } as const;

interface RowsProps {
  ids: string[];
  label: string;
  name(entry: string): string;
  move(from: number, to: number): void;
  remove(at: number): void;
}

/** The entries listed, in the order the page shows them: each by its title, with move up, move down and remove. */
function ChosenRows({ ids, label, name, move, remove }: RowsProps) {
  const allowed = useMoveGuard();
  if (!ids.length) return <p style={{ margin: 0 }}>None listed yet: add one below.</p>;
  return (
    <ol aria-label={`${label}, in the order the page shows them`} style={{ margin: 0, paddingLeft: "1.5rem" }}>
      {ids.map((entry, i) => (
        <li
          key={`${entry}-${ids.slice(0, i).filter((e) => e === entry).length}`}
          data-row={i}
          style={{ margin: "0.25rem 0" }}
        >
          <span style={rowStyle}>
            <span style={{ flex: "1 1 12rem" }}>{name(entry)}</span>
            <MoveButtons
              name={name(entry)}
              at={i}
              count={ids.length}
              row={`${entry}#${i}`}
              allowed={allowed}
              move={move}
            />
            <button
              type="button"
              data-remove=""
              aria-label={`Remove “${name(entry)}”`}
              onClick={() => remove(i)}
              style={buttonStyle}
            >
              Remove
            </button>
          </span>
        </li>
      ))}
    </ol>
  );
}

interface AddProps {
  /** The select's id: Decap's label for the list names it. */
  id: string;
  noun: string;
  /** The entries not listed yet, by their titles (undefined while they are read). */
  offered: Choice[] | undefined;
  failed: boolean;
  add(entry: string): void;
  onFocus?(): void;
  onBlur?(): void;
}

/** "Add a …": a choice of the entries not listed yet, by their titles, added at the end. */
function AddChoice({ id, noun, offered, failed, add, onFocus, onBlur }: AddProps) {
  const [choice, setChoice] = useState("");
  const prompt =
    offered === undefined
      ? failed
        ? `The ${noun} entries could not be read: reload the page`
        : "Loading…"
      : offered.length
        ? `Choose a ${noun}…`
        : `Every ${noun} is listed`;
  return (
    <span style={rowStyle}>
      <label htmlFor={id}>Add a {noun}:</label>
      <select
        id={id}
        value={choice}
        onChange={(e) => setChoice(e.target.value)}
        onFocus={onFocus}
        onBlur={onBlur}
        style={{ ...buttonStyle, maxWidth: "100%" }}
      >
        <option value="">{prompt}</option>
        {(offered ?? []).map((c) => (
          <option key={c.id} value={c.id}>
            {c.title}
          </option>
        ))}
      </select>
      <button
        type="button"
        onClick={() => {
          if (!choice) return;
          add(choice);
          setChoice("");
        }}
        disabled={!choice}
        style={buttonStyle}
      >
        Add
      </button>
    </span>
  );
}

/**
 * A list of chosen entries, each shown by its title (the question, the service's title, the plan's
 * name), never by its id: move up, move down and remove buttons on each row (the keyboard is enough:
 * WCAG 2.5.7), and "Add" with a choice of the entries not listed yet, by their titles. Replaces
 * Decap's list for these lists (its rows could only show the id: a list's summary cannot read
 * another entry). The value stays the list of ids the file holds.
 */
export function ReferencesControl(props: ControlProps) {
  const field = fieldOf(props.field);
  const single = field.field!;
  const collection = String(single.collection);
  const display = String(single.display_fields?.[0] ?? single.search_fields?.[0] ?? "");
  const noun = String(single.label ?? field.label_singular ?? "entry").toLowerCase();
  const ids: string[] = (itemsOf(props.value) ?? []).map(String);
  const { known, failed } = useChoices(collection, display);
  const [said, setSaid] = useState("");
  const root = useRef<HTMLDivElement>(null);
  const id = String(props.forID);

  const name = (entry: string) => {
    const title = known?.find((c) => c.id === entry)?.title ?? storedTitle(collection, entry);
    if (title) return title;
    return known ? `“${entry}” (no such ${noun}: remove it)` : entry;
  };
  const change = (next: string[]) => props.onChange(listOf(next));
  const focusLater = (selector: string, fallback?: string) =>
    window.requestAnimationFrame(() => {
      const el = root.current?.querySelector<HTMLButtonElement | HTMLSelectElement>(selector);
      const other = fallback ? root.current?.querySelector<HTMLElement>(fallback) : null;
      (el && !(el as HTMLButtonElement).disabled ? el : (other ?? el))?.focus();
    });
  const move = (from: number, to: number) => {
    const next = [...ids];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item!);
    change(next);
    const direction = to < from ? "up" : "down";
    setSaid(`“${name(item!)}” moved ${direction}: ${to + 1} of ${next.length}.`);
    focusLater(
      `[data-row="${to}"] [data-move="${direction}"]`,
      `[data-row="${to}"] [data-move="${direction === "up" ? "down" : "up"}"]`,
    );
  };
  const remove = (at: number) => {
    const next = ids.filter((_, i) => i !== at);
    change(next);
    setSaid(`“${name(ids[at]!)}” removed from the list.`);
    focusLater(next.length ? `[data-row="${Math.min(at, next.length - 1)}"] [data-remove]` : `#${CSS.escape(id)}`);
  };
  const add = (entry: string) => {
    change([...ids, entry]);
    setSaid(`“${name(entry)}” added at the end of the list.`);
  };
  const offered = known?.filter((c) => !ids.includes(c.id)).sort((a, b) => a.title.localeCompare(b.title));

  return (
    <div
      ref={root}
      data-chosen-entries=""
      className={props.classNameWrapper}
      style={{ display: "grid", gap: "0.5rem", font: "14px/1.4 system-ui, sans-serif", color: "#1e2532" }}
    >
      <ChosenRows ids={ids} label={String(field.label)} name={name} move={move} remove={remove} />
      <AddChoice
        id={id}
        noun={noun}
        offered={offered}
        failed={failed}
        add={add}
        onFocus={props.setActiveStyle}
        onBlur={props.setInactiveStyle}
      />
      <span role="status" style={visuallyHidden}>
        {said}
      </span>
    </div>
  );
}

/** Decap's list, or our list of chosen entries for a list of references. */
export function withReferences(ListControl: Control): Control {
  return function ListOrReferences(props: ControlProps) {
    return isReferenceList(fieldOf(props.field)) ? <ReferencesControl {...props} /> : <ListControl {...props} />;
  };
}
