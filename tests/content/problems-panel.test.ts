// @vitest-environment jsdom
/** The problems panel `npm run dev` shows over the page, rendered from problems of the real pipeline. */
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { runContent } from "../../scripts/content/pipeline.ts";
import { showProblems } from "../../scripts/content/dev/problems-panel.ts";
import type { PanelProblem } from "../../scripts/content/dev/problems-protocol.ts";
import { fixture, replace } from "./helpers.ts";

function problemsOf(dir: string): PanelProblem[] {
  return runContent({ contentDir: dir }).problems.map((p) => ({ ...p, open: `${join(dir, "x")}:${p.line}:${p.column}` }));
}
const panel = () => document.getElementById("content-problems")?.shadowRoot;

afterEach(() => showProblems([]));

describe("the problems panel", () => {
  it("lists each problem with its file, line, field and message, linked to the file in the editor", () => {
    const problems = problemsOf(fixture({ "pages/home.yaml": replace("type: pricing", "type: pricng") }));
    showProblems(problems);
    const root = panel()!;
    expect(root.querySelector("[role=alert] h2")!.textContent).toBe("A problem in the content");
    const link = root.querySelector("li a") as HTMLAnchorElement;
    expect(link.textContent).toMatch(/pages\/home\.yaml, line 11, column 11$/);
    expect(link.getAttribute("href")).toBe(`/__open-in-editor?file=${encodeURIComponent(problems[0]!.open)}`);
    expect(root.querySelector("li code")!.textContent).toBe("sections[1].type");
    expect(root.querySelector("li .message")!.textContent).toMatch(/^unknown type "pricng"\. Did you mean "pricing"\?/);
  });

  it("speaks to the person editing content: fix the first one and save; nothing about configuring Vite", () => {
    showProblems(problemsOf(fixture({ "pages/home.yaml": replace("type: pricing", "type: pricng"), "forms/callback.yaml": "" })));
    const text = panel()!.textContent!;
    expect(text).toContain("2 problems in the content");
    expect(text).toContain("Fix the first one (the others may go with it) and save the file: this page updates by itself.");
    expect(text).not.toMatch(/vite|config|hmr|plugin/i);
  });

  it("opens the file in the editor without leaving the page", () => {
    const fetch = vi.fn(() => Promise.resolve(new Response()));
    vi.stubGlobal("fetch", fetch);
    showProblems(problemsOf(fixture({ "pages/home.yaml": replace("type: pricing", "type: pricng") })));
    const link = panel()!.querySelector("li a") as HTMLAnchorElement;
    const click = new MouseEvent("click", { cancelable: true });
    link.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    expect(fetch).toHaveBeenCalledWith(link.href);
    vi.unstubAllGlobals();
  });

  it("goes away when the problems are fixed, and with its Hide button", () => {
    const problems = problemsOf(fixture({ "pages/home.yaml": replace("type: pricing", "type: pricng") }));
    showProblems(problems);
    expect(panel()).toBeDefined();
    showProblems([]);
    expect(panel()).toBeUndefined();
    showProblems(problems);
    (panel()!.querySelector("button") as HTMLButtonElement).click();
    expect(panel()).toBeUndefined();
  });
});
