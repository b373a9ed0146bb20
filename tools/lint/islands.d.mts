import type { ESLint, Rule } from "eslint";

/** The files of the island modules ui/islands/registry.ts imports, without extension. */
export function islandModules(source?: string): Set<string>;
export const liveHandlers: Rule.RuleModule;
declare const plugin: ESLint.Plugin;
export default plugin;
