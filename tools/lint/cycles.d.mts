import type { ESLint, Rule } from "eslint";

/** The product's folders, whose files the rule reads. */
export const productFolders: string[];
/** The file a relative import names, or undefined (a package, a missing file, an asset). */
export function resolveImport(from: string, specifier: string): string | undefined;
/** The files a source text imports, type-only imports included. */
export function importsOf(file: string, source: string): string[];
/** Each file of `folders` (under `base`) and the files it imports. */
export function importGraph(base?: string, folders?: string[]): Map<string, string[]>;
/** Every circle in `graph`, once each, its first file repeated at the end. */
export function findCycles(graph: Map<string, string[]>): string[][];
export const noCycle: Rule.RuleModule;
declare const plugin: ESLint.Plugin;
export default plugin;
