/**
 * The launch requirements (docs/requirements.md) as checks of a content folder: names, counts, prices,
 * spelling. `npm run check:spec` runs them on content/ (tests/spec/launch-content.test.ts, not part of
 * `npm test`: marketing may move on from them); `npm test` runs them on the launch content kept in
 * tests/spec/launch-content/ (tests/content/launch-spec.test.ts), so a change to the content model
 * that breaks these checks is seen the day it is made, not the day someone runs check:spec.
 */
import { describe, expect, it } from "vitest";
import { runContent } from "../../scripts/content/pipeline.ts";

/** Whether `list` holds every item of `wanted`, in that order (others may come between). */
function inOrder(list: readonly string[], wanted: readonly string[]): boolean {
  let at = 0;
  for (const item of list) if (item === wanted[at]) at++;
  return at === wanted.length;
}
import type { SectionOf, SectionType } from "../../schemas/index.ts";

export function checkLaunchContent(contentDir: string, name: string): void {
  const { content, problems } = runContent({ contentDir });
  const pages = content!.pages.map((p) => p.page);
  const page = (route: string) => pages.find((p) => p.route === route)!;
  const home = page("/");
  const section = <T extends SectionType>(type: T) => home.sections.find((s): s is SectionOf<T> => s.type === type)!;

  describe(name, () => {
    it("is valid", () => expect(problems).toEqual([]));

    it("has every route of the specification and a not-found page", () => {
      expect(pages.map((p) => p.route).sort()).toEqual([
        "/",
        "/404",
        "/about",
        "/contact",
        "/privacy",
        "/terms",
        "/thankyou",
      ]);
      expect(content!.settings.site!.notFoundRoute).toBe("/404");
      expect(page("/thankyou").index).toBe(false);
    });

    it("has the header and footer links, the call button label and the disclaimer", () => {
      const site = content!.settings.site!;
      expect(site.navigation.header.map((l) => l.label)).toEqual(["Home", "About Us", "Contact Us"]);
      // The specification's footer links, in its order; the site may add its own between them
      // (issue 59: the help guides and case studies are reached from the footer). The header is the spec's exactly.
      expect(
        inOrder(
          site.navigation.footer.map((l) => l.label),
          ["About Us", "Contact Us", "Privacy & Policy", "Terms & Condition"],
        ),
      ).toBe(true);
      expect(site.callButton.label).toBe("24X7 Toll Free Number");
      expect(site.footer.disclaimer).toMatch(/independent .* not\s+affiliated/);
      expect(site.contact.phone.display).toMatch(/555-01\d\d/);
      expect(site.contact.phone.e164).toMatch(/^\+1\d{3}55501\d\d$/);
    });

    it("lays the landing page out in the specification's order", () => {
      // The specification's sections in its order; sections it does not name may come between
      // (issue 59: the latest help guides on the home page).
      const specified = [
        "hero",
        "about",
        "services",
        "features",
        "pricing",
        "team",
        "gallery",
        "testimonials",
        "callout",
        "faq",
      ];
      expect(home.sections[0]!.type).toBe("hero");
      expect(
        inOrder(
          home.sections.map((s) => s.type),
          specified,
        ),
      ).toBe(true);
      expect(home.sections.filter((s) => specified.includes(s.type)).map((s) => s.type)).toEqual(specified);
      expect(section("hero").actions.length).toBeGreaterThan(0);
      expect(section("about").assist).toHaveLength(4);
      expect(section("about").form?.id).toBe("callback");
      expect(section("features").heading).toBe("Why Choose Us");
      expect(section("features").items).toHaveLength(3);
      expect(section("team").members).toHaveLength(3);
      expect(section("testimonials").testimonials).toHaveLength(1);
      expect(section("faq").questions).toHaveLength(5);
    });

    it("has the six services, each with the assistance button", () => {
      const services = section("services");
      const byId = new Map(content!.collections.services!.map((s) => [s.id, s]));
      expect(services.services.map(({ id }) => byId.get(id)!.title)).toEqual([
        "Laptop & Computer",
        "PC & MAC",
        "Tablet",
        "IOS & Android",
        "Network Setup",
        "Printer",
      ]);
      expect(services.buttonLabel).toBe("Submit The Form For Assistance");
    });

    it("has the three plans with their prices and features, Professional most popular", () => {
      const byId = new Map(content!.collections.plans!.map((p) => [p.id, p]));
      const plans = section("pricing").plans.map(({ id }) => byId.get(id)!);
      expect(plans.map((p) => [p.name, p.price, p.popular])).toEqual([
        ["Starter", 15, false],
        ["Professional", 49, true],
        ["Enterprice", 79, false],
      ]);
      expect(plans[0]!.features).toEqual(["Help desk", "Infected clean-up"]);
      expect(plans[1]!.features).toEqual([
        "Security suite",
        "Onboarding/offboarding",
        "Data assurance",
        "Network education",
      ]);
      expect(plans[2]!.features).toEqual(["Darkweb monitoring", "Compliance guidance", "Dedicated IT manager"]);
      expect(section("pricing").popularLabel).toBe("Most Popular");
      expect(section("pricing").form?.id).toBe("subscribe");
    });

    it("has callback and subscribe forms with name, email and phone, all required", () => {
      for (const id of ["callback", "subscribe"]) {
        const form = content!.forms[id]!;
        expect(form.fields.map((f) => [f.name, f.type, f.required])).toEqual([
          ["name", "text", true],
          ["email", "email", true],
          ["phone", "tel", true],
        ]);
        expect(form.success).toBe("/thankyou");
      }
    });

    it("states the eligibility rules in both legal pages", () => {
      for (const route of ["/privacy", "/terms"]) {
        const body = page(route).sections[0]!;
        const html = body.type === "prose" ? body.body : "";
        expect(html).toMatch(/18 years of age or older/);
        expect(html).toMatch(/resident of the United States/);
        expect(html).toMatch(/under (the age of )?16/);
      }
    });

    it("tells the visitor on /thankyou that a technician will get back soon", () => {
      expect(page("/thankyou").sections[0]!.heading).toMatch(/technician will get back to you soon/);
    });
  });
}
