/**
 * /admin/'s "Show from" / "Show until" pickers say whose clock they are (admin/editor/zone-hints.ts): every
 * date and time picker of the generated configuration, in every collection, section type and file,
 * gets the site's zone in words; without a zone, it says where to set one. Other fields are left as
 * they are.
 */
import { describe, expect, it } from "vitest";
import { cmsConfig, type CmsField } from "../../scripts/cms/config.ts";
import { withZoneHints, zoneHint, zoneWords } from "../../admin/editor/zone-hints.ts";

const config = cmsConfig({ repo: "example/site", siteUrl: "https://www.example.com" });

/** Every field of the configuration, with its path. */
function fieldsOf(collections: unknown): { path: string; field: CmsField }[] {
  const out: { path: string; field: CmsField }[] = [];
  const walk = (field: CmsField, path: string) => {
    out.push({ path, field });
    for (const f of field.fields ?? []) walk(f, `${path}.${f.name}`);
    for (const t of field.types ?? []) walk(t, `${path}[${t.name}]`);
  };
  for (const c of collections as (CmsField & { files?: CmsField[] })[]) {
    for (const f of c.fields ?? []) walk(f, `${c.name}.${f.name}`);
    for (const file of c.files ?? []) for (const f of file.fields ?? []) walk(f, `${c.name}/${file.name}.${f.name}`);
  }
  return out;
}

const isPicker = (f: CmsField) => f.widget === "datetime" && f.time_format === "HH:mm";

describe("the pickers' hints say the site's time zone", () => {
  it("names a zone in words a person reads", () => {
    expect(zoneWords("America/Chicago")).toBe("Chicago time (Central Time)");
    expect(zoneWords("Europe/London")).toMatch(/^London time/);
    expect(zoneWords("UTC")).toMatch(/^UTC time/);
  });

  it("adds the zone to every date and time picker's hint, and to nothing else", () => {
    const before = fieldsOf(config.collections);
    const after = fieldsOf(withZoneHints(config.collections, "America/Chicago"));
    expect(after.length).toBe(before.length);
    const pickers = after.filter(({ field }) => isPicker(field));
    expect(pickers.length).toBeGreaterThan(2);
    for (const [i, { path, field }] of after.entries()) {
      const was = before[i]!.field;
      if (isPicker(field)) {
        expect(field.hint, path).toBe(`${was.hint ? `${was.hint} ` : ""}${zoneHint("America/Chicago")}`);
        expect(field.hint, path).toContain("Chicago time (Central Time)");
      } else expect(field.hint, path).toBe(was.hint);
    }
    // The configuration it was given is not changed.
    expect(fieldsOf(config.collections).map(({ field }) => field.hint)).toEqual(before.map(({ field }) => field.hint));
  });

  it("without a zone (or with a name that is not one), says where to set it", () => {
    for (const zone of [undefined, "Mars/Olympus"]) {
      const pickers = fieldsOf(withZoneHints(config.collections, zone)).filter(({ field }) => isPicker(field));
      for (const { path, field } of pickers)
        expect(field.hint, path).toMatch(/Set the site's time zone first \(Site settings, Time zone\)/);
    }
  });
});
