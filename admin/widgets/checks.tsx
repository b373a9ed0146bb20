/**
 * The content check at the field: every widget knows its place in the entry (paths.ts) and, when
 * Decap validates before saving, says what the content check says about that field (check-words.ts);
 * a list speaks for everything inside its items that no field of theirs shows (on-screen.ts).
 */
import { Component, type ReactNode } from "react";
import type { CmsField } from "../../scripts/cms/types.ts";
import { fieldPath, type Found } from "../editor/check.ts";
import {
  controlInstance,
  itemKeysOf,
  entryAt,
  fieldOf,
  itemsOf,
  type Control,
  type ControlInstance,
  type ControlProps,
} from "../decap/decap.ts";
import { problemsOf } from "../editor/entry-check.ts";
import { sayNotSaved } from "../editor/notice.ts";
import { CheckBasis, lastFieldOf } from "./check-basis.tsx";
import { messageAt, suggestionIn } from "./check-words.ts";
import { claimed, gone, shown, type FieldOnScreen, type Kind } from "./on-screen.ts";
import { PathContext, resolve, type Path, type Place } from "./paths.ts";
import { buttonStyle } from "./style.ts";

/** True when Decap's own check refuses the value (required and empty, or not matching the field's pattern). */
function decapRefuses(field: CmsField, value: unknown): boolean {
  const empty =
    value === undefined ||
    value === null ||
    (typeof value === "string" && value.trim() === "") ||
    itemsOf(value)?.length === 0;
  if (empty) return field.required !== false;
  const pattern = field.pattern;
  if (pattern && typeof value === "string") return !new RegExp(String(pattern[0])).test(value);
  return false;
}

/** The value the check suggests instead ("Did you mean …?"), as a button at the field. */
function FixButton({ fix, use }: { fix: string; use: () => void }) {
  return (
    <button
      type="button"
      data-fix=""
      style={{ ...buttonStyle, margin: "0.5rem 0 0", font: "14px/1.4 system-ui, sans-serif" }}
      onClick={use}
    >
      Use “{fix}”
    </button>
  );
}

/** Decap's control wrapped with the check at the field; `withChecks` names the control and its kind. */
abstract class CheckedField extends Component<ControlProps, { fix?: string }> implements FieldOnScreen {
  static override contextType = PathContext;
  declare context: Place | null;
  abstract readonly kindOf: Kind;
  abstract readonly Control: Control;
  /** What goes above the control (a list's move up / move down). */
  abstract readonly extra: ((props: ControlProps) => ReactNode) | undefined;
  inner: ControlInstance | null = null;

  setInner = (ref: unknown) => {
    this.inner = controlInstance(ref);
  };

  override state: { fix?: string } = {};

  /** Where this field is: its place among its parents, its own name last (a list of single values: the item). */
  place(): Place | null {
    if (this.context === null) return null;
    const last = this.context.at(-1);
    if (this.kindOf === "leaf" && typeof last === "object" && last.single) return this.context;
    return [...this.context, String(fieldOf(this.props.field).name)];
  }

  path(): Path | null {
    const place = this.place();
    return place && resolve(place, this.props.parentIds);
  }

  override componentDidMount() {
    shown(this);
  }

  override componentWillUnmount() {
    gone(this);
  }

  mine(): Found[] {
    const path = this.path();
    if (!path) return [];
    const kind = this.kindOf;
    const here = fieldPath(path);
    const found = problemsOf(entryAt(this.props)).filter((p) =>
      kind === "object"
        ? p.field === here
        : p.field === here || p.field.startsWith(`${here}[`) || (kind === "leaf" && p.field.startsWith(`${here}.`)),
    );
    // A list speaks only for what no field of its items shows: one message per problem.
    if (kind === "list") return found.filter((p) => p.field === here || !claimed(p.field, this));
    // Decap says itself that a required field is empty, or that its pattern does not match: not twice.
    if (kind === "leaf" && decapRefuses(fieldOf(this.props.field), this.props.value)) return [];
    return found;
  }

  error(found: Found[], refused = true) {
    const message = messageAt(fieldPath(this.path() ?? []), found);
    if (refused) sayNotSaved();
    return { type: "CUSTOM", parentIds: this.props.parentIds, message };
  }

  mark() {
    const found = this.mine();
    // Decap's own check (required, pattern) runs too; `{ error: false }`: not this control's again.
    this.props.validate?.({ error: found.length ? this.error(found, false) : false });
  }

  /** The value the check suggests instead ("Did you mean …?"), offered as a button at the field. */
  offerFix(found: Found[]) {
    const fix = this.kindOf === "leaf" ? found.map((p) => suggestionIn(p.message)).find(Boolean) : undefined;
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

  override shouldComponentUpdate(next: ControlProps, nextState?: { fix?: string }) {
    // Decap calls this too, with the props alone, to decide whether its own wrapper renders again.
    if (nextState && nextState.fix !== this.state.fix) return true;
    if (this.inner?.shouldComponentUpdate) return this.inner.shouldComponentUpdate.call(this.inner, next);
    return (
      this.props.value !== next.value ||
      this.props.classNameWrapper !== next.classNameWrapper ||
      this.props.hasActiveStyle !== next.hasActiveStyle
    );
  }

  /** Where the fields inside this one are: a list adds its slot, whose items are counted when asked. */
  inside(place: Place | null): Place | null {
    if (this.kindOf !== "list" || !place) return place;
    const slot = {
      list: String(this.props.forID),
      keys: () => itemKeysOf(this.inner),
      single: Boolean(fieldOf(this.props.field).field),
    };
    return [...place, slot];
  }

  override render() {
    const Control = this.Control;
    const control = <Control {...this.props} ref={this.setInner} />;
    const below =
      this.kindOf === "leaf" ? (
        control
      ) : (
        <PathContext.Provider value={this.inside(this.place())}>{control}</PathContext.Provider>
      );
    const path = this.path();
    const last = path?.length === 1 && lastFieldOf(entryAt(this.props)) === path[0];
    const { fix } = this.state;
    const use = () => {
      this.props.onChange(fix);
      this.setState({ fix: undefined });
    };
    return (
      <>
        {this.extra?.(this.props)}
        {below}
        {fix ? <FixButton fix={fix} use={use} /> : null}
        {last ? <CheckBasis /> : null}
      </>
    );
  }
}

/** Decap's control wrapped: the check at the field, and `extra` above it (a list's move up / move down). */
export function withChecks(Control: Control, kind: Kind, extra?: (props: ControlProps) => ReactNode) {
  return class Checked extends CheckedField {
    readonly kindOf = kind;
    readonly Control = Control;
    readonly extra = extra;
  };
}
