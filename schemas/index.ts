/** Everything the app and the pipeline know about content, in one import. */
export * from "./collections";
export * from "./context";
export * from "./form";
export * from "./image";
export * from "./page";
export * from "./primitives";
export * from "./sections";
export * from "./site";
export * from "./suggest";
