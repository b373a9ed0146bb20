/**
 * The one way to make a component interactive on the live site. `<Island name component props>`:
 * - in `npm run dev`, /admin/'s preview and component tests (no host above it), it renders the
 *   component as any other, inside the whole app;
 * - in the build (src/entry-server.tsx gives an `IslandHost`), it renders a `<site-island>` marker
 *   carrying the island's name, its props (serialised, `props.ts`) and its own `identifierPrefix`;
 *   the host renders the component apart with that prefix and puts its HTML inside, so the ids
 *   `useId` gives match when the loader hydrates it with the same prefix (src/islands/).
 * Props must be plain data (JSON): the component gets nothing else, no context from the app.
 */
import { createContext, useContext, type ComponentType, type ReactElement } from "react";
import { serialiseProps } from "./props";
import type { IslandName } from "./registry";

declare module "react" {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      "site-island": {
        "data-island": string;
        "data-prefix": string;
        "data-props": string;
        dangerouslySetInnerHTML: { __html: string };
      };
    }
  }
}

export interface IslandHost {
  /** Takes an island's element: the prefix its ids get, and the marker its HTML replaces. */
  add(element: ReactElement): { prefix: string; slot: string };
}

export const IslandHostContext = createContext<IslandHost | null>(null);

/** `component` is the one the registry (registry.ts) lists under `name`; `props` plain data. */
export function Island<P extends object>({
  name,
  component: Component,
  props,
}: {
  name: IslandName;
  component: ComponentType<P>;
  props: P;
}) {
  const host = useContext(IslandHostContext);
  const element = <Component {...props} />;
  if (!host) return element;
  const { prefix, slot } = host.add(element);
  return (
    <site-island
      data-island={name}
      data-prefix={prefix}
      data-props={serialiseProps(props)}
      dangerouslySetInnerHTML={{ __html: slot }}
    />
  );
}
