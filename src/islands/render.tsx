/**
 * Renders a page of the live site with its islands: the page once, each island (`<Island>`,
 * ui/islands/Island.tsx) apart with its own `identifierPrefix` ("i0-", "i1-", … in the page's order),
 * put in its marker's place. The loader hydrates each with the prefix written on its marker, so the
 * ids `useId` gives agree on both sides. Server side only (src/entry-server.tsx).
 */
import type { ReactElement, ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { IslandHostContext, type IslandHost } from "../../ui/islands/Island";

export function renderWithIslands(page: ReactNode): string {
  const islands: ReactElement[] = [];
  const host: IslandHost = {
    add(element) {
      const n = islands.push(element) - 1;
      return { prefix: `i${n}-`, slot: `<!--island:${n}-->` };
    },
  };
  const html = renderToString(<IslandHostContext value={host}>{page}</IslandHostContext>);
  return html.replace(/<!--island:(\d+)-->/g, (_, n: string) =>
    renderToString(islands[Number(n)]!, { identifierPrefix: `i${n}-` }),
  );
}
