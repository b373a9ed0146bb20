/**
 * Hydrates one island with React: loaded by the loader (loader.ts) with the first island a visitor
 * reaches for, so React comes once for the page, shared by every island on it.
 */
import { useEffect, type ComponentType, type ReactNode } from "react";
import { hydrateRoot } from "react-dom/client";

/** Renders nothing of its own; tells when the island is hydrated (its effects run after it). */
function Hydrated({ done, children }: { done: () => void; children: ReactNode }) {
  useEffect(done, [done]);
  return children;
}

/**
 * `prefix`: the island's `identifierPrefix`, the one the build rendered it with (its marker's).
 * `reachedAt`: when the visitor first reached for it (performance.now()), given to the component with
 * its props (a form counts the time a visitor takes from there); undefined when the island was filled
 * in before the loader could see it (the form then sends no time). Resolves once hydrated: its handlers
 * are live from then on.
 */
export function hydrate(
  island: HTMLElement,
  Component: ComponentType<{ reachedAt?: number }>,
  props: object,
  prefix: string,
  reachedAt: number | undefined,
): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      island.dataset.hydrated = "";
      resolve();
    };
    hydrateRoot(
      island,
      <Hydrated done={done}>
        <Component {...props} reachedAt={reachedAt} />
      </Hydrated>,
      { identifierPrefix: prefix },
    );
  });
}
