/** Drafts are marked in the preview (npm run dev) and nowhere else. */
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fixture, replace } from "../content/helpers.ts";
import { loadContent, renderSite } from "./render-site.tsx";

const entry = "Draft: not on the live site";

/** A draft page whose sections each show a published and a draft entry of one collection. */
const preview = () =>
  loadContent(
    fixture({
      "collections/faq/later.yaml": "question: Later?\nanswer: Soon.\ndraft: true\n",
      "collections/services/phones.yaml": "title: Phones\nicon: phone\nsummary: Phone help.\ndraft: true\n",
      "collections/plans/max.yaml": "name: Max\nprice: 30\nsummary: All of it.\nfeatures:\n  - All\ndraft: true\n",
      "collections/team/bob.yaml":
        "name: Bob Draft\nrole: Tester\nbio: Bob tests.\nphoto:\n  src: images/photo.svg\n  alt: Bob\ndraft: true\n",
      "collections/testimonials/kim.yaml": "quote: Great.\nname: Kim Draft\ndetail: Ohio\ndraft: true\n",
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

  it("nothing is marked in the mode of the built site (production)", () => {
    vi.stubEnv("MODE", "production");
    const content = preview();
    renderSite("/soon", content);
    expect(notes()).toEqual([]);
    expect(screen.getByRole("region", { name: "Soon questions" }).getAttribute("style")).toBeNull();
  });
});
