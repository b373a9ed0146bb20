/** What a visitor does: popups, forms, navigation and the analytics data layer (the FAQ: sections/faq/). */
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fixture, replace } from "../content/helpers.ts";
import { loadContent, location, renderSite } from "./render-site.tsx";

const dialog = () => document.querySelector("dialog")!;
const pushed = () => (window.dataLayer ?? []) as Record<string, unknown>[];

afterEach(() => vi.restoreAllMocks());

describe("popups", () => {
  it("a service card's button opens the form in a dialog titled with the service; Close closes it and focus returns", async () => {
    const user = userEvent.setup();
    renderSite("/more");
    const opener = screen.getByRole("button", { name: "Get help: Printers" });
    expect(dialog().open).toBe(false);

    await user.click(opener);
    expect(dialog().open).toBe(true);
    const popup = within(dialog());
    expect(popup.getByRole("heading", { level: 2, name: "Call me" })).toBeTruthy();
    expect(popup.getByText("Printers")).toBeTruthy();
    expect(popup.getByLabelText("Name")).toBe(document.activeElement);

    await user.click(popup.getByRole("button", { name: "Close" }));
    expect(dialog().open).toBe(false);
    expect(document.activeElement).toBe(opener);
  });

  it("the same card button toggles the popup", async () => {
    const user = userEvent.setup();
    renderSite("/more");
    const opener = screen.getByRole("button", { name: "Get help: Laptops" });
    await user.click(opener);
    expect(dialog().open).toBe(true);
    // The open modal makes the page inert in a browser; here the toggle itself is exercised.
    opener.click();
    await vi.waitFor(() => expect(dialog().open).toBe(false));
  });

  it("a pricing card opens the subscribe form with the plan and its price", async () => {
    const user = userEvent.setup();
    renderSite("/");
    await user.click(screen.getByRole("button", { name: "Choose: Plus" }));
    expect(dialog().open).toBe(true);
    expect(within(dialog()).getByText("Plus · $20/month")).toBeTruthy();
    expect(within(dialog()).getByRole("button", { name: "Send" })).toBeTruthy();
  });

  it("a popup form sends the visitor to the success page", async () => {
    const user = userEvent.setup();
    renderSite("/more");
    await user.click(screen.getByRole("button", { name: "Get help: Laptops" }));
    const popup = within(dialog());
    await user.type(popup.getByLabelText("Name"), "Jo Bloggs");
    await user.type(popup.getByLabelText("Email"), "jo@example.com");
    await user.click(popup.getByRole("button", { name: "Send" }));
    expect(location.current).toBe("/thanks");
    expect(screen.getByRole("heading", { level: 1, name: "Thanks, we will call you soon" })).toBeTruthy();
  });
});

describe("forms", () => {
  it("refuse empty input and stay on the page", async () => {
    const user = userEvent.setup();
    renderSite("/more");
    const form = within(screen.getByRole("region", { name: "Write to us" }));
    await user.click(form.getByRole("button", { name: "Send" }));
    expect(location.current).toBe("/more");
    expect((form.getByLabelText("Name") as HTMLInputElement).validity.valueMissing).toBe(true);
  });

  it("refuse an invalid e-mail address", async () => {
    const user = userEvent.setup();
    renderSite("/more");
    const form = within(screen.getByRole("region", { name: "Write to us" }));
    await user.type(form.getByLabelText("Name"), "Jo");
    await user.type(form.getByLabelText("Email"), "not-an-address");
    await user.click(form.getByRole("button", { name: "Send" }));
    expect(location.current).toBe("/more");
    expect((form.getByLabelText("Email") as HTMLInputElement).validity.typeMismatch).toBe(true);
  });

  it("use the browser's own validation: labelled, required, typed, with autocomplete hints", () => {
    renderSite("/more");
    const form = within(screen.getByRole("region", { name: "Write to us" }));
    const name = form.getByLabelText("Name") as HTMLInputElement;
    const email = form.getByLabelText("Email") as HTMLInputElement;
    expect([name.type, name.required, name.autocomplete]).toEqual(["text", true, "name"]);
    expect([email.type, email.required, email.autocomplete]).toEqual(["email", true, "email"]);
  });

  it("go to the success page and let nothing typed leak into the URL, the data layer, storage or the console", async () => {
    const user = userEvent.setup();
    const consoleCalls = (["log", "info", "warn", "error", "debug"] as const).map((m) => vi.spyOn(console, m));
    renderSite("/more?campaign=spring");
    const form = within(screen.getByRole("region", { name: "Write to us" }));
    await user.type(form.getByLabelText("Name"), "Secret Name");
    await user.type(form.getByLabelText("Email"), "secret@example.com");
    await user.click(form.getByRole("button", { name: "Send" }));

    expect(location.current).toBe("/thanks");
    const leaks = [
      location.current,
      JSON.stringify(pushed()),
      JSON.stringify({ ...localStorage }),
      JSON.stringify({ ...sessionStorage }),
      document.cookie,
    ];
    for (const place of leaks) {
      expect(place).not.toMatch(/Secret|secret@example/);
    }
    for (const spy of consoleCalls) expect(JSON.stringify(spy.mock.calls)).not.toMatch(/Secret|secret@example/);
  });
});

describe("analytics", () => {
  it("pushes a pageview with path and query on the first load and on each route change", async () => {
    const user = userEvent.setup();
    renderSite("/?utm_source=mail");
    expect(pushed()).toEqual([
      expect.objectContaining({ event: "pageview", pagePath: "/", pageQuery: "?utm_source=mail" }),
    ]);
    await user.click(within(screen.getByRole("banner")).getByRole("link", { name: "Legal" }));
    expect(pushed().filter((e) => e.event === "pageview")).toEqual([
      expect.objectContaining({ pagePath: "/", pageQuery: "?utm_source=mail" }),
      expect.objectContaining({ pagePath: "/legal", pageQuery: "" }),
    ]);
  });

  it("pushes callLogoClick when the call button is clicked", async () => {
    const user = userEvent.setup();
    renderSite("/");
    const call = screen.getByRole("link", { name: /^Call us/ });
    call.addEventListener("click", (event) => event.preventDefault()); // jsdom cannot dial
    await user.click(call);
    expect(pushed()).toContainEqual({ event: "callLogoClick" });
  });

  it("loads the Tag Manager container, after the page renders, when site settings name one", () => {
    renderSite(
      "/",
      loadContent(fixture({ "site.yaml": replace("analytics: {}", "analytics:\n  gtmContainerId: GTM-TEST123") })),
    );
    const scripts = [...document.querySelectorAll("script[src]")].map((s) => s.getAttribute("src"));
    expect(scripts).toEqual(["https://www.googletagmanager.com/gtm.js?id=GTM-TEST123"]);
    expect(pushed()).toContainEqual(expect.objectContaining({ event: "gtm.js" }));
    document.getElementById("gtm-script")?.remove();
  });

  it("loads no third-party script when no Tag Manager container is set", () => {
    renderSite("/");
    expect(document.querySelectorAll("script[src]")).toHaveLength(0);
  });
});
