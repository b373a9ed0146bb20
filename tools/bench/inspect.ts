/**
 * `npm run bench:inspect`: how fast editing on the page answers in /admin/'s preview (issue 28) on a
 * page with many FAQ entries (BENCH_FAQ, default 300).
 * On a copy of the project (tools/shared/copy-project.ts): writes BENCH_FAQ FAQ entries and a page
 * showing all of them (a copy of the first section of the shipped pages that lists FAQ entries, its
 * list replaced), starts `npm run cms` on free ports of 127.0.0.1, opens that page in /admin/ in
 * Chromium (tools/shared/chromium.ts) and times, BENCH_RUNS times each (default 5), in the page's own clock:
 * - the preview drawn and marked, from opening the entry (once);
 * - hovering a question: its outline and field name shown;
 * - a click on the section's heading: the cursor in its field (a click on words that can be typed
 *   there waits 250 ms for a second click first: that wait is included), and Enter on it (no wait);
 * - a click on a question (another entry's): the offer to open it shown;
 * - the cursor put in the heading's field: its text outlined in the preview;
 * - a letter typed in the heading's field: the preview showing it, marked again.
 * Prints the medians, the number of outlined places and the machine. Stops the server at the end. A
 * failure (the server gone, /admin/ not answering within minutes, an action over 10 s) prints its error
 * and exits 1 at once, the browser and the server stopped.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { chromium, type Browser, type Page } from "@playwright/test";
import { parse, stringify } from "yaml";
import { copyProject } from "../shared/copy-project.ts";
import { freePort } from "../../tests/helpers/free-port.ts";
import { chromiumArgs, chromiumPath } from "../shared/chromium.ts";

const count = Number(process.env.BENCH_FAQ ?? 300);
const runs = Number(process.env.BENCH_RUNS ?? 5);
const median = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)]!;

const copy = copyProject(mkdtempSync(join(tmpdir(), "bench-inspect-")));
const content = join(copy, "content");

// The FAQ entries, and a page showing them all through a copy of a shipped section that lists them.
const faqFolder = join(content, "collections", "faq");
for (let i = 0; i < count; i++) {
  writeFileSync(
    join(faqFolder, `bench-question-${i}.yaml`),
    stringify({ question: `Bench question number ${i}?`, answer: `An answer to question ${i}, in **Markdown**.` }),
  );
}
const ids = readdirSync(faqFolder)
  .filter((f) => f.startsWith("bench-question-"))
  .map((f) => f.replace(/\.yaml$/, ""))
  .sort((a, b) => Number(a.split("-").at(-1)) - Number(b.split("-").at(-1)));
const listing = readdirSync(join(content, "pages"))
  .filter((f) => f.endsWith(".yaml"))
  .flatMap(
    (f) => (parse(readFileSync(join(content, "pages", f), "utf8")) as { sections: Record<string, unknown>[] }).sections,
  )
  .map((section) => {
    const field = Object.entries(section).find(
      ([, value]) =>
        Array.isArray(value) &&
        value.some((id) => typeof id === "string" && readdirSync(faqFolder).includes(`${id}.yaml`)),
    )?.[0];
    return field ? { section, field } : undefined;
  })
  .find(Boolean);
if (!listing) {
  console.error("✖ no section of the shipped pages lists FAQ entries: nothing to copy for the bench page");
  process.exit(1);
}
const heading = "Bench questions, all of them";
const section = { ...listing.section, heading, [listing.field]: ids };
delete section.anchor;
writeFileSync(
  join(content, "pages", "bench-faq.yaml"),
  stringify({
    route: "/bench-faq",
    title: "Bench FAQ",
    description: "A page for npm run bench:inspect.",
    index: false,
    sections: [section],
  }),
);

const sitePort = await freePort();
const proxyPort = await freePort();
const leadsPort = await freePort();
const server: ChildProcess = spawn("npm", ["run", "--silent", "cms"], {
  cwd: copy,
  env: {
    ...process.env,
    CMS_PORT: String(sitePort),
    CMS_PROXY_PORT: String(proxyPort),
    CMS_LEADS_PORT: String(leadsPort),
  },
  stdio: ["ignore", "ignore", "inherit"],
  detached: true,
});
const exited = new Promise<number | null>((resolve) => server.once("exit", (code) => resolve(code)));
/** Stops the server (its whole process group) and waits for it to be gone; then removes the copy. */
const stop = async () => {
  try {
    process.kill(-server.pid!, "SIGTERM");
  } catch {
    // already gone
  }
  const gone = await Promise.race([exited.then(() => true), sleep(15_000, false)]);
  if (!gone) {
    try {
      process.kill(-server.pid!, "SIGKILL");
    } catch {
      // gone meanwhile
    }
  }
  rmSync(copy, { recursive: true, force: true });
};

