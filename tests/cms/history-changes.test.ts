/**
 * What changed between two versions of an entry, in the editor's words (admin/history/diff/changes.ts):
 * on fixture field definitions shaped as the generated configuration's (scripts/cms/fields.ts) and
 * fixture data written here, never the shipped content.
 */
import { describe, expect, it } from "vitest";
import { changesBetween, type FieldChange } from "../../admin/history/diff/changes.ts";
import { ADDED, editScript, REMOVED, SAME } from "../../admin/history/diff/word-diff.ts";
import type { Field } from "../../admin/editor/labels.ts";

const text = (name: string, label: string): Field => ({ name, label, widget: "string" });
const fields: Field[] = [
  text("name", "Name"),
  { name: "price", label: "Price", widget: "number" },
  text("badge", "Badge"),
  { name: "popular", label: "Popular", widget: "boolean" },
  { name: "body", label: "Text", widget: "markdown" },
  { name: "updated", label: "Updated", widget: "datetime" },
  { name: "form", label: "Form", widget: "relation", collection: "forms" },
  { name: "image", label: "Image", widget: "object", fields: [text("src", "Picture"), text("alt", "Alt text")] },
  { name: "features", label: "Features", widget: "list", field: text("item", "Item"), summary: "{{fields.item}}" },
  {
    name: "questions",
    label: "Questions",
    widget: "list",
    label_singular: "Question",
    field: { name: "item", label: "Question", widget: "relation", collection: "faq" },
  },
  {
    name: "plans",
    label: "Plans",
    widget: "list",
    summary: "{{fields.title}}",
    fields: [{ name: "price", label: "Price", widget: "number" }, text("title", "Title"), text("note", "Note")],
  },
  { name: "links", label: "Links", label_singular: "Link", widget: "list", fields: [text("label", "Label")] },
  {
    name: "sections",
    label: "Sections",
    widget: "list",
    typeKey: "type",
    types: [
      {
        name: "pricing",
        label: "Prices: Plan cards with prices",
        widget: "object",
        summary: "Prices{{fields.heading | ternary(': ', '')}}{{fields.heading}}",
        fields: [text("heading", "Heading"), text("intro", "Intro")],
      },
      {
        name: "gallery",
        label: "Picture gallery: A grid of pictures",
        widget: "object",
        summary: "Picture gallery{{fields.heading | ternary(': ', '')}}{{fields.heading}}",
        fields: [text("heading", "Heading"), { name: "wide", label: "Wide", widget: "boolean" }],
      },
    ],
  },
];

const sentences = (before: object, after: object, titleOf?: (c: string, id: string) => string | undefined) =>
  changesBetween(fields, before, after, { titleOf }).map((c) => c.sentence);

/** A text of `count` words, each different: "w0 w1 w2 …". */
const words = (count: number, from = 0) => Array.from({ length: count }, (_, i) => `w${i + from}`);

describe("a field's change in words", () => {
  it("says a value's change by the field's label, before → after, as data and as a sentence", () => {
    expect(changesBetween(fields, { price: 49, name: "Pro" }, { price: 59, name: "Pro" })).toEqual([
      { kind: "changed", path: ["Price"], before: "49", after: "59", sentence: "Price: 49 → 59" },
    ]);
    expect(sentences({ name: "Pro" }, { name: "Professional" })).toEqual(["Name: 'Pro' → 'Professional'"]);
  });

  it("says a field set, and a field emptied with what it held", () => {
    expect(sentences({}, { badge: "Popular" })).toEqual(["Badge: set to 'Popular'"]);
    expect(sentences({ badge: "Popular" }, { badge: "" })).toEqual(["Badge: removed ('Popular')"]);
    expect(changesBetween(fields, { badge: "Popular" }, {})[0]).toMatchObject({ kind: "cleared", before: "'Popular'" });
  });

  it("says a switch turned on or off, and a switch left off is no change whether written or not", () => {
    expect(sentences({}, { popular: true })).toEqual(["Popular: turned on"]);
    expect(sentences({ popular: true }, { popular: false })).toEqual(["Popular: turned off"]);
    expect(sentences({ popular: false }, {})).toEqual([]);
  });

  it("says nothing when nothing changed, whatever the order of the keys or the copies of the data", () => {
    const entry = { name: "Pro", plans: [{ title: "A", price: 1 }], image: { src: "a.jpg", alt: "A" } };
    const reordered = { image: { alt: "A", src: "a.jpg" }, plans: [{ price: 1, title: "A" }], name: "Pro" };
    expect(changesBetween(fields, entry, structuredClone(entry))).toEqual([]);
    expect(changesBetween(fields, entry, reordered)).toEqual([]);
  });

  it("names a field inside an object by the labels along its path, and a date as its day", () => {
    expect(sentences({ image: { src: "a.jpg", alt: "Old" } }, { image: { src: "a.jpg", alt: "New" } })).toEqual([
      "Image › Alt text: 'Old' → 'New'",
    ]);
    expect(sentences({ updated: new Date("2026-11-02") }, { updated: new Date("2026-11-09") })).toEqual([
      "Updated: '2026-11-02' → '2026-11-09'",
    ]);
  });

  it("says a key the fields do not have by its name in words", () => {
    expect(sentences({ buttonLabel: "Go" }, { buttonLabel: "Call us" })).toEqual(["Button label: 'Go' → 'Call us'"]);
  });

  it("lists changes in the order of the fields, keys the fields do not have last", () => {
    const paths = changesBetween(fields, {}, { extraNote: "x", popular: true, name: "A" }).map((c) => c.path[0]);
    expect(paths).toEqual(["Name", "Popular", "Extra note"]);
  });
});

