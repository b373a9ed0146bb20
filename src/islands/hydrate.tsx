/**
 * Hydrates one island with React: loaded by the loader (loader.ts) with the first island a visitor
 * reaches for, so React comes once for the page, shared by every island on it.
 */
import type { ComponentType } from "react";
import { hydrateRoot } from "react-dom/client";

/** `prefix`: the island's `identifierPrefix`, the one the build rendered it with (its marker's). */
export function hydrate(island: HTMLElement, Component: ComponentType<object>, props: object, prefix: string): void {
  hydrateRoot(island, <Component {...props} />, { identifierPrefix: prefix });
  island.dataset.hydrated = "";
}
