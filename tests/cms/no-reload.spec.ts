/**
 * Publishing keeps the marketer where they were: /admin/ is not reloaded by the save (the dev server
 * sends no reload for the generated modules, it tells the open pages which ones changed), and the
 * site open in another tab updates in place: no reload, its open question still open, its scroll
 * position kept. Against `npm run cms` on a copy of the project, reading what it expects from it.
 */
import { pageShowing, idsIn, openEntry, openSite, read, proxyAnswers, publishAndWait } from "./helpers.ts";
import { expect, test } from "./shared-admin.ts";

interface Question {
  question: string;
  answer: string;
}

test.beforeAll(async ({ request }) => {
  await proxyAnswers(request);
});

// A mark set in a page's window: a reload starts a new window without it.
const mark = "window.__notReloaded = true";
const marked = "window.__notReloaded === true";

test("publishing a FAQ question: /admin/ stays as it was, the open site updates in place", async ({ admin: page }) => {
  const id = idsIn("collections/faq").find((faq) => pageShowing("faq", "questions", faq));
  test.skip(!id, "no page lists a FAQ entry");
  const file = `collections/faq/${id}.yaml`;
  const entry = read<Question>(file);
  const route = pageShowing("faq", "questions", id!)!.route;
  const edited = `${entry.question.replace(/\?$/, "")}, without a reload?`;

  // The site, scrolled to the question and with it open.
  const site = await openSite(page, route);
  // The development server renders the page in the browser: the questions are there once it has.
  const summaries = () => site.locator("details > summary").allTextContents();
  await expect.poll(async () => (await summaries()).map((text) => text.trim())).toContain(entry.question);
  const question = site.locator("details").nth((await summaries()).findIndex((text) => text.trim() === entry.question));
  await expect(question.locator("summary")).toHaveText(entry.question);
  await question.locator("summary").scrollIntoViewIfNeeded();
  await question.locator("summary").click();
  await expect(question).toHaveAttribute("open", "");
  const top = () => question.evaluate((element) => Math.round(element.getBoundingClientRect().top));
  const topBefore = await top();
  await site.evaluate(mark);

  await openEntry(page, "faq", entry.question);
  const box = page.getByRole("textbox", { name: "Question" });
  await box.fill(edited);
  await page.evaluate(mark);
  // What /admin/ hears from the dev server from now on, on the socket it opened when it loaded.
  const heard: string[] = [];
  const devtools = await page.context().newCDPSession(page);
  devtools.on("Network.webSocketFrameReceived", ({ response }) => heard.push(response.payloadData));
  await devtools.send("Network.enable");
  await publishAndWait(page);
  await expect.poll(() => read<Question>(file).question).toBe(edited);

  // The site shows the edit, in place.
  await expect(question.locator("summary")).toHaveText(edited);
  expect(await site.evaluate(marked)).toBe(true);
  await expect(question).toHaveAttribute("open", "");
  expect(Math.abs((await top()) - topBefore)).toBeLessThan(2);

  // /admin/ heard the same update, and no reload: the same window, the entry still open with what
  // was typed.
  await expect.poll(() => heard.some((frame) => frame.includes('"content:update"'))).toBe(true);
  expect(heard.filter((frame) => frame.includes('"full-reload"'))).toEqual([]);
  expect(await page.evaluate(marked)).toBe(true);
  await expect(box).toHaveValue(edited);
});
