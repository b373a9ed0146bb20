/**
 * The modules of Decap CMS's own source that admin/ reaches (Decap publishes no types for them, nor
 * an API for what they give): its Redux store and the backend it made from the configuration, the
 * same instances decap-cms-app uses, and its summary templates: read in admin/decap/ only (decap.ts, contracts.ts).
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
