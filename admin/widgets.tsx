/**
 * What /admin/ adds to Decap's widgets (registered over Decap's own, in main.tsx):
 * - the content check at the field: every widget knows its place in the entry (a path, passed down
 *   through objects) and, when Decap validates before saving, says what the content check says about
 *   that field; a list speaks for everything inside its items;
 * - pictures from any folder of content/images shown (Decap looks for every picture at the top of
 *   the media folder), uploads where the field's pictures live (its media_folder, from the schema);
 * - move up / move down for every list, with the keyboard, as well as Decap's dragging;
 * - a picture's focus point chosen on the picture, and icons chosen by their pictures.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- Decap hands widgets Immutable values and untyped props. */
import {
  Component,
  createContext,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ComponentType,
  type ReactNode,
} from "react";
import { stringTemplate } from "decap-cms-lib-widgets";
import { fromJS, List, Map as ImmutableMap } from "immutable";
import type { Found } from "./check.ts";
import { fieldPath } from "./check.ts";
import sprite from "../ui/components/icons.svg";
import { focusPoints } from "../schemas/index.ts";
import { usePictures } from "./backend.ts";
import { sayNotSaved } from "./notice.ts";

type Props = Record<string, any>; // Decap passes Immutable values and many callbacks.
type Path = (string | number)[];

/**
 * A list's place in a path: which item a field is in is known only when the field asks, since items
 * move. Decap gives an item's fields no index, but each field's `parentIds` holds the list's id
 * followed by its item's key, and the list keeps its items' keys in order (its `state.keys`).
 */
interface ListSlot {
  list: string;
  keys: () => string[] | undefined;
  /** A list of single values (a string per item): the item is the field itself. */
  single: boolean;
}
type Place = (string | number | ListSlot)[];

/** Where a field is in the entry, its lists' items still to be counted. */
const PathContext = createContext<Place | null>([]);

/** The path of a field at `place`, its lists' items counted from its `parentIds`; null when unknown. */
function resolve(place: Place, parentIds: readonly string[] | undefined): Path | null {
  const path: Path = [];
  for (const part of place) {
    if (typeof part !== "object") {
      path.push(part);
      continue;
    }
    const at = parentIds?.indexOf(part.list) ?? -1;
    const index = at < 0 ? -1 : (part.keys()?.indexOf(parentIds![at + 1]!) ?? -1);
    if (index < 0) return null;
    path.push(index);
  }
  return path;
}

/** The check of the entry being edited, worked out once per version of its data. */
let checker: (entry: any) => Found[] = () => [];
let last: { data: unknown; found: Found[] } = { data: undefined, found: [] };
export function setChecker(check: (entry: any) => Found[]) {
  checker = check;
  last = { data: undefined, found: [] };
}
export function problemsOf(entry: any): Found[] {
  const data = entry?.get?.("data");
  if (data && last.data === data) return last.found;
  last = { data, found: data ? checker(entry) : [] };
  return last.found;
}

