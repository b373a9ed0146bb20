/**
 * Realistic edits a marketing team makes to the content, written against whatever content they are
 * given (they find the plan, the FAQ section, the Markdown page, ... rather than naming them), so the
 * proof that valid edits pass CI keeps working as the content moves on.
 * Each edit changes files in a content folder through the YAML document model, keeping comments.
 */
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Document, isMap, isSeq, parseDocument, type YAMLMap, type YAMLSeq } from "yaml";
import { replaceWithPhotos } from "../helpers/photo-fixture.ts";

export interface Edit {
  /** What a marketer did, in their words. */
  name: string;
  apply(contentDir: string): void | Promise<void>;
}

type Doc = Document.Parsed;

function open(contentDir: string, rel: string): Doc {
  return parseDocument(readFileSync(join(contentDir, rel), "utf8"));
}

function save(contentDir: string, rel: string, doc: Doc): void {
  writeFileSync(join(contentDir, rel), doc.toString({ lineWidth: 0 }));
}

/** Applies `change` and saves the file, unless `change` says it changed nothing (returns false). */
function edit(contentDir: string, rel: string, change: (doc: Doc) => boolean | void): void {
  const doc = open(contentDir, rel);
  if (change(doc) !== false) save(contentDir, rel, doc);
}

function yamlFiles(contentDir: string, folder: string): string[] {
  return readdirSync(join(contentDir, folder))
    .filter((f) => f.endsWith(".yaml"))
    .sort()
    .map((f) => `${folder}/${f}`);
}

/**
 * `base`, else `base 2`, `base 3`, …: the first that `taken` does not hold (compared without case), so
 * an edit never collides with what the content it is applied to already has (a name, a label, a route,
 * an id), whatever marketing added since.
 */
function unique(base: string, taken: Iterable<string>, numbered = (n: number) => `${base} ${n}`): string {
  const used = new Set([...taken].map((name) => name.toLowerCase()));
  let name = base;
  for (let n = 2; used.has(name.toLowerCase()); n++) name = numbered(n);
  return name;
}

