/**
 * Scheduled content in the previews (npm run dev, /admin/): what is outside its window at the
 * preview's time is marked in words, in the site's zone; the preview's time can be chosen; the built
 * site marks nothing.
 */
import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import { App } from "../../src/App.tsx";
import { previewClock, PreviewTime, type PreviewClock } from "../../ui/components/Scheduled.tsx";
import { fixture, replace } from "../content/helpers.ts";
import { loadContent } from "./render-site.tsx";

const zone = "America/New_York";
/** The preview's time in the tests: Thu Nov 26 2026, 12:00 in New York. */
const thursdayNoon = Date.parse("2026-11-26T12:00:00-05:00");

const content = loadContent(
  fixture({
    "site.yaml": (text: string) => `${text.trimEnd()}\ntimeZone: ${zone}\n`,
    "collections/faq/holiday.yaml": 'question: Holiday hours?\nanswer: Closed.\npublishDate: "2026-11-27T00:00"\n',
    "collections/faq/old.yaml": 'question: Old offer?\nanswer: Gone.\nexpiryDate: "2026-11-20T09:00"\n',
    "collections/faq/weekend.yaml":
      'question: Weekend deal?\nanswer: Yes.\npublishDate: "2026-11-01T00:00"\nexpiryDate: "2026-11-30T23:59"\n',
    "pages/home.yaml": replace(
      "    questions:\n      - first\n",
      '    questions:\n      - first\n      - holiday\n      - old\n      - weekend\n  - type: faq\n    heading: Last year\n    expiryDate: "2026-01-01T00:00Z"\n    questions:\n      - first\n  - type: faq\n    heading: Coming up\n    questions:\n      - holiday\n',
    ),
    "pages/launch.yaml":
      'route: /launch\ntitle: Launch\ndescription: The launch.\npublishDate: "2027-01-04T09:00"\nsections:\n  - type: faq\n    heading: Launch questions\n    questions:\n      - first\n',
  }),
  { drafts: true },
);

/** The fixture with a page live from Mon Jan 4 2027, 09:00, linked from the header and the footer and by a button of the home page's hero. */
const linked = loadContent(
  fixture({
    "site.yaml": (text: string) =>
      `${text.trimEnd()}\ntimeZone: ${zone}\n`
        .replace("  header:\n", "  header:\n    - label: Launch\n      to: /launch\n")
        .replace(
          "  footer:\n    - label: Legal\n      to: /legal\n",
          "  footer:\n    - label: Legal\n      to: /legal\n    - label: Launch\n      to: /launch#faq\n",
        ),
    "pages/home.yaml": replace(
      "        to: phone\n",
      "        to: phone\n      - label: See the launch\n        to: /launch\n",
    ),
    "pages/launch.yaml":
      'route: /launch\ntitle: Launch\ndescription: The launch.\npublishDate: "2027-01-04T09:00"\nsections:\n  - type: faq\n    heading: Launch questions\n    anchor: faq\n    questions:\n      - first\n',
  }),
  { drafts: true },
);

function show(path: string, clock?: PreviewClock, shown = content) {
  const app = (
    <MemoryRouter initialEntries={[path]}>
      <App content={shown} />
    </MemoryRouter>
  );
  return render(clock ? <PreviewTime clock={clock}>{app}</PreviewTime> : app);
}

const notes = (container: HTMLElement = document.body) =>
  within(container)
    .queryAllByRole("note")
    .map((n) => n.textContent);
/** A question of the "Questions" section (the fixture's "Last year" repeats its first). */
const question = (text: string) =>
  within(screen.getByRole("region", { name: "Questions" }))
    .getByText(text)
    .closest("li")!;

afterEach(() => vi.unstubAllEnvs());

