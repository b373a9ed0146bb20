/**
 * The two modules of Decap CMS's own source that admin/backend.ts and admin/notice.ts reach (Decap publishes no types
 * for them, nor an API for what they give): its Redux store and the backend it made from the
 * configuration, the same instances decap-cms-app uses.
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
