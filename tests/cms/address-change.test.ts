/**
 * A new address for an entry with a page in /admin/ (admin/editor/address-change.ts): the id the
 * marketer types, checked by the content check's rules (its characters, not the entry's own, not
 * another entry's, not an address a page, the listing or a redirect has), and the redirect the rename
 * adds. Fixture files, never the shipped content.
 */
import { describe, expect, it } from "vitest";
import { addressChange } from "../../admin/editor/address-change.ts";
import { contentKinds } from "../../schemas/kinds.ts";

const now = Date.parse("2026-06-01T12:00:00Z");
const kind = contentKinds.find((k) => k.name === "guides")! as { folder: string; address: string; noun: string };
const at = (id: string) => kind.address.replace(":id", id);
const entry = (extra = "") =>
  `---\ntitle: Printer offline\ndescription: Fix it.\npublished: 2026-01-05\n${extra}---\nText.\n`;
const files = (extra: { rel: string; text: string }[] = []) => [
  { rel: `${kind.folder}/old-name.md`, text: entry() },
  { rel: `${kind.folder}/other.md`, text: entry() },
  {
    rel: "redirects.yaml",
    text: `redirects:\n  - from: /about-us\n    to: /about\n  - from: ${at("gone")}\n    to: /about\n`,
  },
  ...extra,
];
const problem = (id: string, extra?: { rel: string; text: string }[]) => {
  const found = addressChange(files(extra), "guides", "old-name", id, now);
  return "problem" in found ? found.problem : undefined;
};

describe("a new address for a guide", () => {
  it("is the rename with its redirect, and the words that say so", () => {
    const found = addressChange(files(), "guides", "old-name", "new-name", now);
    expect("change" in found && found.change).toMatchObject({
      from: `${kind.folder}/old-name.md`,
      to: `${kind.folder}/new-name.md`,
      message: `Renamed: ${at("old-name")} → ${at("new-name")}; the old address now redirects there`,
    });
  });

  it("is refused in words: bad characters, the same, another entry's, a page's route, a redirected address", () => {
    expect(problem("New Name")).toMatch(/^use lower-case letters, digits and hyphens only, e\.g\. "new-name"/);
    expect(problem("a/b")).toMatch(/^use lower-case letters/);
    expect(problem("")).toMatch(/^write the new end of the address/);
    expect(problem("old-name")).toMatch(/address now: write a new one/);
    expect(problem("other")).toBe(
      `another ${kind.noun} is called "other" (content/${kind.folder}/other.md): choose another`,
    );
    const page = { rel: "pages/taken.yaml", text: `route: ${at("taken")}\ntitle: T\nsections: []\n` };
    expect(problem("taken", [page])).toBe(
      `the address ${at("taken")} is taken by content/pages/taken.yaml: choose another`,
    );
    expect(problem("gone")).toMatch(new RegExp(`^content/redirects.yaml sends ${at("gone")} on to /about`));
  });

  it("adds no redirect for a draft, and says why", () => {
    const draft = [{ rel: `${kind.folder}/old-name.md`, text: entry("draft: true\n") }];
    const found = addressChange(draft, "guides", "old-name", "new-name", now);
    expect("change" in found && found.change.redirect).toBeUndefined();
    expect("change" in found && found.change.message).toMatch(/no redirect was needed$/);
  });
});