/** Resolves once `ready` holds, or fails at once when the server exits, or after `ms` (a busy machine's bound). */
async function until(what: string, ready: () => Promise<boolean>, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  let failed: Error | undefined;
  void exited.then((code) => (failed = new Error(`npm run cms exited (code ${code}) before ${what}`)));
  while (!(await ready())) {
    if (failed) throw failed;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms / 1000} s`);
    await sleep(250);
  }
}

let browser: Browser | undefined;
try {
  const base = `http://127.0.0.1:${sitePort}`;
  const answers = (url: string, init?: RequestInit) =>
    fetch(url, init).then(
      (r) => r.ok,
      () => false,
    );
  await until(
    "/admin/ and the editor's proxy answering",
    async () =>
      (await answers(`${base}/admin/`)) &&
      answers(`http://127.0.0.1:${proxyPort}/api/v1`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ action: "info" }),
      }),
    240_000,
  );

  browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  const page: Page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  // tsx names the functions this file hands the page with a helper of its own: the page gets it too.
  await page.addInitScript({ content: "window.__name = (f) => f;" });
  const opened = Date.now();
  // The response is enough: what is waited for is the editor itself, below (Decap's modules load long after).
  await page.goto(`${base}/admin/#/collections/pages/entries/bench-faq`, { waitUntil: "commit", timeout: 180_000 });
  const login = page.getByRole("button", { name: "Login" });
  const form = page.getByRole("textbox").first();
  await login.or(form).first().waitFor({ timeout: 180_000 });
  if (await login.isVisible()) await login.click();
  const frame = page.frameLocator("#preview-pane");
  const last = `Bench question number ${count - 1}?`;
  await frame.locator("[data-cms-at]").filter({ hasText: last }).first().waitFor({ timeout: 180_000 });
  const drawn = Date.now() - opened;
  const marked = await frame.locator("[data-cms-at]").count();

  /** Times, in the page, from an action on a preview element to a condition (ms). */
  const time = (action: string, text: string) =>
    page.evaluate(
      async ({ action, text }) => {
        const frame = document.getElementById("preview-pane") as HTMLIFrameElement;
        const doc = frame.contentDocument!;
        const element = [...doc.querySelectorAll<HTMLElement>("[data-cms-at]")].find(
          (e) => e.textContent?.trim() === text,
        )!;
        const next = () => new Promise((resolve) => requestAnimationFrame(resolve));
        (document.activeElement as HTMLElement | null)?.blur();
        for (const mark of doc.querySelectorAll("[data-cms-shown]")) mark.removeAttribute("data-cms-shown");
        doc.getElementById("cms-field-offer")?.remove();
        element.scrollIntoView({ block: "center" });
        await next();
        await new Promise((resolve) => setTimeout(resolve, 300));
        const view = frame.contentWindow!;
        const field = () =>
          [...document.querySelectorAll<HTMLInputElement>("input[type=text]")].find((i) =>
            i.value.startsWith(text.slice(0, -1)),
          );
        const start = performance.now();
        let done: () => boolean;
        if (action === "hover") {
          element.dispatchEvent(new MouseEvent("mouseover", { bubbles: true, view }));
          done = () => !doc.getElementById("cms-field-tag")!.hidden;
        } else if (action === "click") {
          element.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, detail: 1, view }));
          done = () => document.activeElement === field();
        } else if (action === "enter") {
          element.focus();
          element.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true, cancelable: true, view }));
          done = () => document.activeElement === field();
        } else if (action === "offer") {
          element.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, detail: 1, view }));
          done = () => doc.getElementById("cms-field-offer") !== null;
        } else if (action === "outline") {
          field()!.focus();
          done = () => element.hasAttribute("data-cms-shown");
        } else {
          // A letter typed in the field, as Decap's input takes it: the preview shows it, its marks read.
          const input = field()!;
          input.focus();
          const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!;
          const type = (value: string) => {
            setter.call(input, value);
            input.dispatchEvent(new Event("input", { bubbles: true }));
          };
          const shows = (value: string) =>
            [...doc.querySelectorAll("[data-cms-at]")].some((e) => e.textContent?.trim() === value) &&
            !/[\u2063\u2064]/.test(doc.body.textContent ?? "");
          type(`${text}!`);
          done = () => shows(`${text}!`);
          while (!done()) {
            if (performance.now() - start > 10_000) return Number.NaN;
            await next();
          }
          const took = performance.now() - start;
          // The heading as it was, for the next run.
          type(text);
          while (!shows(text)) await next();
          return took;
        }
        while (!done()) {
          if (performance.now() - start > 10_000) return Number.NaN;
          await next();
        }
        return performance.now() - start;
      },
      { action, text },
    );

  const question = `Bench question number ${Math.floor(count / 2)}?`;
  const figures: [string, number[]][] = [
    ["hover a question: outline and name shown", []],
    ["click the heading: cursor in its field (with the 250 ms double-click wait)", []],
    ["Enter on the heading: cursor in its field", []],
    ["click a question: offer to open it shown", []],
    ["cursor in the heading's field: outlined in the preview", []],
    ["a letter typed in the field: shown and marked in the preview", []],
  ];
  const actions: [string, string][] = [
    ["hover", question],
    ["click", heading],
    ["enter", heading],
    ["offer", question],
    ["outline", heading],
    ["type", heading],
  ];
  for (let run = 0; run < runs; run++) {
    for (const [i, [action, text]] of actions.entries()) {
      figures[i]![1].push(await time(action, text));
    }
  }

  console.log(
    `bench:inspect, ${count} FAQ entries on one page, ${runs} run(s) each; ${cpus().length} cores, load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}`,
  );
  console.log(
    `  preview drawn and marked (from opening the entry): ${(drawn / 1000).toFixed(1)} s; ${marked} places outlined`,
  );
  for (const [name, samples] of figures)
    console.log(`  ${name}: ${median(samples).toFixed(0)} ms (median; ${samples.map((s) => s.toFixed(0)).join(", ")})`);
  if (figures.some(([, samples]) => samples.some(Number.isNaN))) {
    console.error("✖ an action did not finish within 10 s");
    process.exitCode = 1;
  }
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  // Closed on failure too: a browser left open would keep this process alive (it hung until killed).
  await browser?.close();
  await stop();
}
// Nothing left to wait for: a failure exits now, with its error above.
process.exit();
