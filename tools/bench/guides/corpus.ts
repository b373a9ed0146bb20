/**
 * `npm run bench:guides`'s corpus: a copy of a content folder filled up to a number of help guides,
 * tags and authors (the issue's 1,000 guides, 30 tags and 5 authors by default). What the content
 * already has counts: its guides, tags and team members are kept, and only the rest is generated.
 * A generated guide is what a real one is: a title and description, dates, an author and two or three
 * tags by id, a hero picture with alt text, and a Markdown body of about 700 words with four `##`
 * sections (so a table of contents), a `###`, lists, bold text and links to other guides and to a
 * page. The picture, the photo and the page linked to are read from the content copied (namesIn),
 * never named here.
 * In: the content folder, the counts. Out: .bench/guides-<guides>/content (gitignored), and what it holds.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { stringify } from "yaml";
import { bench, fieldsOf, namesIn } from "../../../tests/helpers/bench-corpus.ts";

export interface GuidesCorpus {
  /** The corpus's content folder. */
  content: string;
  /** Every guide's id (file name), the content's own first. */
  guides: string[];
  /** An id of a generated guide, for the edits. */
  edited: string;
  tags: number;
  authors: number;
}

const ids = (dir: string, extension: string) =>
  existsSync(dir)
    ? readdirSync(dir)
        .filter((file) => file.endsWith(extension))
        .sort()
        .map((file) => file.slice(0, -extension.length))
    : [];

const topics = ["printer", "laptop", "Wi-Fi", "phone", "tablet", "Mac", "backup", "e-mail", "router", "scanner"];
const problems = [
  "will not connect",
  "runs slowly",
  "keeps restarting",
  "shows an error",
  "is out of storage",
  "will not update",
  "loses its settings",
  "drains its battery",
];

/** A generated guide's Markdown file: front matter, then its body. */
function guideFile(
  i: number,
  id: string,
  author: string,
  tags: string[],
  others: [string, string],
  names: { hero: string; link: string },
): string {
  const topic = topics[i % topics.length]!;
  const problem = problems[Math.floor(i / topics.length) % problems.length]!;
  const day = new Date(Date.UTC(2023, 0, 1) + (i % 1000) * 86_400_000).toISOString().slice(0, 10);
  const front = {
    title: `Your ${topic} ${problem}? Fixes that work (${i})`,
    description: `What to check first when your ${topic} ${problem}, and the settings that stop it happening again.`,
    published: day,
    author,
    tags,
    hero: { src: names.hero, alt: `A ${topic} with a warning sign beside it` },
  };
  const paragraph = (n: number) =>
    `When a ${topic} ${problem}, the cause is usually one of a few things, and most of them take minutes to ` +
    `fix. Work through this step ${n} calmly: write down what the screen says, because the exact words of ` +
    `an error tell a technician far more than "it stopped working". If you are not sure what you are ` +
    `looking at, take a photo of the screen with your phone before you change anything, so you can put ` +
    `it back as it was. Many people find that **restarting the ${topic} properly** (shutting it down, ` +
    `waiting thirty seconds, then starting it again) clears the problem on its own.`;
  const body = [
    paragraph(1),
    `## Check the simple things first`,
    paragraph(2),
    `1. Make sure the ${topic} has power and is switched on.\n2. Check that it is on the right network.\n3. Restart it, then the device you use it from.`,
    `## Look at the settings`,
    paragraph(3),
    `### If the settings look right`,
    paragraph(4),
    `- Note the model and the version of its software.\n- Check for updates, and install them.\n- Try again from another device.`,
    `## When to ask for help`,
    paragraph(5),
    `See also [the guide for a similar problem](/guides/${others[0]}) and [this one](/guides/${others[1]}), or [talk to us](${names.link}).`,
    `## Stop it happening again`,
    paragraph(6),
  ].join("\n\n");
  return `---\n${stringify(front)}---\n\n${body}\n`;
}

/** The corpus of `guides` guides, `tags` tags and `authors` authors, made from `source` (a content folder). */
export function makeGuidesCorpus(source: string, guides = 1000, tags = 30, authors = 5): GuidesCorpus {
  const dir = join(bench, `guides-${guides}`);
  const content = join(dir, "content");
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  cpSync(source, content, { recursive: true });
  const collections = join(content, "collections");
  const names = namesIn(content);

  const tagIds = ids(join(collections, "tags"), ".yaml");
  mkdirSync(join(collections, "tags"), { recursive: true });
  for (let n = tagIds.length + 1; tagIds.length < tags; n++) {
    const id = `bench-topic-${String(n).padStart(2, "0")}`;
    writeFileSync(
      join(collections, "tags", `${id}.yaml`),
      stringify({ name: `Topic ${n}`, description: `Guides about topic ${n}.` }),
    );
    tagIds.push(id);
  }

  const teamDir = join(collections, "team");
  const team = ids(teamDir, ".yaml");
  const photo = team.length ? fieldsOf(join(teamDir, `${team[0]}.yaml`))?.photo : undefined;
  mkdirSync(teamDir, { recursive: true });
  for (let n = team.length + 1; team.length < authors; n++) {
    const id = `bench-writer-${n}`;
    const member = {
      name: `Writer ${n}`,
      role: "Support technician",
      bio: `Writer ${n} fixes computers, phones and printers for our customers, and writes down how.`,
      photo: photo ?? { src: names.image, alt: `Portrait of writer ${n}` },
    };
    writeFileSync(join(teamDir, `${id}.yaml`), stringify(member));
    team.push(id);
  }

  const guidesDir = join(collections, "guides");
  const shipped = ids(guidesDir, ".md");
  const shippedHero = shipped.length ? fieldsOf(join(guidesDir, `${shipped[0]}.md`))?.hero : undefined;
  const hero =
    shippedHero && typeof shippedHero === "object" && "src" in shippedHero ? String(shippedHero.src) : names.image;
  mkdirSync(guidesDir, { recursive: true });
  const generated = Array.from(
    { length: Math.max(0, guides - shipped.length) },
    (_, i) => `bench-guide-${String(i + 1).padStart(4, "0")}`,
  );
  generated.forEach((id, i) => {
    const chosen = [
      tagIds[i % tagIds.length]!,
      tagIds[(i * 7 + 3) % tagIds.length]!,
      tagIds[(i * 13 + 5) % tagIds.length]!,
    ];
    const others: [string, string] = [generated[(i + 1) % generated.length]!, generated[(i + 17) % generated.length]!];
    writeFileSync(
      join(guidesDir, `${id}.md`),
      guideFile(i + 1, id, team[i % team.length]!, [...new Set(chosen)], others, { hero, link: names.links[0] }),
    );
  });
  return {
    content,
    guides: [...shipped, ...generated],
    edited: generated[0] ?? shipped[0]!,
    tags: tagIds.length,
    authors: team.length,
  };
}
