/** Every section renderer, rendered from fixture content through the real pipeline. */
import { screen, within } from "@testing-library/react";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { sectionTypes } from "../../schemas/index.ts";
import { sectionRenderers } from "../../src/sections/registry.ts";
import { fixture, replace } from "../content/helpers.ts";
import { loadContent, renderSite } from "./render-site.tsx";

const section = (name: string) => screen.getByRole("region", { name });

describe("section renderers", () => {
  it("exist for every section type the schemas define", () => {
    expect(Object.keys(sectionRenderers).sort()).toEqual([...sectionTypes].sort());
  });

  it("hero: the page's h1, its intro and a call-to-action calling the toll-free number", () => {
    renderSite("/");
    expect(screen.getByRole("heading", { level: 1, name: "Welcome" })).toBeTruthy();
    expect(within(section("Welcome")).getByText("Call 1-800-555-0100 any time.")).toBeTruthy();
    expect(within(section("Welcome")).getByRole("link", { name: "Call" }).getAttribute("href")).toBe(
      "tel:+18005550100",
    );
  });

  it("pricing: name, price per month, most popular badge, included plan and features", () => {
    renderSite("/");
    const plans = within(section("Plans"))
      .getAllByRole("listitem")
      .filter((li) => li.className.startsWith("plan"));
    expect(plans).toHaveLength(2);
    const [basic, plus] = plans as [HTMLElement, HTMLElement];
    expect(within(basic).getByRole("heading", { level: 3, name: "Basic" })).toBeTruthy();
    expect(within(basic).getByText("$10")).toBeTruthy();
    expect(within(basic).getByText("/month")).toBeTruthy();
    expect(within(basic).queryByText("Most Popular")).toBeNull();
    expect(within(plus).getByText("Most Popular")).toBeTruthy();
    expect(within(plus).getByText("$20")).toBeTruthy();
    expect(within(plus).getByText("Everything in Basic, plus:")).toBeTruthy();
    expect(within(plus).getByText("More help")).toBeTruthy();
    expect(within(plus).getByRole("button", { name: "Choose: Plus" })).toBeTruthy();
  });

  it("faq: each question as a closed disclosure with its answer", () => {
    const { container } = renderSite("/");
    const details = container.querySelectorAll("details");
    expect(details).toHaveLength(1);
    expect(within(section("Questions")).getByText("Is this a test?").tagName).toBe("SUMMARY");
    expect(details[0]!.open).toBe(false);
    expect(details[0]!.textContent).toContain("Yes, it is only a test.");
  });

  it("gallery: pictures with alt text, intrinsic size and captions", () => {
    renderSite("/");
    const image = within(section("Pictures")).getByRole("img", { name: "A photo" });
    expect(image.getAttribute("width")).toBe("300");
    expect(image.getAttribute("height")).toBe("200");
    expect(image.getAttribute("src")).toMatch(/^\/media\/photo-[0-9a-f]+\.svg$/);
  });

  it("about: story, assist categories and the inline form", () => {
    renderSite("/more");
    const about = section("About the fixture");
    expect(within(about).getByText("tests").tagName).toBe("STRONG");
    expect(within(about).getByRole("heading", { name: "We assist with" })).toBeTruthy();
    expect(within(about).getByRole("heading", { name: "Viruses" })).toBeTruthy();
    expect(within(about).getByRole("heading", { name: "Speed" })).toBeTruthy();
    expect(within(about).getByRole("form", { name: "Call me" })).toBeTruthy();
  });

  it("services: a card per service, each with the section's button", () => {
    renderSite("/more");
    const services = section("Our services");
    expect(within(services).getByRole("heading", { name: "Laptops" })).toBeTruthy();
    expect(within(services).getByRole("heading", { name: "Printers" })).toBeTruthy();
    const buttons = within(services).getAllByRole("button", { name: /^Get help/ });
    expect(buttons.map((b) => b.textContent)).toEqual(["Get help", "Get help"]);
  });

  it("features: cards with title and text", () => {
    renderSite("/more");
    expect(within(section("Why us")).getByRole("heading", { name: "Always open" })).toBeTruthy();
    expect(within(section("Why us")).getByText("Day and night.")).toBeTruthy();
  });

  it("team: photo, name, role and bio", () => {
    renderSite("/more");
    const team = section("Our people");
    expect(within(team).getByRole("img", { name: "Portrait of Ada Tester" })).toBeTruthy();
    expect(within(team).getByRole("heading", { name: "Ada Tester" })).toBeTruthy();
    expect(within(team).getByText("Chief Tester")).toBeTruthy();
    expect(within(team).getByText("Ada tests things.")).toBeTruthy();
  });

  it("team: a photo comes as a sized, lazily loaded picture offering AVIF and WebP in every width made", () => {
    const content = loadContent();
    const photo = content.collections.team[0]!.photo;
    renderSite("/more", content);
    const image = within(section("Our people")).getByRole("img", { name: photo.alt });
    const picture = image.closest("picture")!;
    expect(picture).toBeTruthy();
    const sources = [...picture.querySelectorAll("source")].map((s) => ({
      type: s.getAttribute("type"),
      srcset: s.getAttribute("srcset"),
      sizes: s.getAttribute("sizes"),
    }));
    expect(sources).toEqual(photo.sources!.map((s) => ({ ...s, sizes: photo.sizes })));
    expect(sources.map((s) => s.type)).toEqual(["image/avif", "image/webp"]);
    expect(image.getAttribute("srcset")).toBe(photo.srcset);
    expect(image.getAttribute("sizes")).toBe(photo.sizes);
    expect(image.getAttribute("src")).toBe(photo.src);
    expect([image.getAttribute("width"), image.getAttribute("height")]).toEqual([
      String(photo.width),
      String(photo.height),
    ]);
    expect(image.getAttribute("loading")).toBe("lazy");
    expect(image.getAttribute("decoding")).toBe("async");
    expect(image.getAttribute("fetchpriority")).toBeNull();
  });

  it("hero: a page's opening picture loads first, the logo eagerly, every other picture lazily", async () => {
    const banner = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: "#336699" } })
      .jpeg()
      .toBuffer();
    const dir = fixture({
      "images/banner.jpg": banner,
      "pages/home.yaml": replace(
        "    intro: Call {{phone}} any time.\n",
        "    intro: Call {{phone}} any time.\n    image:\n      src: images/banner.jpg\n      alt: Our help desk\n",
      ),
    });
    const { container } = renderSite("/", loadContent(dir));
    const hero = within(section("Welcome")).getByRole("img", { name: "Our help desk" });
    expect(hero.closest("picture")).toBeTruthy();
    expect([hero.getAttribute("loading"), hero.getAttribute("fetchpriority"), hero.getAttribute("decoding")]).toEqual([
      "eager",
      "high",
      null,
    ]);
    const logo = within(screen.getByRole("banner")).getByRole("img");
    expect([logo.getAttribute("loading"), logo.getAttribute("fetchpriority")]).toEqual(["eager", null]);
    const others = [...container.querySelectorAll("img")].filter((img) => img !== hero && img !== logo);
    expect(others.length).toBeGreaterThan(0);
    for (const img of others) expect(img.getAttribute("loading"), img.outerHTML).toBe("lazy");
  });

  it("testimonials: quote, who said it and the rating read aloud", () => {
    renderSite("/more");
    const quotes = section("Kind words");
    expect(within(quotes).getByText("They fixed it in minutes.")).toBeTruthy();
    expect(within(quotes).getByText("Sam P.")).toBeTruthy();
    expect(within(quotes).getByRole("img", { name: "Rated 4 out of 5" })).toBeTruthy();
  });

  it("callout: tags, picture and action", () => {
    renderSite("/more");
    const callout = section("Industries");
    expect(within(callout).getByText("Clinics")).toBeTruthy();
    expect(within(callout).getByRole("img", { name: "Shops and clinics" })).toBeTruthy();
    expect(within(callout).getByRole("link", { name: "Talk to us" }).getAttribute("href")).toBe("/legal");
  });

  it("form: the form beside the contact details from site settings", () => {
    renderSite("/more");
    const contact = section("Write to us");
    expect(within(contact).getByRole("form", { name: "Call me" })).toBeTruthy();
    expect(within(contact).getByRole("heading", { name: "Reach us" })).toBeTruthy();
    expect(within(contact).getByRole("link", { name: "1-800-555-0100" }).getAttribute("href")).toBe("tel:+18005550100");
    expect(within(contact).getByRole("link", { name: "help@fixture.example" }).getAttribute("href")).toBe(
      "mailto:help@fixture.example",
    );
    expect(within(contact).getByText(/1 Test Road/)).toBeTruthy();
    expect(within(contact).getByText("Always")).toBeTruthy();
  });

  it("prose: a Markdown page as its heading and body", () => {
    renderSite("/legal");
    expect(screen.getByRole("heading", { level: 1, name: "Legal" })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 2, name: "Terms" })).toBeTruthy();
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    expect(screen.getByRole("link", { name: "us" }).getAttribute("href")).toBe("mailto:help@fixture.example");
  });
});
