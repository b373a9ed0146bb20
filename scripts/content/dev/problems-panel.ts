/**
 * The problems panel of `npm run dev` (added to the page by vite-plugin.ts, never part of the built
 * site): the content's problems over the page, the one to fix first on top, each linking to its
 * file and line. Written for the person editing content, where Vite's own error overlay ends with
 * advice about vite.config.ts. It asks for the problems when the page loads, then follows every change.
 */
import { helloEvent, problemsEvent, type PanelProblem } from "./problems-protocol.ts";

const hostId = "content-problems";

const style = `
  .panel { position: fixed; inset: 0 0 auto; z-index: 2147483647; max-height: 60vh; overflow: auto; margin: 0;
    padding: 1rem 1.5rem; background: #fff; color: #1a1a1a; border-bottom: 6px solid #b00020;
    box-shadow: 0 4px 24px rgb(0 0 0 / 0.35); font: 16px/1.5 system-ui, sans-serif; }
  h2 { margin: 0 0 0.25rem; font-size: 1.25rem; color: #b00020; }
  ol { margin: 0.75rem 0 0; padding-left: 1.5rem; }
  li { margin-bottom: 0.75rem; }
  a { color: #0b57d0; font-weight: 600; }
  code { font-size: 0.9em; background: #f1f1f1; padding: 0 0.25em; }
  .message { margin: 0.125rem 0 0; white-space: pre-wrap; }
  button { position: absolute; top: 0.75rem; right: 1rem; font: inherit; padding: 0.25rem 0.75rem; }
`;

function element<K extends keyof HTMLElementTagNameMap>(doc: Document, tag: K, text?: string): HTMLElementTagNameMap[K] {
  const el = doc.createElement(tag);
  if (text !== undefined) el.textContent = text;
  return el;
}

function item(doc: Document, problem: PanelProblem): HTMLLIElement {
  const li = element(doc, "li");
  const link = element(doc, "a", `${problem.file}, line ${problem.line}, column ${problem.column}`);
  link.href = `/__open-in-editor?file=${encodeURIComponent(problem.open)}`;
  link.title = "Open the file at this line in your editor";
  // Vite's endpoint opens the editor; the page itself stays where it is.
  link.addEventListener("click", (event) => {
    event.preventDefault();
    void fetch(link.href);
  });
  li.append(link);
  if (problem.field) li.append(" ", element(doc, "code", problem.field));
  li.append(element(doc, "p", problem.message));
  li.lastElementChild!.className = "message";
  return li;
}

/** Shows these problems over the page, or removes the panel when there are none. */
export function showProblems(problems: readonly PanelProblem[], doc: Document = document): void {
  doc.getElementById(hostId)?.remove();
  if (problems.length === 0) return;
  const host = element(doc, "div");
  host.id = hostId;
  // A shadow root keeps the site's styles and the panel's apart.
  const root = host.attachShadow({ mode: "open" });
  const panel = element(doc, "section");
  panel.className = "panel";
  panel.setAttribute("role", "alert");
  panel.setAttribute("aria-labelledby", "content-problems-title");
  const count = problems.length === 1 ? "A problem" : `${problems.length} problems`;
  const title = element(doc, "h2", `${count} in the content`);
  title.id = "content-problems-title";
  const hint = element(
    doc,
    "p",
    `The page shows the last version without problems. Fix ${problems.length === 1 ? "it" : "the first one (the others may go with it)"} and save the file: this page updates by itself.`,
  );
  const list = element(doc, "ol");
  list.append(...problems.map((problem) => item(doc, problem)));
  const hide = element(doc, "button", "Hide");
  hide.type = "button";
  hide.addEventListener("click", () => host.remove());
  panel.append(title, hint, list, hide);
  const css = element(doc, "style", style);
  root.append(css, panel);
  doc.body.append(host);
}

if (import.meta.hot) {
  import.meta.hot.on(problemsEvent, (problems: PanelProblem[]) => showProblems(problems));
  import.meta.hot.send(helloEvent);
}
