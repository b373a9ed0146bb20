/** What a visitor does: popups, forms, navigation and the analytics data layer (the FAQ: sections/faq/). */
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { honeypotField, legacyHoneypotField } from "../../schemas/lead-limits.ts";
import { fixture, replace } from "../content/helpers.ts";
import { loadContent, location, renderSite } from "./render-site.tsx";

/** The dialog a popup button opens (its `commandfor`), or the one that is open. */
const dialog = (opener?: HTMLElement) =>
  (opener
    ? document.getElementById(opener.getAttribute("commandfor")!)
    : (document.querySelector("dialog[open]") ?? document.querySelector("dialog")))! as HTMLDialogElement;
const pushed = () => (window.dataLayer ?? []) as Record<string, unknown>[];

/**
 * The lead endpoint as the page sees it through fetch: `answer` is what it replies; each request's
 * address and form body are kept. (The endpoint itself is tested for real in tests/leads/ and e2e.)
 */
function endpoint(answer: () => Response | Promise<Response>) {
  const requests: { url: string; body: URLSearchParams; accept: string }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      requests.push({
        url: String(url),
        body: new URLSearchParams(String(init.body)),
        accept: new Headers(init.headers).get("accept") ?? "",
      });
      return answer();
    }),
  );
  return requests;
}
/** The answer to a stored lead: 303, which fetch with redirect: "manual" shows as an opaque redirect. */
const stored = () => ({ type: "opaqueredirect", status: 0 }) as Response;

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("popups", () => {
  it("a service card's button opens the form in a dialog titled with the service; Close closes it and focus returns", async () => {
    const user = userEvent.setup();
    renderSite("/more");
    const opener = screen.getByRole("button", { name: "Get help: Printers" });
    expect(dialog(opener).open).toBe(false);
    // Browsers open it from the button's attributes alone (invoker commands), before and without scripts.
    expect(opener.getAttribute("command")).toBe("show-modal");

    await user.click(opener);
    expect(dialog(opener).open).toBe(true);
    const popup = within(dialog(opener));
    expect(popup.getByRole("heading", { level: 2, name: "Call me" })).toBeTruthy();
    expect(popup.getByText("Printers")).toBeTruthy();
    expect(popup.getByLabelText("Name")).toBe(document.activeElement);

    await user.click(popup.getByRole("button", { name: "Close" }));
    expect(dialog(opener).open).toBe(false);
    expect(document.activeElement).toBe(opener);
  });

  it("each service has its own dialog, whose form carries the service as a hidden field", () => {
    renderSite("/more");
    for (const service of ["Laptops", "Printers"]) {
      const opener = screen.getByRole("button", { name: `Get help: ${service}` });
      const chosen = dialog(opener).querySelector<HTMLInputElement>('input[type="hidden"][name="choice"]');
      expect(chosen?.value).toBe(service);
      expect(dialog(opener).querySelector("button[command=close]")?.getAttribute("commandfor")).toBe(dialog(opener).id);
    }
  });

  it("a pricing card opens the subscribe form with the plan and its price", async () => {
    const user = userEvent.setup();
    renderSite("/");
    await user.click(screen.getByRole("button", { name: "Choose: Plus" }));
    expect(dialog().open).toBe(true);
    expect(dialog().querySelector<HTMLInputElement>('input[name="choice"]')?.value).toBe("Plus");
    expect(within(dialog()).getByText("Plus · $20/month")).toBeTruthy();
    expect(within(dialog()).getByRole("button", { name: "Send" })).toBeTruthy();
  });

  it("a popup form posts the lead with its service, and goes to the success page once it is stored", async () => {
    const user = userEvent.setup();
    const requests = endpoint(stored);
    renderSite("/more");
    await user.click(screen.getByRole("button", { name: "Get help: Laptops" }));
    const popup = within(dialog());
    await user.type(popup.getByLabelText("Name"), "Jo Bloggs");
    await user.type(popup.getByLabelText("Email"), "jo@example.com");
    await user.click(popup.getByRole("button", { name: "Send" }));
    await vi.waitFor(() => expect(location.current).toBe("/thanks"));
    expect(screen.getByRole("heading", { level: 1, name: "Thanks, we will call you soon" })).toBeTruthy();
    expect(requests).toHaveLength(1);
    expect(requests[0]!.url).toBe("/api/leads");
    expect(requests[0]!.accept).toBe("application/json");
    const body = Object.fromEntries(requests[0]!.body);
    expect(body).toMatchObject({
      choice: "Laptops",
      page: "/more",
      name: "Jo Bloggs",
      email: "jo@example.com",
      [honeypotField]: "",
    });
    expect(body).not.toHaveProperty(legacyHoneypotField);
    expect(body.key).toMatch(/^[\w-]{8,}$/);
    // Timed from the first touch of the form (typing the name), so present and a number.
    expect(Number(body.elapsed)).toBeGreaterThanOrEqual(0);
    expect(pushed()).toContainEqual({ event: "generate_lead", formId: body.form, choice: "Laptops" });
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
    endpoint(stored);
    const consoleCalls = (["log", "info", "warn", "error", "debug"] as const).map((m) => vi.spyOn(console, m));
    renderSite("/more?campaign=spring");
    const form = within(screen.getByRole("region", { name: "Write to us" }));
    await user.type(form.getByLabelText("Name"), "Secret Name");
    await user.type(form.getByLabelText("Email"), "secret@example.com");
    await user.click(form.getByRole("button", { name: "Send" }));

    await vi.waitFor(() => expect(location.current).toBe("/thanks"));
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

describe("a form the endpoint refuses or cannot store", () => {
  it("shows the endpoint's message at the field, keeps what was typed, and does not count a lead", async () => {
    const user = userEvent.setup();
    endpoint(
      () =>
        new Response(
          JSON.stringify({ error: "Please correct the form.", fields: { email: "Email: write an e-mail address" } }),
          {
            status: 422,
            headers: { "Content-Type": "application/json" },
          },
        ),
    );
    renderSite("/more");
    const form = within(screen.getByRole("region", { name: "Write to us" }));
    await user.type(form.getByLabelText("Name"), "Jo");
    await user.type(form.getByLabelText("Email"), "jo@example.com");
    await user.click(form.getByRole("button", { name: "Send" }));
    const email = form.getByLabelText("Email") as HTMLInputElement;
    await vi.waitFor(() => expect(email.getAttribute("aria-invalid")).toBe("true"));
    expect(document.getElementById(email.getAttribute("aria-describedby")!)?.textContent).toBe(
      "Email: write an e-mail address",
    );
    expect(form.getByRole("alert").textContent).toBe("Please correct the form.");
    expect(document.activeElement).toBe(email);
    expect(email.value).toBe("jo@example.com");
    expect(location.current).toBe("/more");
    expect(pushed().some((e) => e.event === "generate_lead")).toBe(false);
  });

  it("stays on the form with what was typed and offers the phone number when the endpoint fails", async () => {
    const user = userEvent.setup();
    endpoint(() => new Response("", { status: 503 }));
    renderSite("/more");
    const form = within(screen.getByRole("region", { name: "Write to us" }));
    await user.type(form.getByLabelText("Name"), "Jo");
    await user.type(form.getByLabelText("Email"), "jo@example.com");
    await user.click(form.getByRole("button", { name: "Send" }));
    await vi.waitFor(() => expect(form.getByRole("alert").textContent).toMatch(/try again, or call us/));
    expect(within(form.getByRole("alert")).getByRole("link").getAttribute("href")).toMatch(/^tel:/);
    expect((form.getByLabelText("Name") as HTMLInputElement).value).toBe("Jo");
    expect(location.current).toBe("/more");
  });
});

describe("analytics", () => {
  it("pushes a pageview with path and query on the first load and on each route change", async () => {
    const user = userEvent.setup();
    renderSite("/?utm_source=mail");
    // After Consent Mode's defaults, the page view, once.
    expect(pushed().slice(1)).toEqual([
      expect.objectContaining({ event: "pageview", pagePath: "/", pageQuery: "?utm_source=mail" }),
    ]);
    await user.click(within(screen.getByRole("banner")).getByRole("link", { name: "Legal" }));
    expect(pushed().filter((e) => e.event === "pageview")).toEqual([
      expect.objectContaining({ pagePath: "/", pageQuery: "?utm_source=mail" }),
      expect.objectContaining({ pagePath: "/legal", pageQuery: "" }),
    ]);
  });

  it("pushes Consent Mode's defaults first, from the stored choice; a lead is sent with the consent state it is under", async () => {
    const user = userEvent.setup();
    const requests = endpoint(stored);
    localStorage.setItem("privacy-choice", "denied");
    renderSite("/more");
    const [first] = pushed();
    expect(Object.prototype.toString.call(first)).toBe("[object Arguments]");
    expect([...(first as unknown as unknown[])]).toEqual([
      "consent",
      "default",
      expect.objectContaining({ ad_storage: "denied", ad_user_data: "denied", ad_personalization: "denied" }),
    ]);
    const form = within(screen.getByRole("region", { name: "Write to us" }));
    await user.type(form.getByLabelText("Name"), "Pat");
    await user.type(form.getByLabelText("Email"), "pat@example.com");
    await user.click(form.getByRole("button", { name: "Send" }));
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]!.body.get("ad_user_data")).toBe("denied");
    expect(requests[0]!.body.has("gpc")).toBe(false);
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