/** The route of every page, Markdown pages included. */
function routesOf(contentDir: string): string[] {
  return readdirSync(join(contentDir, "pages")).flatMap((file) => {
    const text = readFileSync(join(contentDir, "pages", file), "utf8");
    const route = /^route:[ \t]*["']?(\/[^"'\s]*)/m.exec(text)?.[1];
    return route ? [route] : [];
  });
}

/** The ids (file names) of a collection's entries. */
function idsOf(contentDir: string, collection: string): string[] {
  return readdirSync(join(contentDir, "collections", collection)).map((file) => file.replace(/\.ya?ml$/, ""));
}

/** The landing page's file: the page whose route is "/". */
function homeFile(contentDir: string): string {
  const found = yamlFiles(contentDir, "pages").find((rel) => open(contentDir, rel).get("route") === "/");
  if (!found) throw new Error("no page has the route /");
  return found;
}

function sections(doc: Doc): YAMLSeq<YAMLMap> {
  const list = doc.get("sections");
  if (!isSeq(list)) throw new Error("a page without sections");
  return list as YAMLSeq<YAMLMap>;
}

/** The first section of a type on any page: its file and its node. */
function findSection(contentDir: string, type: string): { rel: string; doc: Doc; section: YAMLMap } | undefined {
  for (const rel of yamlFiles(contentDir, "pages")) {
    const doc = open(contentDir, rel);
    const section = sections(doc).items.find((s) => isMap(s) && s.get("type") === type && s.get("draft") !== true);
    if (section) return { rel, doc, section };
  }
  return undefined;
}

/** The entry files of a collection, in id order. */
function entryFiles(contentDir: string, collection: string): string[] {
  return yamlFiles(contentDir, `collections/${collection}`);
}

function write(contentDir: string, rel: string, data: Record<string, unknown>): void {
  writeFileSync(join(contentDir, rel), new Document(data).toString());
}

function question(n: number): Record<string, string> {
  return {
    question: `Can you help with problem number ${n}?`,
    answer: `Yes. Call us toll free at {{phone}} and a technician will look at problem ${n} with you, **right away**.`,
  };
}

/** Adds FAQ entries and lists them in the first FAQ section (a new section on the home page if none). */
function addQuestions(contentDir: string, base: string, count: number): void {
  // A prefix none of whose ids is taken: an entry the content already has is never overwritten.
  const taken = new Set(idsOf(contentDir, "faq"));
  let prefix = base;
  for (let n = 2; Array.from({ length: count }, (_, i) => `${prefix}-${i + 1}`).some((id) => taken.has(id)); n++)
    prefix = `${base}-${n}`;
  const ids = Array.from({ length: count }, (_, i) => `${prefix}-${i + 1}`);
  ids.forEach((id, i) => write(contentDir, `collections/faq/${id}.yaml`, question(i + 1)));
  const found = findSection(contentDir, "faq");
  if (found) {
    const list = found.section.get("questions") as YAMLSeq;
    for (const id of ids) list.add(found.doc.createNode(id));
    save(contentDir, found.rel, found.doc);
  } else {
    edit(contentDir, homeFile(contentDir), (doc) =>
      sections(doc).add(doc.createNode({ type: "faq", heading: "Questions and answers", questions: ids })),
    );
  }
}

export const marketingEdits: Edit[] = [
  {
    name: "a price and a plan feature",
    apply(dir) {
      edit(dir, entryFiles(dir, "plans")[0]!, (plan) => {
        plan.set("price", Number(plan.get("price")) + 4);
        (plan.get("features") as YAMLSeq).add(plan.createNode("Priority callback within 10 minutes"));
      });
    },
  },
  {
    name: "three new FAQ entries listed on the page",
    apply: (dir) => addQuestions(dir, "new-question", 3),
  },
  {
    name: "a FAQ entry removed",
    apply(dir) {
      const found = findSection(dir, "faq");
      const list = found?.section.get("questions") as YAMLSeq | undefined;
      if (!found || !list || list.items.length < 2) throw new Error("no FAQ section with two questions or more");
      const id = String(list.get(0));
      // Removed everywhere it is listed, then from the collection.
      for (const rel of yamlFiles(dir, "pages")) {
        edit(dir, rel, (doc) => {
          let changed = false;
          for (const section of sections(doc).items) {
            const questions = isMap(section) ? section.get("questions") : undefined;
            if (!isSeq(questions)) continue;
            const kept = questions.items.filter((q) => String(q) !== id);
            changed ||= kept.length !== questions.items.length;
            questions.items = kept;
          }
          return changed;
        });
      }
      rmSync(join(dir, "collections", "faq", `${id}.yaml`));
    },
  },
  {
    name: "a new page linked from the header and the footer",
    apply(dir) {
      // A route, a file and a link label that the content does not have yet, whatever it has; named as
      // the /admin/ tests name theirs (tests/cms/tasks.spec.ts), so content that already has them is
      // tried here first.
      const route = unique("/careers", routesOf(dir), (n) => `/careers-${n}`);
      const file = unique(
        `${route.slice(1)}.yaml`,
        readdirSync(join(dir, "pages")),
        (n) => `${route.slice(1)}-${n}.yaml`,
      );
      const site = open(dir, "site.yaml");
      const labels = ["header", "footer"].flatMap((where) =>
        (site.getIn(["navigation", where]) as YAMLSeq<YAMLMap>).items.map((link) => String(link.get("label"))),
      );
      const label = unique("Careers", labels);
      writeFileSync(
        join(dir, "pages", file),
        [
          `route: ${route}`,
          "title: Careers",
          "description: Join our team of friendly, certified technicians.",
          "sections:",
          "  - type: prose",
          "    heading: Work with us",
          "    body: |",
          "      We are hiring technicians who like helping people.",
          "",
          "      Write to us at {{email}} or call {{phone}}.",
          "",
        ].join("\n"),
      );
      edit(dir, "site.yaml", (doc) => {
        for (const where of ["header", "footer"]) {
          (doc.getIn(["navigation", where]) as YAMLSeq).add(doc.createNode({ label, to: route }));
        }
      });
    },
  },
  {
    name: "lines that hold only spaces, as web editors leave them",
    apply(dir) {
      // In a collection entry and in the home page: after the first line, and at the end.
      for (const file of [
        join("collections", "faq", readdirSync(join(dir, "collections", "faq"))[0]!),
        homeFile(dir),
      ]) {
        const lines = readFileSync(join(dir, file), "utf8").split("\n");
        lines.splice(1, 0, "   ");
        writeFileSync(join(dir, file), lines.join("\n") + "  \n");
      }
    },
  },
  {
    name: "a section moved up",
    apply(dir) {
      edit(dir, homeFile(dir), (doc) => {
        const list = sections(doc).items;
        // Pricing when there is one, else the last section, moves one place up (never to the top).
        const pricing = list.findIndex((s) => s.get("type") === "pricing");
        const at = pricing > 1 ? pricing : list.length - 1;
        if (at < 2) throw new Error("the home page has too few sections to move one");
        [list[at - 1], list[at]] = [list[at]!, list[at - 1]!];
      });
    },
  },
  {
    name: "a section hidden with draft: true",
    apply(dir) {
      edit(dir, homeFile(dir), (doc) => {
        // A section no link points at (it has no anchor), and not the page's first.
        const candidates = sections(doc)
          .items.slice(1)
          .filter((s) => !s.has("anchor") && s.get("draft") !== true);
        const section = candidates.at(-1);
        if (!section) throw new Error("no section to hide");
        section.set("draft", true);
      });
    },
  },
  {
    name: "a new phone number",
    apply(dir) {
      edit(dir, "site.yaml", (doc) => {
        doc.setIn(["contact", "phone", "display"], "1-888-555-0199");
        doc.setIn(["contact", "phone", "e164"], "+18885550199");
      });
    },
  },
  {
    name: "a renamed service",
    apply(dir) {
      edit(dir, entryFiles(dir, "services")[0]!, (service) => {
        service.set("title", `${String(service.get("title"))} Rescue`);
      });
    },
  },
  {
    name: "fifty more questions",
    apply: (dir) => addQuestions(dir, "more-question", 50),
  },
  {
    name: "a privacy policy 25 KB longer",
    apply(dir) {
      const pages = readdirSync(join(dir, "pages")).filter((f) => f.endsWith(".md"));
      const rel = pages.find((f) => f.includes("privacy")) ?? pages[0];
      if (!rel) throw new Error("no Markdown page");
      const paragraph =
        "We keep the information you give us only as long as we need it to help you, to meet our legal " +
        "duties and to settle disputes. When we no longer need it, we delete it or make it anonymous. You may " +
        "ask us what we hold about you, and to correct or delete it, by writing to {{email}} or calling {{phone}}.";
      const parts: string[] = [];
      for (let n = 1; parts.join("\n").length < 25 * 1024; n++) {
        parts.push(
          `## Additional terms, part ${n}`,
          "",
          paragraph,
          "",
          `- Item one of part ${n}`,
          `- Item two of part ${n}`,
          "",
        );
      }
      const path = join(dir, "pages", rel);
      writeFileSync(path, `${readFileSync(path, "utf8").trimEnd()}\n\n${parts.join("\n")}`);
    },
  },
  {
    name: "the banner, a team portrait and a gallery picture replaced by photos straight from a phone",
    async apply(dir) {
      // What a marketer would pick: the landing page's banner, the first person, the first gallery picture.
      const srcOf = (node: unknown) => (isMap(node) ? node.get("src") : undefined);
      const hero = sections(open(dir, homeFile(dir))).items.find((s) => s.get("type") === "hero" && s.has("image"));
      const first = entryFiles(dir, "team")[0];
      const person = first ? (open(dir, first).contents as YAMLMap) : undefined;
      const gallery = findSection(dir, "gallery")?.section.get("images");
      const chosen = [
        srcOf(hero?.get("image")),
        srcOf(person?.get("photo")),
        srcOf(isSeq(gallery) && isMap(gallery.items[0]) ? gallery.items[0].get("image") : undefined),
      ].filter((src): src is string => typeof src === "string");
      if (chosen.length === 0) throw new Error("no banner, team photo or gallery picture to replace");
      await replaceWithPhotos(dir, { only: chosen });
    },
  },
  // Shapes of files that people's editors write, applied last so that no edit above rewrites them.
  {
    name: "files saved on Windows: line ends CRLF in a Markdown page, the home page and an entry",
    apply(dir) {
      const markdown = readdirSync(join(dir, "pages")).filter((f) => f.endsWith(".md"));
      const entry = entryFiles(dir, "plans")[0] ?? entryFiles(dir, "faq")[0];
      for (const rel of [`pages/${markdown.at(-1)}`, homeFile(dir), entry]) {
        if (!rel || rel === "pages/undefined") continue;
        const path = join(dir, rel);
        writeFileSync(path, readFileSync(path, "utf8").replace(/\r?\n/g, "\r\n"));
      }
    },
  },
  {
    name: "files that start with a byte-order mark (Notepad): a Markdown page, the site settings, an entry",
    apply(dir) {
      const markdown = readdirSync(join(dir, "pages")).filter((f) => f.endsWith(".md"));
      for (const rel of [`pages/${markdown[0]}`, "site.yaml", entryFiles(dir, "team")[0]]) {
        if (!rel || rel === "pages/undefined") continue;
        const path = join(dir, rel);
        writeFileSync(path, `\uFEFF${readFileSync(path, "utf8").replace(/^\uFEFF/, "")}`);
      }
    },
  },
  {
    name: "tabs in a Markdown page: after a list's bullets, in a nested list, inside a sentence",
    apply(dir) {
      const rel = readdirSync(join(dir, "pages")).find((f) => f.endsWith(".md"));
      if (!rel) throw new Error("no Markdown page");
      const path = join(dir, "pages", rel);
      const text = readFileSync(path, "utf8");
      const eol = text.includes("\r\n") ? "\r\n" : "\n";
      const added = [
        "",
        "-\tCall us any time",
        "\t-\tor ask for a callback",
        "-\tWe fix it while you watch",
        "",
        "Opening hours:\tevery day.",
      ];
      writeFileSync(path, `${text.trimEnd()}${eol}${added.join(eol)}${eol}`);
    },
  },
  {
    name: "very long lines: an answer and a paragraph of 6,000 characters on one line",
    apply(dir) {
      const sentence = "Our technicians explain every step in plain words and leave your computer faster than before. ";
      const long = sentence.repeat(Math.ceil(6000 / sentence.length)).trim();
      const entry = entryFiles(dir, "faq")[0];
      if (entry) edit(dir, entry, (doc) => void doc.set("answer", long));
      const rel = readdirSync(join(dir, "pages")).find((f) => f.endsWith(".md"));
      if (!rel) throw new Error("no Markdown page");
      const path = join(dir, "pages", rel);
      const text = readFileSync(path, "utf8");
      const eol = text.includes("\r\n") ? "\r\n" : "\n";
      writeFileSync(path, `${text.trimEnd()}${eol}${eol}${long}${eol}`);
    },
  },
];