describe("a list's changes in words", () => {
  it("says texts added and removed, and where a text moved: first, last, or its place", () => {
    expect(sentences({ features: ["A", "B"] }, { features: ["A", "B", "Remote backup"] })).toEqual([
      "Features: added 'Remote backup'",
    ]);
    expect(sentences({ features: ["A", "X", "B"] }, { features: ["A", "B"] })).toEqual(["Features: removed 'X'"]);
    expect(sentences({ features: ["A", "B", "C"] }, { features: ["C", "A", "B"] })).toEqual([
      "Features: 'C' moved to first",
    ]);
    expect(sentences({ features: ["A", "B", "C"] }, { features: ["B", "C", "A"] })).toEqual([
      "Features: 'A' moved to last",
    ]);
    expect(sentences({ features: ["A", "B", "C", "D", "E"] }, { features: ["A", "C", "E", "B", "D"] })).toHaveLength(2);
    expect(sentences({ features: ["A", "B", "C", "D"] }, { features: ["B", "C", "A", "D"] })).toEqual([
      "Features: 'A' moved to 3rd",
    ]);
  });

  it("says a text corrected in place as before → after", () => {
    expect(sentences({ features: ["A", "Remote bakup"] }, { features: ["A", "Remote backup"] })).toEqual([
      "Features: 'Remote bakup' → 'Remote backup'",
    ]);
  });

  it("names an item of a list of objects by the field its row shows, and a change inside it under that name", () => {
    const before = {
      plans: [
        { price: 19, title: "Basic" },
        { price: 49, title: "Professional" },
      ],
    };
    const after = {
      plans: [
        { price: 19, title: "Basic" },
        { price: 59, title: "Professional" },
      ],
    };
    expect(changesBetween(fields, before, after)).toMatchObject([
      {
        kind: "changed",
        path: ["Plans", "'Professional'", "Price"],
        sentence: "Plans › 'Professional' › Price: 49 → 59",
      },
    ]);
  });

  it("names an item by its first text field when the list has no row summary, by its noun and place without one", () => {
    expect(sentences({ links: [{ label: "Home" }] }, { links: [{ label: "Home" }, { label: "About" }] })).toEqual([
      "Links: added 'About'",
    ]);
    expect(sentences({ links: [{ label: "Home" }] }, { links: [{ label: "Home" }, {}] })).toEqual([
      "Links: added link 2",
    ]);
  });

  it("says an item moved and changed as both, under its name", () => {
    const before = {
      plans: [
        { title: "Basic", price: 19, note: "a" },
        { title: "Is it safe?", price: 1, note: "b" },
      ],
    };
    const after = {
      plans: [
        { title: "Is it safe?", price: 2, note: "b" },
        { title: "Basic", price: 19, note: "a" },
      ],
    };
    const changes = changesBetween(fields, before, after);
    expect(changes.map((c) => c.sentence).sort()).toEqual(
      ["Plans: 'Is it safe?' moved to first", "Plans › 'Is it safe?' › Price: 1 → 2"].sort(),
    );
    expect(changes.find((c) => c.kind === "moved")).toMatchObject({ item: "'Is it safe?'", to: "first" });
  });

  it("says an item renamed as its name changed, not as one removed and another added", () => {
    const before = { plans: [{ title: "Pro", price: 49, note: "n" }] };
    const after = { plans: [{ title: "Professional", price: 49, note: "n" }] };
    expect(sentences(before, after)).toEqual(["Plans › 'Pro' › Title: 'Pro' → 'Professional'"]);
  });

  it("says an item replaced by an unlike one as removed and added", () => {
    const before = { plans: [{ title: "Pro", price: 49, note: "n" }] };
    const after = { plans: [{ title: "Team", price: 99, note: "t" }] };
    expect(sentences(before, after)).toEqual(["Plans: removed 'Pro'", "Plans: added 'Team'"]);
  });
});

describe("a typed list's items (a page's sections)", () => {
  it("names each by its type's name and its heading, or its type's name alone", () => {
    const before = { sections: [{ type: "pricing", heading: "Our plans", intro: "a" }, { type: "gallery" }] };
    const after = {
      sections: [
        { type: "pricing", heading: "Our plans", intro: "b" },
        { type: "gallery", wide: true },
      ],
    };
    expect(sentences(before, after)).toEqual([
      "Sections › Prices 'Our plans' › Intro: 'a' → 'b'",
      "Sections › Picture gallery › Wide: turned on",
    ]);
  });

  it("pairs a section whose heading and text both changed with itself, and says a new type as added", () => {
    const before = { sections: [{ type: "pricing", heading: "Plans", intro: "a" }] };
    const after = { sections: [{ type: "gallery" }, { type: "pricing", heading: "Prices", intro: "b" }] };
    expect(sentences(before, after)).toEqual([
      "Sections: added Picture gallery",
      "Sections › Prices 'Plans' › Heading: 'Plans' → 'Prices'",
      "Sections › Prices 'Plans' › Intro: 'a' → 'b'",
    ]);
  });
});

