/**
 * What /admin/ writes (admin/editor/in-place.ts) and what it refuses before writing (admin/editor/check.ts), on
 * this clone's content files read as they are: a save keeps every byte it did not change, and the
 * check in the browser says what the content check says, at the same field.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { checkEntry, type StoredFile } from "../../admin/editor/check.ts";
import { editInPlace, fromFile, schemaDefaults, SOURCE, toFile, withoutHidden } from "../../admin/editor/in-place.ts";
import { collectionSchemas, page, withoutContext } from "../../schemas/index.ts";

const contentDir = join(import.meta.dirname, "..", "..", "content");
const files: StoredFile[] = (readdirSync(contentDir, { recursive: true }) as string[])
  .map((rel) => rel.split("\\").join("/"))
  .filter((rel) => /\.(yaml|md)$/.test(rel) && !rel.startsWith("images/") && rel !== "README.md")
  .map((rel) => ({ rel, text: readFileSync(join(contentDir, rel), "utf8") }));
const yamlFiles = files.filter((f) => f.rel.endsWith(".yaml"));

function changedLines(before: string, after: string) {
  const a = before.split("\n");
  const b = after.split("\n");
  return {
    count: a.length === b.length ? a.filter((line, i) => line !== b[i]).length : -1,
    sorted: [a.sort(), b.sort()],
  };
}

describe("a save writes only what was edited", () => {
  it.each(yamlFiles.map((f) => [f.rel, f] as const))("%s read and saved unchanged is the same bytes", (_rel, file) => {
    expect(toFile(fromFile(file.text))).toBe(file.text);
  });

  it("a one-field edit is a one-line diff, in every file with a text at its top level", () => {
    let edited = 0;
    for (const file of yamlFiles) {
      const data = parse(file.text) as Record<string, unknown>;
      // A text written on its key's own line (a long one is folded over several lines).
      const key = Object.keys(data).find(
        (k) => typeof data[k] === "string" && file.text.split("\n").includes(`${k}: ${String(data[k])}`),
      );
      if (!key) continue;
      const after = editInPlace(file.text, { ...data, [key]: `${String(data[key])} edited` });
      expect(changedLines(file.text, after).count, file.rel).toBe(1);
      expect(parse(after)).toEqual({ ...data, [key]: `${String(data[key])} edited` });
      edited++;
    }
    expect(edited).toBeGreaterThan(0);
  });

  it("sections reordered: the same lines, comments and blank lines included, in another order", () => {
    const file = yamlFiles.find((f) => f.rel.startsWith("pages/") && (parse(f.text).sections?.length ?? 0) >= 2);
    expect(file).toBeDefined();
    const data = parse(file!.text);
    const sections = [data.sections[1], data.sections[0], ...data.sections.slice(2)];
    const after = editInPlace(file!.text, { ...data, sections });
    const [before, now] = changedLines(file!.text, after).sorted;
    expect(now).toEqual(before);
    expect(parse(after).sections).toEqual(sections);
  });

  it("sections reordered in a file with Windows line ends: no blank line gained or lost", () => {
    // Fixture text: blank lines between sections, saved by an editor on Windows.
    const text = ["sections:", "  - type: a", "    x: 1", "", "  - type: b", "    x: 2", "", "  - type: c", ""].join(
      "\r\n",
    );
    const data = parse(text);
    const sections = [data.sections[0], data.sections[2], data.sections[1]];
    const after = editInPlace(text, { sections });
    expect(after.split("\r\n").sort()).toEqual(text.split("\r\n").sort());
    expect(parse(after).sections).toEqual(sections);
  });

  it("a new section or a new file gets no value the site assumes anyway, and no empty one", () => {
    const file = yamlFiles.find((f) => f.rel.startsWith("pages/"))!;
    const data = parse(file.text);
    const added = {
      type: "prose",
      heading: "New",
      body: "Text.",
      draft: false,
      background: "plain",
      eyebrow: "",
      actions: [],
    };
    const withOne = { ...data, sections: [...data.sections, added] };
    const after = parse(editInPlace(file.text, withOne, schemaDefaults(page(withoutContext), withOne)));
    expect(after.sections.at(-1)).toEqual({ type: "prose", heading: "New", body: "Text." });

    const entry = { question: "Q?", answer: "A.", draft: false };
    expect(parse(editInPlace(undefined, entry, schemaDefaults(collectionSchemas(withoutContext).faq, entry)))).toEqual({
      question: "Q?",
      answer: "A.",
    });
  });

  it("the file's text travels with the entry and is never written into it", () => {
    const file = yamlFiles[0]!;
    const data = fromFile(file.text);
    expect(data[SOURCE]).toBe(file.text);
    expect(Object.keys(withoutHidden(data))).toEqual(Object.keys(parse(file.text)));
  });
});

describe("the check before saving says what the content check says", () => {
  it("accepts every content file as it is", () => {
    for (const file of files) expect(checkEntry(file, files), file.rel).toEqual([]);
  });

  it("refuses the number shown changed without the number dialled, at the number dialled", () => {
    const site = files.find((f) => f.rel === "site.yaml")!;
    const data = parse(site.text);
    const display: string = data.contact.phone.display;
    const other = display.replace(/\d(?=\D*$)/, (d) => String((Number(d) + 1) % 10));
    const found = checkEntry({ rel: "site.yaml", text: site.text.replace(display, other) }, files);
    expect(found.map((p) => p.field)).toEqual(["contact.phone.e164"]);
    expect(found[0]!.message).toContain(other);
  });

  it("refuses a page listing a question that does not exist (a rule across files), at that item", () => {
    const file = files.find((f) => f.rel.startsWith("pages/") && f.rel.endsWith(".yaml") && /questions:/.test(f.text));
    if (!file) return;
    const data = parse(file.text);
    const index = data.sections.findIndex((s: { questions?: string[] }) => s.questions);
    data.sections[index].questions.push("no-such-question");
    const found = checkEntry({ rel: file.rel, text: editInPlace(file.text, data) }, files);
    const at = data.sections[index].questions.length - 1;
    expect(found.map((p) => p.field)).toEqual([`sections[${index}].questions[${at}]`]);
    expect(found[0]!.message).toMatch(/no-such-question/);
  });

  it("refuses a second page at a route another page has", () => {
    const pageFile = files.find((f) => f.rel.startsWith("pages/") && f.rel.endsWith(".yaml"))!;
    const found = checkEntry({ rel: "pages/a-copy.yaml", text: pageFile.text }, files);
    expect(found.map((p) => p.field)).toContain("route");
  });
});

describe("a file with lines that hold only spaces (as web editors leave them)", () => {
  // Fixture text, not shipped content: a blank line of spaces between keys, in a list, in a `>-`
  // block, and a value followed by trailing spaces.
  const text = [
    "title: Printer help",
    "   ",
    "summary: >-",
    "  Set up a printer",
    "    ",
    "  in minutes.",
    "tags:  ",
    "  - printers",
    "  ",
    "  - setup",
    "",
  ].join("\n");

  it("is read and saved unchanged as the same bytes", () => {
    expect(toFile(fromFile(text))).toBe(text);
  });

  it("gets a one-line diff from a one-field edit, its space-only lines kept", () => {
    const data = fromFile(text);
    const saved = toFile({ ...data, title: "Printer setup" });
    const before = text.split("\n");
    const after = saved.split("\n");
    expect(after).toHaveLength(before.length);
    expect(after.filter((line, i) => line !== before[i])).toEqual(["title: Printer setup"]);
  });

  it("keeps Windows line ends and a byte-order mark, and edits the one line", () => {
    const windows = "\uFEFFtitle: Printer help\r\nsummary: >-\r\n  Set up a printer\r\n  in minutes.\r\n";
    expect(toFile(fromFile(windows))).toBe(windows);
    expect(toFile({ ...fromFile(windows), title: "Printer setup" })).toBe(windows.replace("help", "setup"));
  });

  it("keeps blank lines after a `>-` block at the end of the file (the printer drops them)", () => {
    const atEnd = ["question: Is it safe?", "answer: >-", "  Yes.", "  It is.", " ", "  ", ""].join("\n");
    expect(toFile(fromFile(atEnd))).toBe(atEnd);
    const saved = toFile({ ...fromFile(atEnd), question: "Is it secure?" });
    expect(saved).toBe(atEnd.replace("Is it safe?", "Is it secure?"));
  });
});