describe("scheduled content in the preview", () => {
  it("an entry not shown yet, one whose window ended and one shown until a time say so, at the preview's time", async () => {
    show("/", { now: thursdayNoon, zone });
    await screen.findByRole("region", { name: "Questions" });
    expect(notes(question("Holiday hours?"))).toEqual(["Scheduled: shows from Fri Nov 27, 00:00"]);
    expect(notes(question("Old offer?"))).toEqual(["Ended: not shown since Fri Nov 20, 09:00"]);
    expect(notes(question("Weekend deal?"))).toEqual(["Shows until Mon Nov 30, 23:59"]);
    expect(notes(question("Is this a test?"))).toEqual([]);
  });

  it("a section and a page outside their windows say so, in the site's zone, with the year when it is not the preview's", async () => {
    show("/", { now: thursdayNoon, zone });
    const ended = await screen.findByRole("region", { name: "Last year" });
    expect(notes(ended)).toEqual(["Ended section: not shown since Wed Dec 31 2025, 19:00"]);
    show("/launch", { now: thursdayNoon, zone });
    expect((await screen.findAllByRole("note")).map((n) => n.textContent)).toContain(
      "Scheduled page: shows from Mon Jan 4 2027, 09:00",
    );
  });

  it("at a chosen time inside a window, that content is not marked; after it, it is left out", async () => {
    const { unmount } = show("/", previewClock("2026-11-27T00:00", zone));
    await screen.findByRole("region", { name: "Questions" });
    expect(notes(question("Holiday hours?"))).toEqual([]);
    expect(screen.getByRole("status").textContent).toBe(
      "The site as it will look on Fri Nov 27 2026, 00:00: what is not shown then is left out.",
    );
    unmount();
    show("/", previewClock("2026-12-01T00:00", zone));
    const questions = await screen.findByRole("region", { name: "Questions" });
    expect(within(questions).queryByText("Weekend deal?")).toBeNull();
  });

  /** The questions a section lists, as a visitor counts them. */
  const listed = (name: string) =>
    within(within(screen.getByRole("region", { name })).getByRole("list"))
      .getAllByRole("listitem")
      .map((item) => item.querySelector("summary")!.textContent);

  it("at a chosen time, lists count what is shown then, and a section left with none is not shown", async () => {
    // Without a chosen time, everything is kept (marked) for editing: four questions, every section.
    const { unmount } = show("/", { now: thursdayNoon, zone });
    await screen.findByRole("region", { name: "Questions" });
    expect(listed("Questions")).toEqual(["Is this a test?", "Holiday hours?", "Old offer?", "Weekend deal?"]);
    expect(screen.getByRole("region", { name: "Coming up" })).toBeTruthy();
    expect(screen.getByRole("region", { name: "Last year" })).toBeTruthy();
    unmount();
    // The same moment chosen: the ended and the scheduled questions are not counted; "Coming up" lists
    // only the scheduled one, so it is not shown; "Last year" has ended.
    const at = (time: string) => show("/", previewClock(time, zone));
    const chosen = at("2026-11-26T12:00");
    await screen.findByRole("region", { name: "Questions" });
    expect(listed("Questions")).toEqual(["Is this a test?", "Weekend deal?"]);
    expect(screen.queryByRole("region", { name: "Coming up" })).toBeNull();
    expect(screen.queryByRole("region", { name: "Last year" })).toBeNull();
    chosen.unmount();
    // On Friday the holiday question is counted, and its section is back.
    at("2026-11-27T00:00");
    await screen.findByRole("region", { name: "Questions" });
    expect(listed("Questions")).toEqual(["Is this a test?", "Holiday hours?", "Weekend deal?"]);
    expect(listed("Coming up")).toEqual(["Holiday hours?"]);
  });

  it("at a chosen time, links in navigation and a section's buttons to a page not shown then are left out, as the build leaves them out", async () => {
    const { site } = linked;
    /** The links to the launch page: the header's, the footer's, and the hero's button. */
    const launchLinks = () => [
      within(screen.getByRole("navigation", { name: site.company.name })).queryByRole("link", { name: "Launch" }),
      within(screen.getByRole("contentinfo")).queryByRole("link", { name: "Launch" }),
      within(screen.getByRole("region", { name: "Welcome" })).queryByRole("link", { name: "See the launch" }),
    ];
    const at = async (clock?: PreviewClock) => {
      const shown = show("/", clock, linked);
      await screen.findByRole("region", { name: "Welcome" });
      const links = launchLinks();
      // The other links stay: the header's last, the hero's first button.
      expect(
        within(screen.getByRole("navigation", { name: site.company.name })).getByRole("link", {
          name: site.navigation.header.at(-1)!.label,
        }),
      ).toBeTruthy();
      expect(within(screen.getByRole("region", { name: "Welcome" })).getByRole("link", { name: "Call" })).toBeTruthy();
      shown.unmount();
      return links.map((link) => link !== null);
    };
    // Without a chosen time nothing is left out (the launch page is marked, not hidden).
    expect(await at({ now: thursdayNoon, zone })).toEqual([true, true, true]);
    // A minute before the page goes live: none of its links; from then on, all of them.
    expect(await at(previewClock("2027-01-04T08:59", zone))).toEqual([false, false, false]);
    expect(await at(previewClock("2027-01-04T09:00", zone))).toEqual([true, true, true]);
  });

  it("the built site marks nothing: no preview time is given, and its build is neither DEV nor /admin/'s", async () => {
    show("/");
    await screen.findByRole("region", { name: "Questions" });
    expect(notes()).toEqual([]);
    vi.stubEnv("DEV", false);
    vi.stubEnv("MODE", "production");
    show("/", { now: thursdayNoon, zone });
    await screen.findAllByRole("region", { name: "Questions" });
    expect(notes()).toEqual([]);
  });

  it("/admin/'s own build (mode admin, not DEV) marks it", async () => {
    vi.stubEnv("DEV", false);
    vi.stubEnv("MODE", "admin");
    show("/", { now: thursdayNoon, zone });
    await screen.findByRole("region", { name: "Questions" });
    expect(notes(question("Holiday hours?"))).toEqual(["Scheduled: shows from Fri Nov 27, 00:00"]);
  });
});

describe("the preview's time", () => {
  const clock = () => thursdayNoon;
  it("is a chosen time read in the site's zone, or with its own", () => {
    expect(previewClock("2026-11-27T00:00", zone, undefined, clock)).toEqual({
      now: Date.parse("2026-11-27T05:00:00Z"),
      zone,
      chosen: "2026-11-27T00:00",
    });
    expect(previewClock("2026-11-27T00:00Z", zone, undefined, clock).now).toBe(Date.parse("2026-11-27T00:00:00Z"));
  });

  it("is BUILD_TIME, else now, when none is chosen", () => {
    expect(previewClock(undefined, zone, "2026-12-24T18:00:00-05:00", clock)).toEqual({
      now: Date.parse("2026-12-24T23:00:00Z"),
      zone,
    });
    expect(previewClock("", zone, "", clock)).toEqual({ now: thursdayNoon, zone });
  });

  it("a chosen time that cannot be read is said so, and the preview stays at BUILD_TIME or now", () => {
    const unread = previewClock("friday", zone, undefined, clock);
    expect(unread.now).toBe(thursdayNoon);
    expect(unread.problem).toMatch(/"friday" is not a date and time/);
  });
});
