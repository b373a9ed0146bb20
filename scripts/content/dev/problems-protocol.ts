/** What the dev server (vite-plugin.ts) and the page's problems panel (problems-panel.ts) say to each other. */
import type { Problem } from "../problems/problem.ts";

/** Server → page: the content's problems as they are now, none when the content is fine. */
export const problemsEvent = "content:problems";
/** Page → server, when the panel loads: "send me the problems as they are now". */
export const helloEvent = "content:hello";

/** A problem as the panel shows it; `open` ("/abs/file:line:column") is what Vite's open-in-editor takes. */
export interface PanelProblem extends Problem {
  open: string;
}
