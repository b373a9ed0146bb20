/**
 * The content check at the field: every widget knows its place in the entry (a path, passed down
 * through objects) and, when Decap validates before saving, says what the content check says about
 * that field; a list speaks for everything inside its items. Also where a field is on screen, for
 * the preview (inspect/around.ts) and the notice (notice.ts).
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- Decap hands widgets Immutable values and untyped props. */
import { Component, createContext, useSyncExternalStore, type ComponentType, type ReactNode } from "react";
import { List } from "immutable";
import { fieldPath, type Found } from "../check.ts";
import { sayNotSaved } from "../notice.ts";
import { buttonStyle, type Props } from "./style.ts";

export type Path = (string | number)[];

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
export const PathContext = createContext<Place | null>([]);

/** The path of a field at `place`, its lists' items counted from its `parentIds`; null when unknown. */
export function resolve(place: Place, parentIds: readonly string[] | undefined): Path | null {
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
