/**
 * The modules of Decap CMS's own source that admin/ reaches (Decap publishes no types for them, nor
 * an API for what they give): its Redux store and the backend it made from the configuration, the
 * same instances its `init` uses, and its summary templates: read in admin/decap/ only (decap.ts, contracts.ts).
 * And the packages cms.ts registers, which publish no types: a backend's class, the English phrases,
 * a widget package (its `Widget()` gives the widget's parts), the Markdown widget's schema.
 */
declare module "decap-cms-core/dist/esm/redux/index.js" {
  export const store: {
    getState(): unknown;
    subscribe(listener: () => void): () => void;
    dispatch(action: { type: string; [key: string]: unknown }): unknown;
  };
}

declare module "decap-cms-core/dist/esm/backend.js" {
  export function currentBackend(config: unknown): unknown;
}

declare module "decap-cms-lib-widgets" {
  export const stringTemplate: {
    /** A summary template ("{{fields.heading}}", filters such as `| ternary('a', 'b')`) filled from an item's fields. */
    compileStringTemplate(template: string, date: null, identifier: string, data: unknown): string;
  };
}

declare module "decap-cms-backend-github" {
  /** A backend's class, as Decap makes one (`new Backend(config, options)`): what cms.ts wraps of it. */
  export type BackendClass = new (...args: never[]) => { authenticate(...args: unknown[]): Promise<unknown> };
  export const GitHubBackend: BackendClass;
}

declare module "decap-cms-backend-proxy" {
  export const ProxyBackend: new (...args: never[]) => { authenticate(...args: unknown[]): Promise<unknown> };
}

declare module "decap-cms-locales" {
  export const en: Record<string, unknown>;
}

declare module "decap-cms-widget-markdown/dist/esm/schema.js" {
  const schema: object;
  export default schema;
}

declare module "decap-cms-widget-*" {
  const widget: {
    Widget(): {
      name: string;
      controlComponent: unknown;
      previewComponent?: unknown;
      schema?: object;
      [key: string]: unknown;
    };
  };
  export default widget;
}
