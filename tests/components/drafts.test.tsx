/** Drafts are marked in the preview (npm run dev) and nowhere else. */
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fixture, replace } from "../content/helpers.ts";
import { loadContent, renderSite } from "./render-site.tsx";

const entry = "Draft: not on the live site";
const append = (text: string) => (old: string) => old + text;

/** A draft page whose sections each show a published and a draft entry of one collection. */
const preview = () =>
  loadContent(
    fixture({
      "collections/faq.yaml": append("- id: later\n  question: Later?\n  answer: Soon.\n  draft: true\n"),
      "collections/services.yaml": append(
        "- id: phones\n  title: Phones\n  icon: phone\n  summary: Phone help.\n  draft: true\n",
      ),
      "collections/plans.yaml": append(
        "- id: max\n  name: Max\n  price: 30\n  summary: All of it.\n  features:\n    - All\n  draft: true\n",
      ),
      "collections/team.yaml": append(
        "- id: bob\n  name: Bob Draft\n  role: Tester\n  bio: Bob tests.\n  photo:\n    src: images/photo.svg\n    alt: Bob\n  draft: true\n",
      ),
      "collections/testimonials.yaml": append(
        "- id: kim\n  quote: Great.\n  name: Kim Draft\n  detail: Ohio\n  draft: true\n",
      ),
      "pages/soon.yaml": [
        "route: /soon\ntitle: Soon\ndescription: Coming soon.\ndraft: true\nsections:",
        "  - type: faq\n    heading: Soon questions\n    questions: [first, later]",
        "  - type: services\n    heading: Soon services\n    services: [laptops, phones]\n    buttonLabel: Get help\n    form: callback",
        "  - type: pricing\n    heading: Soon plans\n    plans: [basic, max]\n    form: callback\n    buttonLabel: Choose\n    popularLabel: Most Popular\n    periodLabel: /month\n    includesLabel: 'Everything in {plan}, plus:'",
        "  - type: team\n    heading: Soon people\n    members: [ada, bob]",
        "  - type: testimonials\n    heading: Soon words\n    testimonials: [sam, kim]",
        "",
      ].join("\n"),
      "pages/home.yaml": replace("  - type: faq\n", "  - type: faq\n    draft: true\n"),
    }),
    { drafts: true },
  );

const notes = (container: HTMLElement = document.body) =>
  within(container)
    .queryAllByRole("note")
    .map((n) => n.textContent);

afterEach(() => vi.unstubAllEnvs());

describe("drafts in the preview", () => {
  it("a draft page says so above its first section", () => {
    renderSite("/soon", preview());
    const main = screen.getByRole("main");
    expect(main.firstElementChild!.textContent).toBe("Draft page: not on the live site");
    expect(main.firstElementChild!.getAttribute("role")).toBe("note");
  });

  it("a draft section says so and is outlined; the published sections around it are not", () => {
    renderSite("/", preview());
    const draft = screen.getByRole("region", { name: "Questions" });
    expect(notes(draft)).toEqual(["Draft section: not on the live site"]);
    expect(draft.style.outline).toMatch(/dashed/);
    const published = screen.getByRole("region", { name: "Plans" });
    expect(notes(published)).toEqual([]);
    expect(published.getAttribute("style")).toBeNull();
  });

  it.each([
    ["Soon questions", "Later?"],
    ["Soon services", "Phones"],
    ["Soon plans", "Max"],
    ["Soon people", "Bob Draft"],
    ["Soon words", "Kim Draft"],
  ])(
    "a draft entry shown by a section says so and is outlined, its published neighbour not (%s)",
    (name, draftEntry) => {
      renderSite("/soon", preview());
      const items = within(screen.getByRole("region", { name }))
        .getAllByRole("listitem")
        .filter((li) => li.parentElement?.parentElement?.closest("li") === null);
      const marked = items.filter((li) => notes(li).includes(entry));
      expect(marked).toHaveLength(1);
      expect(marked[0]!.textContent).toContain(draftEntry);
      expect(marked[0]!.style.outline).toMatch(/dashed/);
      expect(items.length).toBe(2);
    },
  );

  it("nothing is marked where import.meta.env.DEV is false, as in the built site", () => {
    vi.stubEnv("DEV", false);
    const content = preview();
    renderSite("/soon", content);
    expect(notes()).toEqual([]);
    expect(screen.getByRole("region", { name: "Soon questions" }).getAttribute("style")).toBeNull();
  });
});
