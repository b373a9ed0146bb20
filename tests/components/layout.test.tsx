/** The layout on every page, routes from content, and content edits reaching the site without code. */
import { screen, within } from "@testing-library/react";
import { escapeRegExp } from "../content-facts.ts";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  addressLine,
  entries,
  headed,
  hrefOf,
  inlineForm,
  mainHeading,
  regionIndex,
  sectionsOf,
  textOf,
} from "../content-facts.ts";
import { fixture, replace } from "../content/helpers.ts";
import { loadContent, renderSite } from "./render-site.tsx";

const shipped = loadContent(join(import.meta.dirname, "..", "..", "content"));
const { site } = shipped;
const pages = shipped.pageList;
const notFound = pages.find((page) => page.route === site.notFoundRoute)!;

describe("every page of the shipped site", () => {
  it.each([...shipped.pages.routes, "/no-such-page"])(
    "%s has the header, the footer, the call button and one h1",
    (route) => {
      renderSite(route, shipped);
      const header = within(screen.getByRole("banner"));
      expect(header.getByRole("img", { name: site.company.logo.alt })).toBeTruthy();
      const navigation = within(header.getByRole("navigation"));
      expect(navigation.getAllByRole("link").map((a) => [a.textContent, a.getAttribute("href")])).toEqual(
        site.navigation.header.map((link) => [link.label, hrefOf(site, link.to)]),
      );

      const footer = within(screen.getByRole("contentinfo"));
      // The footer's own list: each label once there (content:check refuses a label used twice in one list).
      const footerLinks = within(footer.getByRole("navigation", { name: site.footer.linksHeading }));
      // …then "Your Privacy Choices", which opens the choices (the page about them without scripts).
      expect(footerLinks.getAllByRole("link").map((a) => [a.textContent, a.getAttribute("href")])).toEqual([
        ...site.navigation.footer.map((link) => [link.label, hrefOf(site, link.to)]),
        [site.privacy.choices.link, site.privacy.choices.page ?? "#privacy-choices"],
      ]);
      expect(footer.getByText(addressLine(site))).toBeTruthy();
      expect(footer.getByRole("link", { name: site.contact.phone.display }).getAttribute("href")).toBe(
        `tel:${site.contact.phone.e164}`,
      );
      expect(footer.getByRole("link", { name: site.contact.email }).getAttribute("href")).toBe(
        `mailto:${site.contact.email}`,
      );
      expect(screen.getByRole("contentinfo").textContent!.replace(/\s+/g, " ")).toContain(
        textOf(site.footer.disclaimer),
      );

      const call = screen.getByRole("link", { name: new RegExp(`^${escapeRegExp(site.callButton.label)}`) });
      expect(call.getAttribute("href")).toBe(`tel:${site.contact.phone.e164}`);
      expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
      expect(screen.getByRole("main")).toBeTruthy();
    },
  );

  it("shows the not-found page for an unknown path", () => {
    renderSite("/no-such-page", shipped);
    expect(screen.getByRole("heading", { level: 1, name: mainHeading(notFound) })).toBeTruthy();
  });

  it.each(pages.map((page) => [page.route, page] as const))(
    "%s shows every section's heading, in order",
    (route, page) => {
      renderSite(route, shipped);
      const headings = within(screen.getByRole("main"))
        .getAllByRole("heading")
        .map((h) => h.textContent);
      let from = 0;
      for (const section of page.sections) {
        if (section.heading === undefined) continue;
        const at = headings.indexOf(section.heading, from);
        expect(at, `"${section.heading}" after heading ${from}`).toBeGreaterThanOrEqual(from);
        from = at + 1;
      }
    },
  );

  it.each(
    pages.flatMap((page) =>
      page.sections.flatMap((s) => (inlineForm(s) ? [[page.route, inlineForm(s)!] as const] : [])),
    ),
  )("%s carries the %s form with its labelled fields", (route, id) => {
    renderSite(route, shipped);
    const form = within(within(screen.getByRole("main")).getAllByRole("form", { name: shipped.forms[id]!.title })[0]!);
    for (const field of shipped.forms[id]!.fields) expect(form.getByLabelText(field.label)).toBeTruthy();
    expect(form.getByRole("button", { name: shipped.forms[id]!.submitLabel })).toBeTruthy();
  });

  it("lists every plan of each pricing section with its price, and every service with its button", () => {
    for (const { page, section } of headed(sectionsOf(pages, "pricing"))) {
      const view = renderSite(page.route, shipped);
      const region = within(screen.getAllByRole("region", { name: section.heading })[regionIndex(page, section)]!);
      const plans = entries(shipped.collections, section.plans);
      expect(region.getAllByRole("heading", { level: 3 }).map((h) => h.textContent)).toEqual(plans.map((p) => p.name));
      for (const plan of plans) {
        expect(region.getByRole("button", { name: `${section.buttonLabel}: ${plan.name}` })).toBeTruthy();
        expect(region.getAllByText(new RegExp(`\\b${plan.price}\\b`)).length).toBeGreaterThan(0);
      }
      view.unmount();
    }
    for (const { page, section } of headed(sectionsOf(pages, "services"))) {
      const view = renderSite(page.route, shipped);
      const region = within(screen.getAllByRole("region", { name: section.heading })[regionIndex(page, section)]!);
      for (const service of entries(shipped.collections, section.services)) {
        expect(region.getByRole("button", { name: `${section.buttonLabel}: ${service.title}` }).textContent).toBe(
          section.buttonLabel,
        );
      }
      view.unmount();
    }
  });
});

