/**
 * A widget of Decap's registered now and loaded later: its control and its preview are fetched the
 * first time an editor draws one (or sooner, when `preload` is called: once someone is logged in and
 * the page is idle, cms.ts), so the login screen and the lists of entries never download it. Its
 * schema is registered at once, since Decap checks the configuration against every widget's schema
 * when it loads it. Until its parts have arrived the control shows a line saying so.
 * What is asked of a control (isValid, validate, getValidateValue, focus, shouldComponentUpdate) is
 * passed to the loaded one, and is absent where it has none, as admin/widgets/checks.tsx expects.
 */
import { Component, createElement, useEffect, useState, type ComponentType } from "react";

/** What a control's props are here: passed on as they came. */
type Props = Record<string, unknown>;
type Part = ComponentType<Props>;

/** What checks.tsx may ask of a control (decap.ts's ControlInstance), all optional. */
interface Inner {
  isValid?(): unknown;
  validate?(): void;
  focus?(path?: string): unknown;
  getValidateValue?(): unknown;
  shouldComponentUpdate?(next: Props): boolean;
}

/** The control behind a ref (a connected control gives the one it wraps), as decap.ts's controlInstance. */
function unwrapped(ref: unknown): Inner | null {
  const found = ref as (Inner & { getWrappedInstance?: () => unknown }) | null;
  return (found?.getWrappedInstance ? found.getWrappedInstance() : found) as Inner | null;
}

/** What a widget package's default export gives (`Widget()`): its parts, named as Decap names them. */
export interface WidgetParts {
  name: string;
  controlComponent: Part;
  previewComponent?: Part;
  schema?: object;
  [key: string]: unknown;
}

export interface LaterWidget {
  /** The widget object to register (Decap's object form): the control and preview that load it. */
  widget: WidgetParts;
  /** Starts loading its parts now; resolves once they are here. */
  preload(): Promise<WidgetParts>;
}

const loadingStyle = { padding: "12px 0", font: "14px/1.4 system-ui, sans-serif", color: "#798291" } as const;

/** The widget `name`, with `schema` now and the rest from `load()` (a dynamic import) when first drawn. */
export function later(name: string, schema: object | undefined, load: () => Promise<WidgetParts>): LaterWidget {
  let loaded: WidgetParts | undefined;
  let loading: Promise<WidgetParts> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (parts) => (loaded = parts),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));

  class LaterControl extends Component<Props, { ready: boolean; failed?: string }> {
    override state: { ready: boolean; failed?: string } = { ready: loaded !== undefined };
    inner: Inner | null = null;
    mounted = false;

    setInner = (ref: unknown) => {
      this.inner = unwrapped(ref);
    };

    override componentDidMount() {
      this.mounted = true;
      if (this.state.ready) return;
      preload().then(
        () => this.mounted && this.setState({ ready: true }),
        (error: unknown) => this.mounted && this.setState({ failed: String(error) }),
      );
    }

    override componentWillUnmount() {
      this.mounted = false;
    }

    // Present only where the loaded control has them: checks.tsx asks whether they are there.
    get isValid() {
      const inner = this.inner;
      return inner?.isValid ? () => inner.isValid!() : undefined;
    }
    get validate() {
      const inner = this.inner;
      return inner?.validate ? () => inner.validate!() : undefined;
    }
    get getValidateValue() {
      const inner = this.inner;
      return inner?.getValidateValue ? () => inner.getValidateValue!() : undefined;
    }
    focus = (path?: string) => this.inner?.focus?.(path);

    override shouldComponentUpdate(next: Props, nextState?: { ready: boolean; failed?: string }) {
      if (nextState && (nextState.ready !== this.state.ready || nextState.failed !== this.state.failed)) return true;
      if (this.inner?.shouldComponentUpdate) return this.inner.shouldComponentUpdate.call(this.inner, next);
      return true;
    }

    override render() {
      if (this.state.failed)
        return createElement(
          "p",
          { role: "alert", style: loadingStyle },
          `This field's editor did not load: ${this.state.failed}`,
        );
      if (!this.state.ready || !loaded)
        return createElement("p", { style: loadingStyle, "data-later-widget": name }, "Loading the editor…");
      return createElement(loaded.controlComponent, { ...this.props, ref: this.setInner });
    }
  }

  const LaterPreview = laterPreview(() => loaded, preload);

  return {
    widget: {
      name,
      controlComponent: LaterControl as unknown as Part,
      previewComponent: LaterPreview,
      ...(schema ? { schema } : {}),
    },
    preload,
  };
}

/** A widget's preview that draws nothing until its parts are here (`current()`), loading them (`preload`). */
function laterPreview(current: () => WidgetParts | undefined, preload: () => Promise<WidgetParts>) {
  return function LaterPreview(props: Props) {
    const [parts, setParts] = useState(current);
    useEffect(() => {
      if (parts) return;
      let on = true;
      preload().then(
        (found) => on && setParts(found),
        () => {},
      );
      return () => {
        on = false;
      };
    }, [parts]);
    return parts?.previewComponent ? createElement(parts.previewComponent, props) : null;
  };
}
