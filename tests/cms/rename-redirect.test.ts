/**
 * /admin/'s rename of an entry with a page (admin/editor/rename-redirect.ts): the redirect it adds to
 * content/redirects.yaml and the words it shows. Fixture files, never the shipped content.
 */
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { renameRedirect } from "../../admin/editor/rename-redirect.ts";
import { contentKinds } from "../../schemas/kinds.ts";

const now = Date.parse("2026-06-01T12:00:00Z");
const kind = contentKinds.find((k) => "address" in k && typeof k.address === "string")! as {
  folder: string;
  address: string;
};
const at = (id: string) => kind.address.replace(":id", id);
const entry = (extra = "") =>
  `---\ntitle: Printer offline\ndescription: Fix it.\npublished: 2026-01-05\n${extra}---\nText.\n`;
const redirects = (lines = "") => `# Old addresses.\nredirects:\n  - from: /about-us\n    to: /about\n${lines}`;

describe("a rename in /admin/", () => {
  it("adds the old address's redirect to the new one and says so", () => {
    const files = [
      { rel: `${kind.folder}/old-name.md`, text: entry() },
      { rel: "redirects.yaml", text: redirects(`  - from: /older\n    to: ${at("old-name")}\n`) },
    ];
    const made = renameRedirect(files, `${kind.folder}/old-name.md`, `${kind.folder}/new-name.md`, now)!;
    expect(made.file).toBe("redirects.yaml");
    const list = parse(made.text).redirects as { from: string; to: string }[];
    expect(list).toContainEqual({ from: at("old-name"), to: at("new-name") });
    // No chain: what led to the old address leads to the new one.
    expect(list).toContainEqual({ from: "/older", to: at("new-name") });
    expect(list).toContainEqual({ from: "/about-us", to: "/about" });
    expect(made.text.startsWith("# Old addresses.")).toBe(true);
    expect(made.message).toBe(`Renamed: ${at("old-name")} → ${at("new-name")}; the old address now redirects there`);
  });

  it("adds nothing for a draft, which published no address", () => {
    const files = [
      { rel: `${kind.folder}/old-name.md`, text: entry("draft: true\n") },
      { rel: "redirects.yaml", text: redirects() },
    ];
    expect(renameRedirect(files, `${kind.folder}/old-name.md`, `${kind.folder}/new-name.md`, now)).toBeUndefined();
  });
});
