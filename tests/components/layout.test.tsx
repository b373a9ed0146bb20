/** The layout on every page, routes from content, and content edits reaching the site without code. */
import { screen, within } from "@testing-library/react";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fixture, replace } from "../content/helpers.ts";
import { loadContent, renderSite } from "./render-site.tsx";

const shipped = loadContent(join(import.meta.dirname, "..", "..", "content"));
const routes = shipped.pages.routes;

describe("every page of the shipped site", () => {
  it.each([...routes, "/no-such-page"])("%s has the header, the footer, the call button and one h1", (route) => {
    renderSite(route, shipped);
    const header = within(screen.getByRole("banner"));
    expect(header.getByRole("img", { name: "Brightline Tech Support" })).toBeTruthy();
    expect(header.getAllByRole("link").map((a) => a.textContent)).toEqual(["", "Home", "About Us", "Contact Us"]);

    const footer = within(screen.getByRole("contentinfo"));
    for (const [name, href] of [
      ["About Us", "/about"],
      ["Contact Us", "/contact"],
      ["Privacy & Policy", "/privacy"],
      ["Terms & Condition", "/terms"],
    ]) {
      expect(footer.getByRole("link", { name }).getAttribute("href")).toBe(href);
    }
    expect(footer.getByText(/100 Example Plaza, Suite 200, Anytown, CA 90000/)).toBeTruthy();
    expect(footer.getByRole("link", { name: "1-800-555-0142" }).getAttribute("href")).toBe("tel:+18005550142");
    expect(footer.getByRole("link", { name: "help@brightline-support.example" }).getAttribute("href")).toBe(
      "mailto:help@brightline-support.example",
    );
    expect(footer.getByText(/independent provider of remote technical support/)).toBeTruthy();

    const call = screen.getByRole("link", { name: /^24X7 Toll Free Number/ });
    expect(call.getAttribute("href")).toBe("tel:+18005550142");
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    expect(screen.getByRole("main")).toBeTruthy();
  });

  it("shows the not-found page, with a way home, for an unknown path", () => {
    renderSite("/no-such-page", shipped);
    expect(screen.getByRole("heading", { level: 1, name: "We could not find that page" })).toBeTruthy();
    expect(
      within(screen.getByRole("main")).getByRole("link", { name: "Go to the home page" }).getAttribute("href"),
    ).toBe("/");
  });

  it("says on /thankyou that a technician will get back soon", () => {
    renderSite("/thankyou", shipped);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toMatch(/A technician will get back to you soon/);
  });

  it("carries the callback form on /about and /contact, and the contact information on /contact", () => {
    const about = renderSite("/about", shipped);
    expect(screen.getByRole("form", { name: "Request a callback" })).toBeTruthy();
    about.unmount();
    renderSite("/contact", shipped);
    const main = within(screen.getByRole("main"));
    expect(main.getByRole("form", { name: "Request a callback" })).toBeTruthy();
    expect(main.getByRole("heading", { name: "Contact information" })).toBeTruthy();
    expect(main.getByRole("link", { name: "1-800-555-0142" })).toBeTruthy();
  });

  it("has the landing page's six services with their button, and three plans", () => {
    renderSite("/", shipped);
    const services = within(screen.getByRole("region", { name: "Support for every device you own" }));
    const titles = ["Laptop & Computer", "PC & MAC", "Tablet", "IOS & Android", "Network Setup", "Printer"];
    for (const title of titles) {
      expect(services.getByRole("button", { name: `Submit The Form For Assistance: ${title}` }).textContent).toBe(
        "Submit The Form For Assistance",
      );
    }
    const pricing = within(screen.getByRole("region", { name: "Simple monthly plans, no surprises" }));
    expect(pricing.getAllByRole("heading", { level: 3 }).map((h) => h.textContent)).toEqual([
      "Starter",
      "Professional",
      "Enterprice",
    ]);
    expect(["$15", "$49", "$79"].map((price) => pricing.getByText(price).textContent)).toEqual(["$15", "$49", "$79"]);
  });
});

describe("editing content changes the site with no code change", () => {
  it("a price", () => {
    renderSite("/", loadContent(fixture({ "collections/plans.yaml": replace("price: 10", "price: 12.5") })));
    expect(screen.getByText("$12.50")).toBeTruthy();
  });

  it("a new FAQ entry", () => {
    const dir = fixture({
      "collections/faq.yaml": (text) => `${text}- id: hours\n  question: When are you open?\n  answer: Always.\n`,
      "pages/home.yaml": replace("      - first\n", "      - first\n      - hours\n"),
    });
    renderSite("/", loadContent(dir));
    expect(screen.getByText("When are you open?").tagName).toBe("SUMMARY");
  });

  it("a renamed service", () => {
    renderSite(
      "/more",
      loadContent(fixture({ "collections/services.yaml": replace("title: Laptops", "title: Notebooks") })),
    );
    expect(screen.getByRole("heading", { name: "Notebooks" })).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Laptops" })).toBeNull();
  });

  it("sections reordered", () => {
    const dir = fixture({
      "pages/home.yaml": (text) => {
        const [head, ...sections] = text.split(/\n(?= {2}- type: )/);
        return [head, ...sections.reverse()].join("\n").replace(/\n*$/, "\n");
      },
    });
    renderSite("/", loadContent(dir));
    const headings = screen.getAllByRole("heading", { level: 1 }).concat(screen.getAllByRole("heading", { level: 2 }));
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Pictures");
    expect(headings.map((h) => h.textContent)).toEqual(
      expect.arrayContaining(["Pictures", "Questions", "Plans", "Welcome"]),
    );
  });

  it("a new page file is a new route", () => {
    const dir = fixture({
      "pages/careers.yaml":
        "route: /careers\ntitle: Careers\ndescription: Jobs.\nsections:\n  - type: prose\n    heading: Work with us\n    body: We are hiring.\n",
    });
    renderSite("/careers", loadContent(dir));
    expect(screen.getByRole("heading", { level: 1, name: "Work with us" })).toBeTruthy();
  });

  it("the phone number, changed in one place, changes everywhere", () => {
    const dir = fixture({
      "site.yaml": (text) =>
        text.replace("display: 1-800-555-0100", "display: 1-888-555-0199").replace('"+18005550100"', '"+18885550199"'),
    });
    renderSite("/", loadContent(dir));
    const telLinks = [...document.querySelectorAll('a[href^="tel:"]')].map((a) => a.getAttribute("href"));
    expect(telLinks.length).toBeGreaterThanOrEqual(3);
    expect(new Set(telLinks)).toEqual(new Set(["tel:+18885550199"]));
    expect(screen.getByText("Call 1-888-555-0199 any time.")).toBeTruthy();
    expect(document.body.textContent).not.toContain("555-0100");
  });
});
