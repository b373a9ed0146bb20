/** Everything the app and the pipeline know about content, in one import. */
export * from "./collections.ts";
export * from "./context.ts";
export * from "./form.ts";
export * from "./image.ts";
export type * from "./inbox.ts";
export * from "./lead-limits.ts";
export * from "./leads.ts";
export * from "./links.ts";
export * from "./page.ts";
export * from "./placements.ts";
export * from "./primitives.ts";
export * from "./redirects.ts";
export * from "./references.ts";
export * from "./schedule.ts";
export * from "./sections/index.ts";
export * from "./site.ts";
export * from "./suggest.ts";
export * from "./kinds.ts";