describe("editing content changes the site with no code change", () => {
  it("a price", () => {
    renderSite("/", loadContent(fixture({ "collections/plans/basic.yaml": replace("price: 10", "price: 12.5") })));
    expect(screen.getByText("$12.50")).toBeTruthy();
  });

  it("a new FAQ entry", () => {
    const dir = fixture({
      "collections/faq/hours.yaml": "question: When are you open?\nanswer: Always.\n",
      "pages/home.yaml": replace("      - first\n", "      - first\n      - hours\n"),
    });
    renderSite("/", loadContent(dir));
    expect(screen.getByText("When are you open?").tagName).toBe("SUMMARY");
  });

  it("a renamed service", () => {
    renderSite(
      "/more",
      loadContent(fixture({ "collections/services/laptops.yaml": replace("title: Laptops", "title: Notebooks") })),
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

  it("header and footer links to the phone number and the e-mail address", () => {
    const dir = fixture({
      "site.yaml": replace(
        "  footer:\n    - label: Legal\n      to: /legal\n",
        "    - label: Call now\n      to: phone\n  footer:\n    - label: Legal\n      to: /legal\n    - label: Write\n      to: email\n",
      ),
    });
    renderSite("/", loadContent(dir));
    const header = within(screen.getByRole("banner"));
    expect(header.getByRole("link", { name: "Call now" }).getAttribute("href")).toBe("tel:+18005550100");
    const footer = within(screen.getByRole("contentinfo"));
    expect(footer.getByRole("link", { name: "Write" }).getAttribute("href")).toBe("mailto:help@fixture.example");
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

describe("a campaign landing page (fixture content: landing: true)", () => {
  const dir = fixture({
    "site.yaml": replace(
      '  disclaimer: "{{company}} is independent."\n',
      '  disclaimer: "{{company}} is independent."\n  legalLinks:\n    - label: Legal\n      to: /legal\n',
    ),
    "forms/offer.yaml": [
      "title: Get a call back",
      "fields:",
      "  - name: name",
      "    label: Name",
      "    autocomplete: name",
      "submitLabel: Call me",
      "success: /offer/thanks",
      "",
    ].join("\n"),
    "pages/offer.yaml": [
      "route: /offer",
      "title: Offer",
      "description: A campaign's page.",
      "landing: true",
      "sections:",
      "  - type: form",
      "    heading: Talk to a technician now",
      "    form: offer",
      "",
    ].join("\n"),
    "pages/offer-thanks.yaml": [
      "route: /offer/thanks",
      "title: Thanks",
      "description: We call you soon.",
      "landing: true",
      "index: false",
      "sections:",
      "  - type: prose",
      "    heading: Thank you",
      "    body: We call you soon.",
      "",
    ].join("\n"),
  });
  const landing = loadContent(dir);

  it.each(["/offer", "/offer/thanks"])(
    "%s: the logo and the phone only in the header, the legal links, Your Privacy Choices and the disclaimer in the footer",
    (route) => {
      renderSite(route, landing);
      const header = within(screen.getByRole("banner"));
      expect(header.getByRole("img", { name: landing.site.company.logo.alt })).toBeTruthy();
      expect(header.queryByRole("navigation")).toBeNull();
      expect(header.getAllByRole("link").map((a) => a.getAttribute("href"))).toEqual([
        `tel:${landing.site.contact.phone.e164}`,
      ]);
      const footer = within(screen.getByRole("contentinfo"));
      expect(footer.getAllByRole("link").map((a) => a.textContent)).toEqual([
        ...landing.site.footer.legalLinks!.map((link) => link.label),
        landing.site.privacy.choices.link,
      ]);
      expect(screen.getByRole("contentinfo").textContent).toContain(textOf(landing.site.footer.disclaimer));
      expect(footer.queryByText(addressLine(landing.site))).toBeNull();
    },
  );

  it("has its own form, whose success page is its own thank-you page, a landing page too; other pages keep the site's layout", () => {
    renderSite("/offer", landing);
    expect(screen.getByRole("form", { name: "Get a call back" })).toBeTruthy();
    expect(landing.forms.offer!.success).toBe("/offer/thanks");
    expect(landing.pageList.find((page) => page.route === "/offer/thanks")!.landing).toBe(true);
    renderSite("/", landing);
    expect(within(screen.getAllByRole("banner").at(-1)!).getByRole("navigation")).toBeTruthy();
  });
});
