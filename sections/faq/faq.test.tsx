/** The FAQ section, rendered from fixture content through the real pipeline. */
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fixture, replace } from "../../tests/content/helpers.ts";
import { loadContent, renderSite } from "../../tests/components/render-site.tsx";

const section = (name: string) => screen.getByRole("region", { name });

describe("the FAQ section", () => {
  it("faq: each question as a closed disclosure with its answer", () => {
    const { container } = renderSite("/");
    const details = container.querySelectorAll("details");
    expect(details).toHaveLength(1);
    expect(within(section("Questions")).getByText("Is this a test?").tagName).toBe("SUMMARY");
    expect(details[0]!.open).toBe(false);
    expect(details[0]!.textContent).toContain("Yes, it is only a test.");
  });

  it("keeps one answer open at a time", async () => {
    const user = userEvent.setup();
    const dir = fixture({
      "collections/faq/second.yaml": "question: Is this the second?\nanswer: It is.\n",
      "pages/home.yaml": replace("      - first\n", "      - first\n      - second\n"),
    });
    renderSite("/", loadContent(dir));
    const first = screen.getByText("Is this a test?");
    const second = screen.getByText("Is this the second?");
    await user.click(first);
    expect(first.closest("details")!.open).toBe(true);
    await user.click(second);
    expect(second.closest("details")!.open).toBe(true);
    expect(first.closest("details")!.open).toBe(false);
  });
});