/** "sections[3].questions[1]" inside "sections" → "item 4 › questions › item 2". */
function where(rest: string): string {
  return rest
    .replace(/^\./, "")
    .split(/\.|(?=\[)/)
    .filter(Boolean)
    .map((part) => (/^\[\d+\]$/.test(part) ? `item ${Number(part.slice(1, -1)) + 1}` : part))
    .join(" › ");
}

type Kind = "object" | "list" | "leaf";

// What the check is based on -------------------------------------------------------------------

let basis = "";
const basisListeners = new Set<() => void>();
/** Says what the check before saving knows the other content from (shown under the entry's last field). */
export function setBasis(words: string) {
  basis = words;
  for (const listener of basisListeners) listener();
}
let lastField: (entry: any) => string | undefined = () => undefined;
/** The name of an entry's last top-level field (the line goes under it: the end of the form). */
export function setLastField(find: (entry: any) => string | undefined) {
  lastField = find;
}
function CheckBasis() {
  const words = useSyncExternalStore(
    (listener) => {
      basisListeners.add(listener);
      return () => basisListeners.delete(listener);
    },
    () => basis,
  );
  return (
    <p
      id="cms-check-basis"
      role="status"
      style={{ margin: "1rem 0 0", color: "#3f4554", font: "13px/1.4 system-ui, sans-serif" }}
    >
      {words}
    </p>
  );
}

/** The fields on screen (their wrappers), so that a list knows which of its items' problems a field shows. */
const mounted = new Set<{ path(): Path | null; kindOf: Kind; props: Props }>();

/** The label and the box of a field on screen (Decap's: its label names the control's id; the box holds both). */
function partsOfField(field: { props: Props }): { label: HTMLElement; box: HTMLElement } | undefined {
  const id = field.props.forID as string | undefined;
  const label = id ? document.querySelector<HTMLElement>(`label[for="${CSS.escape(id)}"]`) : null;
  if (!label) return undefined;
  return { label, box: label.closest<HTMLElement>('[aria-label$=" field"]') ?? label.parentElement ?? label };
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
function claimed(field: string, list: object): boolean {
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

/** True when Decap's own check refuses the value (required and empty, or not matching the field's pattern). */
function decapRefuses(field: any, value: unknown): boolean {
  const empty =
    value === undefined ||
    value === null ||
    (typeof value === "string" && value.trim() === "") ||
    (List.isList(value) && (value as List<unknown>).size === 0);
  if (empty) return field.get("required") !== false;
  const pattern = field.get("pattern");
  if (pattern && typeof value === "string") return !new RegExp(String(pattern.get(0))).test(value);
  return false;
}

/** The value a message suggests instead: `Did you mean "/careers"?` gives "/careers". */
export function suggestionIn(message: string): string | undefined {
  return /Did you mean "([^"]+)"\?/.exec(message)?.[1];
}

/** The check's message as the field shows it: the suggestion is a button, so the long list of choices goes. */
function forPeople(message: string): string {
  return suggestionIn(message) ? message.replace(/\s*(Known|The site's) [^:]*:.*$/s, "") : message;
}

/** Decap's control for `name`, wrapped: the check at the field, pictures, list order. */
export function withChecks(Control: ComponentType<Props>, kind: Kind, extra?: (props: Props) => ReactNode) {
  return class Checked extends Component<Props> {
    static override contextType = PathContext;
    declare context: Place | null;
    inner: any = null;
    kindOf: Kind = kind;

    setInner = (ref: any) => {
      this.inner = ref?.getWrappedInstance ? ref.getWrappedInstance() : ref;
    };

    override state: { fix?: string } = {};

    /** Where this field is: its place among its parents, its own name last (a list of single values: the item). */
    place(): Place | null {
      if (this.context === null) return null;
      const last = this.context.at(-1);
      if (kind === "leaf" && typeof last === "object" && last.single) return this.context;
      return [...this.context, String(this.props.field.get("name"))];
    }

    path(): Path | null {
      const place = this.place();
      return place && resolve(place, this.props.parentIds);
    }

    override componentDidMount() {
      mounted.add(this);
    }

    override componentWillUnmount() {
      mounted.delete(this);
    }

    mine(): Found[] {
      const path = this.path();
      if (!path) return [];
      const entry = this.props.getEntry?.() ?? this.props.entry;
      const here = fieldPath(path);
      const found = problemsOf(entry).filter((p) =>
        kind === "object"
          ? p.field === here
          : p.field === here || p.field.startsWith(`${here}[`) || (kind === "leaf" && p.field.startsWith(`${here}.`)),
      );
      // A list speaks only for what no field of its items shows: one message per problem.
      if (kind === "list") return found.filter((p) => p.field === here || !claimed(p.field, this));
      // Decap says itself that a required field is empty, or that its pattern does not match: not twice.
      if (kind === "leaf" && decapRefuses(this.props.field, this.props.value)) return [];
      return found;
    }

    error(found: Found[]) {
      const here = fieldPath(this.path() ?? []);
      const message = found
        .map((p) =>
          p.field === here ? forPeople(p.message) : `${where(p.field.slice(here.length))}: ${forPeople(p.message)}`,
        )
        .join(" · ");
      sayNotSaved();
      return { type: "CUSTOM", parentIds: this.props.parentIds, message };
    }

    /** The value the check suggests instead ("Did you mean …?"), offered as a button at the field. */
    offerFix(found: Found[]) {
      const fix = kind === "leaf" ? found.map((p) => suggestionIn(p.message)).find(Boolean) : undefined;
      if (fix !== this.state.fix) this.setState({ fix });
    }

    isValid = () => {
      const found = this.mine();
      this.offerFix(found);
      if (found.length) return { error: this.error(found) };
      return this.inner?.isValid ? this.inner.isValid() : true;
    };

    validate = () => {
      if (!this.inner?.validate) return this.props.validate?.();
      this.inner.validate();
      const found = this.mine();
      this.offerFix(found);
      if (found.length) this.props.validate?.({ error: this.error(found) });
    };

    focus = (path?: string) => this.inner?.focus?.(path);
    getValidateValue = () => this.inner?.getValidateValue?.();

    override shouldComponentUpdate(next: Props, nextState?: { fix?: string }) {
      // Decap calls this too, with the props alone, to decide whether its own wrapper renders again.
      if (nextState && nextState.fix !== this.state.fix) return true;
      if (this.inner?.shouldComponentUpdate) return this.inner.shouldComponentUpdate.call(this.inner, next) as boolean;
      return (
        this.props.value !== next.value ||
        this.props.classNameWrapper !== next.classNameWrapper ||
        this.props.hasActiveStyle !== next.hasActiveStyle
      );
    }

    override render() {
      const control = <Control {...this.props} ref={this.setInner} />;
      const place = this.place();
      const inside: Place | null =
        kind === "list" && place
          ? [
              ...place,
              {
                list: String(this.props.forID),
                keys: () => this.inner?.state?.keys as string[] | undefined,
                single: Boolean(this.props.field.get("field")),
              },
            ]
          : place;
      const below = kind === "leaf" ? control : <PathContext.Provider value={inside}>{control}</PathContext.Provider>;
      const path = this.path();
      const last = path?.length === 1 && lastField(this.props.getEntry?.() ?? this.props.entry) === path[0];
      const { fix } = this.state;
      return (
        <>
          {extra?.(this.props)}
          {below}
          {fix ? (
            <button
              type="button"
              data-fix=""
              style={{ ...buttonStyle, margin: "0.5rem 0 0", font: "14px/1.4 system-ui, sans-serif" }}
              onClick={() => {
                this.props.onChange(fix);
                this.setState({ fix: undefined });
              }}
            >
              Use “{fix}”
            </button>
          ) : null}
          {last ? <CheckBasis /> : null}
        </>
      );
    }
  };
}

// Pictures ---------------------------------------------------------------------------------------

let pictureUrl: (src: string) => string | undefined = () => undefined;
/**
 * Where the browser can load a picture by its path in content ("images/team/x.jpg"), when known
 * (main.tsx: through Decap's backend, admin/backend.ts); undefined while it loads.
 */
export function setPictureUrl(url: (src: string) => string | undefined) {
  pictureUrl = url;
}
export const urlOfPicture = (src: string) => pictureUrl(src);
/** What a picture shows while it loads: nothing (a blank SVG). */
export const LOADING_PICTURE = "data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'/%3E";

/**
 * The image control with pictures found in any folder: it is given each picture by its whole path
 * (Decap would look for it at the top of the field's media folder), and shows it once loaded.
 */
export function withPictures(Control: ComponentType<Props>): ComponentType<Props> {
  return function Pictured(props: Props) {
    // A new `getAsset` each time a picture has loaded: Decap's image control draws again with it.
    const loaded = usePictures();
    const getAsset = useMemo(() => {
      const own = (path: string, field: unknown) => {
        const url = typeof path === "string" && path ? urlOfPicture(path) : undefined;
        return url ? { path, url, toString: () => url } : props.getAsset(path, field);
      };
      return Object.assign(own, { loaded });
    }, [props.getAsset, loaded]);
    return <Control {...props} getAsset={getAsset} />;
  };
}

// List order -------------------------------------------------------------------------------------

let storedTitle: (collection: string, id: string) => string | undefined = () => undefined;
/** An entry's title as the content last read has it (before the list has read its collection). */
export function setTitles(lookup: (collection: string, id: string) => string | undefined) {
  storedTitle = lookup;
}

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

/**
 * A click that would move a second row by accident: the pointer has not moved since the last move
 * (within a few pixels, a moment later) but the button under it now belongs to another row, since the
 * rows moved. Pressed from the keyboard (no pointer: `detail` 0), a button always acts.
 */
function useMoveGuard() {
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

// Lists of chosen entries -----------------------------------------------------------------------

/** A list whose items each name an entry of a collection (a FAQ section's questions, …). */
export function isReferenceList(field: any): boolean {
  const single = field?.get?.("field");
  return Boolean(single && single.get("widget") === "relation" && single.get("collection"));
}

interface Choice {
  id: string;
  title: string;
}

/** A collection's entries, by their title (the field the configuration shows them by): main.tsx. */
let entriesOf: (collection: string, display: string) => Promise<Choice[]> = () => Promise.resolve([]);
export function setEntries(read: (collection: string, display: string) => Promise<Choice[]>) {
  entriesOf = read;
}
/** Reads the collection's entries (again: one may have been added or renamed since). */
function loadChoices(collection: string, display: string): Promise<Choice[] | undefined> {
  return entriesOf(collection, display).catch(() => undefined);
}

const buttonStyle = {
  font: "inherit",
  minHeight: "1.75rem",
  padding: "0.15rem 0.6rem",
  border: "1px solid #5f6470",
  borderRadius: "4px",
  background: "#fff",
  color: "#1e2532",
  cursor: "pointer",
} as const;

/**
 * A list of chosen entries, each shown by its title (the question, the service's title, the plan's
 * name), never by its id: move up, move down and remove buttons on each row (the keyboard is enough:
 * WCAG 2.5.7), and "Add" with a choice of the entries not listed yet, by their titles. Replaces
 * Decap's list for these lists (its rows could only show the id: a list's summary cannot read
 * another entry). The value stays the list of ids the file holds.
 */
export function ReferencesControl(props: Props) {
  const field = props.field;
  const single = field.get("field");
  const collection = String(single.get("collection"));
  const display = String(single.get("display_fields")?.first?.() ?? single.get("search_fields")?.first?.() ?? "");
  const noun = String(single.get("label") ?? field.get("label_singular") ?? "entry").toLowerCase();
  const label = String(field.get("label"));
  const ids: string[] = (List.isList(props.value) ? (props.value as List<unknown>).toArray() : []).map(String);
  const [known, setKnown] = useState<Choice[] | undefined>(undefined);
  const [failed, setFailed] = useState(false);
  const [choice, setChoice] = useState("");
  const [said, setSaid] = useState("");
  const root = useRef<HTMLDivElement>(null);
  const allowed = useMoveGuard();
  const id = String(props.forID);

  useEffect(() => {
    let live = true;
    // Read again each time the list is shown: an entry made a moment ago is offered too.
    void loadChoices(collection, display).then((read) => {
      if (!live) return;
      if (read) setKnown(read);
      else setFailed(true);
    });
    return () => {
      live = false;
    };
  }, [collection, display]);

  const titleOf = (entry: string) => known?.find((c) => c.id === entry)?.title ?? storedTitle(collection, entry);
  const name = (entry: string) => {
    const title = titleOf(entry);
    if (title) return title;
    return known ? `“${entry}” (no such ${noun}: remove it)` : entry;
  };
  const change = (next: string[]) => props.onChange(List(next));
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
  const add = () => {
    if (!choice) return;
    change([...ids, choice]);
    setSaid(`“${name(choice)}” added at the end of the list.`);
    setChoice("");
  };
  const offered = (known ?? []).filter((c) => !ids.includes(c.id)).sort((a, b) => a.title.localeCompare(b.title));

  return (
    <div
      ref={root}
      data-chosen-entries=""
      className={props.classNameWrapper}
      style={{ display: "grid", gap: "0.5rem", font: "14px/1.4 system-ui, sans-serif", color: "#1e2532" }}
    >
      {ids.length ? (
        <ol aria-label={`${label}, in the order the page shows them`} style={{ margin: 0, paddingLeft: "1.5rem" }}>
          {ids.map((entry, i) => (
            <li
              key={`${entry}-${ids.slice(0, i).filter((e) => e === entry).length}`}
              data-row={i}
              style={{ margin: "0.25rem 0" }}
            >
              <span style={{ display: "flex", flexWrap: "wrap", gap: "0.4rem", alignItems: "center" }}>
                <span style={{ flex: "1 1 12rem" }}>{name(entry)}</span>
                <button
                  type="button"
                  data-move="up"
                  aria-label={`Move “${name(entry)}” up`}
                  disabled={i === 0}
                  onClick={(e) => allowed(e, `${entry}#${i}`) && move(i, i - 1)}
                  style={buttonStyle}
                >
                  ↑ Up
                </button>
                <button
                  type="button"
                  data-move="down"
                  aria-label={`Move “${name(entry)}” down`}
                  disabled={i === ids.length - 1}
                  onClick={(e) => allowed(e, `${entry}#${i}`) && move(i, i + 1)}
                  style={buttonStyle}
                >
                  ↓ Down
                </button>
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
      ) : (
        <p style={{ margin: 0 }}>None listed yet: add one below.</p>
      )}
      <span style={{ display: "flex", flexWrap: "wrap", gap: "0.4rem", alignItems: "center" }}>
        <label htmlFor={id}>Add a {noun}:</label>
        <select
          id={id}
          value={choice}
          onChange={(e) => setChoice(e.target.value)}
          onFocus={props.setActiveStyle}
          onBlur={props.setInactiveStyle}
          style={{ ...buttonStyle, maxWidth: "100%" }}
        >
          <option value="">
            {known === undefined
              ? failed
                ? `The ${noun} entries could not be read: reload the page`
                : "Loading…"
              : offered.length
                ? `Choose a ${noun}…`
                : `Every ${noun} is listed`}
          </option>
          {offered.map((c) => (
            <option key={c.id} value={c.id}>
              {c.title}
            </option>
          ))}
        </select>
        <button type="button" onClick={add} disabled={!choice} style={buttonStyle}>
          Add
        </button>
      </span>
      <span role="status" style={visuallyHidden}>
        {said}
      </span>
    </div>
  );
}

const visuallyHidden = {
  position: "absolute",
  width: "1px",
  height: "1px",
  overflow: "hidden",
  clip: "rect(0 0 0 0)",
  whiteSpace: "nowrap",
} as const;

/** Decap's list, or our list of chosen entries for a list of references. */
export function withReferences(ListControl: ComponentType<Props>): ComponentType<Props> {
  return function ListOrReferences(props: Props) {
    return isReferenceList(props.field) ? <ReferencesControl {...props} /> : <ListControl {...props} />;
  };
}

// Focus point ------------------------------------------------------------------------------------

// The named points the schema knows, as percentages across and down.
const named: Readonly<Record<string, { x: number; y: number }>> = focusPoints;

function pointOf(value: unknown): { x: number; y: number } {
  if (typeof value === "string") return named[value] ?? named.center!;
  const v = value as { get?: (k: string) => unknown; x?: number; y?: number } | undefined;
  const x = Number(v?.get ? v.get("x") : v?.x);
  const y = Number(v?.get ? v.get("y") : v?.y);
  return Number.isFinite(x) && Number.isFinite(y) ? { x, y } : named.center!;
}

/** The focus point: click the picture, or set across and down with two sliders. */
export function FocusControl(props: Props) {
  usePictures();
  const place = useContext(PathContext);
  const path = place && resolve(place, props.parentIds);
  const data = props.getEntry?.()?.get("data");
  const src: string | undefined = path ? data?.getIn([...path, "src"]) : undefined;
  // Decap's getAsset dispatches to its store: asked in an effect, never while rendering.
  const own = src ? urlOfPicture(src) : undefined;
  const [asset, setAsset] = useState<string | undefined>(undefined);
  useEffect(() => {
    if (!src || own) return;
    const found = props.getAsset?.(src)?.toString() as string | undefined;
    setAsset((before) => (before === found ? before : found));
  }, [src, own, props.getAsset]);
  const url = own ?? (src ? asset : undefined);
  const point = pointOf(props.value);
  const set = (x: number, y: number) => {
    const rounded = { x: Math.round(Math.min(100, Math.max(0, x))), y: Math.round(Math.min(100, Math.max(0, y))) };
    const name = Object.entries(named).find(([, p]) => p.x === rounded.x && p.y === rounded.y)?.[0];
    props.onChange(name ?? fromJS(rounded));
  };
  const id = props.forID as string;
  return (
    <div
      className={props.classNameWrapper}
      style={{ display: "grid", gap: "0.5rem", font: "14px/1.4 system-ui, sans-serif" }}
    >
      {url ? (
        <div style={{ position: "relative", width: "min(16rem, 100%)", lineHeight: 0 }}>
          <img
            src={url}
            alt="Click the part of the picture that must stay in view"
            style={{ width: "100%", cursor: "crosshair", borderRadius: "4px" }}
            onClick={(e) => {
              const box = e.currentTarget.getBoundingClientRect();
              set(((e.clientX - box.left) / box.width) * 100, ((e.clientY - box.top) / box.height) * 100);
            }}
          />
          <span
            aria-hidden="true"
            style={{
              position: "absolute",
              left: `${point.x}%`,
              top: `${point.y}%`,
              width: "1rem",
              height: "1rem",
              margin: "-0.5rem 0 0 -0.5rem",
              border: "3px solid #fff",
              borderRadius: "50%",
              boxShadow: "0 0 0 2px #000",
            }}
          />
        </div>
      ) : null}
      <label htmlFor={`${id}-x`}>
        Across: {point.x}% (0 the left edge, 100 the right edge)
        <input
          id={`${id}-x`}
          type="range"
          min={0}
          max={100}
          value={point.x}
          onChange={(e) => set(Number(e.target.value), point.y)}
          style={{ display: "block", width: "16rem" }}
        />
      </label>
      <label htmlFor={`${id}-y`}>
        Down: {point.y}% (0 the top edge, 100 the bottom edge)
        <input
          id={`${id}-y`}
          type="range"
          min={0}
          max={100}
          value={point.y}
          onChange={(e) => set(point.x, Number(e.target.value))}
          style={{ display: "block", width: "16rem" }}
        />
      </label>
    </div>
  );
}

// Icons ------------------------------------------------------------------------------------------

/** An icon chosen by its picture: a group of radio buttons, each the icon and its name. */
export function IconControl(props: Props) {
  const options: string[] = props.field.get("options")?.toJS?.() ?? [];
  const id = props.forID as string;
  return (
    <div
      role="radiogroup"
      aria-labelledby={`${id}-label`}
      id={id}
      className={props.classNameWrapper}
      style={{ display: "flex", flexWrap: "wrap", gap: "0.5rem" }}
    >
      <span id={`${id}-label`} hidden>
        {String(props.field.get("label"))}
      </span>
      {options.map((name) => (
        <label
          key={name}
          style={{
            display: "grid",
            justifyItems: "center",
            gap: "0.25rem",
            width: "5.5rem",
            padding: "0.5rem",
            border: `2px solid ${props.value === name ? "#3a69c7" : "#dfdfe3"}`,
            borderRadius: "6px",
            font: "12px/1.3 system-ui, sans-serif",
            cursor: "pointer",
          }}
        >
          <input
            type="radio"
            name={id}
            value={name}
            checked={props.value === name}
            onChange={() => props.onChange(name)}
            style={{ position: "absolute", opacity: 0 }}
          />
          <svg width="28" height="28" aria-hidden="true">
            <use href={`${sprite}#${name}`} />
          </svg>
          {name}
        </label>
      ))}
    </div>
  );
}

export { ImmutableMap };