describe("references", () => {
  const titles: Record<string, string> = { "faq/safe": "Is it safe?", "faq/cost": "What does it cost?" };
  const titleOf = (collection: string, id: string) => titles[`${collection}/${id}`];

  it("names the entries a list chooses by their titles when it can, else by their ids", () => {
    const [before, after] = [{ questions: ["cost", "safe"] }, { questions: ["safe", "cost", "new-one"] }];
    expect(sentences(before, after, titleOf)).toEqual([
      "Questions: 'Is it safe?' moved to first",
      "Questions: added 'new-one'",
    ]);
    expect(sentences(before, after)).toEqual(["Questions: 'safe' moved to first", "Questions: added 'new-one'"]);
  });

  it("names a chosen entry by its title", () => {
    const forms = (c: string, id: string) => (c === "forms" ? `The ${id} form` : undefined);
    expect(sentences({ form: "contact" }, { form: "quote" }, forms)).toEqual([
      "Form: 'The contact form' → 'The quote form'",
    ]);
  });
});

describe("long text", () => {
  const body =
    "Call us and we fix your printer today from nine to five every day of the week, and we come to you wherever you work.";

  it("says only the changed words with a few words of context, as pieces and as a sentence", () => {
    const [change] = changesBetween(fields, { body }, { body: body.replace("today", "within the hour") });
    expect(change!.sentence).toBe("Text: …we fix your printer [-today-] [+within the hour+] from nine to five…");
    expect(change).toMatchObject({
      kind: "edited",
      more: 0,
      snippets: [
        {
          fromStart: false,
          toEnd: false,
          pieces: [
            { kind: "same", text: "we fix your printer" },
            { kind: "removed", text: "today" },
            { kind: "added", text: "within the hour" },
            { kind: "same", text: "from nine to five" },
          ],
        },
      ],
    });
  });

  it("says each change far apart on its own, and counts the changes past the first few", () => {
    const long = words(400);
    const edited = long.map((w, i) => (i % 50 === 25 ? `X${i}` : w));
    const [change] = changesBetween(fields, { body: long.join(" ") }, { body: edited.join("\n") }) as [
      Extract<FieldChange, { kind: "edited" }>,
    ];
    expect(change.snippets).toHaveLength(3);
    expect(change.more).toBe(5);
    expect(change.snippets[0]!.pieces.map((p) => p.text)).toEqual(["w21 w22 w23 w24", "w25", "X25", "w26 w27 w28 w29"]);
    expect(change.sentence).toMatch(/\(and 5 more changes\)$/);
  });

  it("says a rewritten text of thousands of words in a sentence of a few words, never the whole text", () => {
    const [change] = changesBetween(fields, { body: words(3000).join(" ") }, { body: words(3000, 5000).join(" ") });
    expect(change!.kind).toBe("edited");
    expect(change!.sentence.length).toBeLessThan(200);
  });

  it("says a text that changed only in its spacing or line breaks as such", () => {
    expect(sentences({ body }, { body: body.replace(", and", ",\n\nand") })).toEqual([
      "Text: spacing or line breaks changed",
    ]);
  });
});

describe("the word diff", () => {
  /** The longest common subsequence's length, the slow way. */
  function common(a: string[], b: string[]): number {
    const row = new Array<number>(b.length + 1).fill(0);
    for (const x of a) {
      let diagonal = 0;
      b.forEach((y, j) => {
        const above = row[j + 1]!;
        row[j + 1] = x === y ? diagonal + 1 : Math.max(above, row[j]!);
        diagonal = above;
      });
    }
    return row[b.length]!;
  }

  it("turns one text into the other with the fewest words removed and added", () => {
    let seed = 7;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    const randomWords = () =>
      Array.from({ length: Math.floor(random() * 14) }, () => "abcd"[Math.floor(random() * 4)]!);
    const wrong: string[] = [];
    for (let run = 0; run < 300; run++) {
      const [a, b] = [randomWords(), randomWords()];
      const steps = editScript(a, b);
      // The steps replayed on `a`: each word kept is the same in both, and they make `b`.
      const made: string[] = [];
      let [x, y] = [0, 0];
      for (const step of steps) {
        if (step === SAME && a[x] !== b[y]) made.push("≠");
        if (step !== ADDED) x++;
        if (step !== REMOVED) made.push(b[y++]!);
      }
      const kept = steps.filter((s) => s === SAME).length;
      if (x !== a.length || made.join("") !== b.join("") || kept !== common(a, b)) wrong.push(`${a} → ${b}`);
    }
    expect(wrong).toEqual([]);
  });
});
