/**
 * Islands as the build writes them and the loader hydrates them: two lead forms rendered by the
 * pre-renderer's function (src/islands/render.tsx), then hydrated by the loader's (src/islands/hydrate.tsx)
 * in the DOM, as the live site does. Fixture content through the real pipeline.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithIslands } from "../../src/islands/render.tsx";
import { hydrate } from "../../src/islands/hydrate.tsx";
import { LeadForm } from "../../ui/components/LeadForm.tsx";
import { Island } from "../../ui/islands/Island.tsx";
import { parseProps } from "../../ui/islands/props.ts";
import { loadContent } from "./render-site.tsx";

const content = loadContent();
const [formId, form] = Object.entries(content.forms)[0]!;
const phone = { e164: content.site.contact.phone.e164, display: content.site.contact.phone.display };
/** A content string that would close the marker and open a script, were it written as it is. */
const hostile = `</site-island><script>window.ran = true</script><!--`;
const props = [
  { formId, form: { ...form, title: `${form.title} ${hostile}` }, level: 2 as const, page: "/", phone },
  { formId, form, level: 2 as const, page: "/", phone, choice: "Second", context: "Second" },
];
const page = (
  <main>
    {props.map((p, n) => (
      <Island key={n} name="lead-form" component={LeadForm} props={p} />
    ))}
  </main>
);

let actEnvironment: unknown;
beforeEach(() => {
  // hydrate() runs as on the live site, outside Testing Library's act().
  actEnvironment = (globalThis as { IS_REACT_ACT_ENVIRONMENT?: unknown }).IS_REACT_ACT_ENVIRONMENT;
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: unknown }).IS_REACT_ACT_ENVIRONMENT = false;
});
afterEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: unknown }).IS_REACT_ACT_ENVIRONMENT = actEnvironment;
  document.body.innerHTML = "";
  vi.restoreAllMocks();
});

describe("islands", () => {
  it("carry their props whole in their marker, with no < that could end it or open a script", () => {
    const html = renderWithIslands(page);
    const attributes = [...html.matchAll(/data-props="([^"]*)"/g)].map((m) => m[1]!);
    expect(attributes).toHaveLength(2);
    for (const attribute of attributes) expect(attribute).not.toContain("<");
    document.body.innerHTML = html;
    expect(document.querySelectorAll("script")).toHaveLength(0);
    const markers = [...document.querySelectorAll<HTMLElement>("site-island")];
    expect(markers.map((m) => m.dataset.island)).toEqual(["lead-form", "lead-form"]);
    expect(markers.map((m) => parseProps(m.dataset.props!))).toEqual(JSON.parse(JSON.stringify(props)));
    // The hostile title shows as text in the form's heading.
    expect(markers[0]!.querySelector("h2")!.textContent).toContain(hostile);
  });

  it("each gets its own id prefix, and hydrates with it, in any order, without a mismatch, keeping its ids and what was typed", async () => {
    document.body.innerHTML = renderWithIslands(page);
    const markers = [...document.querySelectorAll<HTMLElement>("site-island")];
    expect(markers.map((m) => m.dataset.prefix)).toEqual(["i0-", "i1-"]);
    const ids = () => [...document.querySelectorAll("[id]")].map((e) => e.id);
    const before = ids();
    expect(new Set(before).size).toBe(before.length);
    const first = markers[0]!.querySelector<HTMLInputElement>("input:not([type=hidden]):not([tabindex='-1'])")!;
    first.value = "typed before hydration";

    const errors = vi.spyOn(console, "error");
    // The later island first: each has its own prefix, so the order they are reached in does not matter
    // (tests/e2e/islands.spec.ts hydrates two in the page's order).
    for (const marker of [...markers].reverse())
      await hydrate(marker, LeadForm as never, parseProps(marker.dataset.props!), marker.dataset.prefix!, 0);

    expect(errors).not.toHaveBeenCalled();
    expect(markers.every((m) => m.hasAttribute("data-hydrated"))).toBe(true);
    expect(ids()).toEqual(before);
    expect(first.value).toBe("typed before hydration");
    // Every label still names its box.
    for (const label of document.querySelectorAll("label"))
      expect(document.getElementById(label.htmlFor), label.htmlFor).not.toBeNull();
  });
});
