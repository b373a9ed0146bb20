/**
 * The one list of islands: the interactive components the live site hydrates in the browser, each by
 * the name the build writes on its marker (`<site-island data-island="…">`). The loader
 * (src/islands/loader.ts) imports a component from here the first time a visitor reaches for one of
 * its islands; each is its own chunk, and React comes with the first one, once for the page.
 */
import type { ComponentType } from "react";

export const islands = {
  "lead-form": () => import("../components/LeadForm").then((module) => module.LeadForm),
} satisfies Record<string, () => Promise<ComponentType<never>>>;

export type IslandName = keyof typeof islands;
