/**
 * `npm run leads` exports as a user runs them, through npm in a shell, from a folder of their own:
 * the operations guide's `npm run --silent leads -- --csv > leads.csv` and `--out`, read back as CSV (and
 * JSON) by a CSV parser. Phone numbers, accents, commas, quotes and line breaks come out as stored;
 * what a spreadsheet would run as a formula is neutralised. And with no database where it looks,
 * it says where it looked and creates nothing. The leads are written straight into a database of
 * the test's own (fixture values, not the site's content).
 */
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openDatabase } from "../../server/leads/db.ts";
import { csvCell } from "../../server/leads/export.ts";
import type { LeadListing } from "../../schemas/index.ts";
import { storeLead } from "../../server/leads/store-lead.ts";
import { copyProject } from "../../tools/shared/copy-project.ts";
import { root } from "../../tools/shared/copy-project.ts";
import { seedDataDir } from "../helpers/pglite-template.ts";

const run = promisify(execFile);
/** A command line as a user types it, in `cwd`, with `env` added to the environment. */
const shell = (command: string, cwd: string, env: Record<string, string | undefined>) =>
  run("sh", ["-c", command], { cwd, env: { ...process.env, ...env } });

const people = [
  { name: "Zoë Ångström-Núñez, Jr.", email: "zoe@example.com", phone: "+1 555-010-0199" },
  { name: 'Pat "The Fixer" O\'Brien', email: "pat@example.com", phone: "(555) 010-0100" },
  { name: '=HYPERLINK("http://evil.example","click")', email: "a@example.com", phone: "+44 20 7946 0958" },
  { name: "@SUM(1+1)", email: "b@example.com", phone: "555.010.0101" },
  { name: "-2+3+cmd|' /C calc'!A0", email: "c@example.com", phone: "+1 (555) 010-0102" },
  { name: "\tTabbed", email: "d@example.com", phone: "+1-555-010-0103" },
  { name: "Two\nlines, one cell", email: "e@example.com", phone: "555 010 0104" },
];

describe("exports a CRM takes as they are", () => {
  let dataDir: string;
  let userDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "leads-export-"));
    await seedDataDir({ LEADS_DATA_DIR: dataDir });
    const db = await openDatabase({ dataDir });
    for (const [i, fields] of people.entries())
      await storeLead(
        db,
        {
          form: "callback",
          page: "/contact",
          fields,
          ipHash: "test",
          attribution: i === 0 ? { landing_page: "/", utm_source: "newsletter", gclid: "abc-123" } : undefined,
          // The consent state it was sent under, beside the attribution (a lead stored before it was: none).
          adConsent:
            i === 0
              ? { ad_user_data: "denied", gpc: true }
              : i === 1
                ? { ad_user_data: "granted", gpc: false }
                : undefined,
        },
        [],
        0,
      );
    await db.close();
    // Where the user types the command: a folder inside the project (npm finds the project upwards).
    mkdirSync(join(root, ".data"), { recursive: true });
    userDir = mkdtempSync(join(root, ".data", "export-user-"));
  });

  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(userDir, { recursive: true, force: true });
  });

  const check = (csv: string) => {
    expect(csv.startsWith("id,created_at,form,")).toBe(true);
    const rows = parse(csv, { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(people.length);
    const byEmail = new Map(rows.map((row) => [row.email, row]));
    const shown = (name: string) => (/^[=+\-@\t\r]/.test(name) ? `'${name}` : name);
    for (const person of people) {
      const row = byEmail.get(person.email)!;
      expect(row.phone, person.phone).toBe(person.phone);
      expect(row.name).toBe(shown(person.name));
    }
    const first = byEmail.get(people[0]!.email)!;
    expect(first).toMatchObject({ landing_page: "/", utm_source: "newsletter", gclid: "abc-123", referrer: "" });
    expect(first).toMatchObject({ ad_user_data: "denied", gpc: "yes" });
    expect(byEmail.get(people[1]!.email)).toMatchObject({ ad_user_data: "granted", gpc: "no" });
    expect(byEmail.get(people[2]!.email)).toMatchObject({ ad_user_data: "", gpc: "" });
  };

  test("`npm run --silent leads -- --csv > leads.csv`, as the operations guide shows it, is a CSV from its header row on", async () => {
    await shell("npm run --silent leads -- --csv > leads.csv", userDir, { LEADS_DATA_DIR: dataDir });
    check(readFileSync(join(userDir, "leads.csv"), "utf8"));
  });

  test("`npm run leads -- --csv --out leads.csv` writes the file where the command was typed, owner-only; --json too", async () => {
    const { stderr } = await shell("npm run leads -- --csv --out leads-out.csv", userDir, {
      LEADS_DATA_DIR: dataDir,
    });
    expect(stderr).toContain(`Wrote ${people.length} leads to ${join(userDir, "leads-out.csv")}`);
    check(readFileSync(join(userDir, "leads-out.csv"), "utf8"));
    expect(statSync(join(userDir, "leads-out.csv")).mode & 0o777).toBe(0o600);
    await shell("npm run leads -- --json --out leads.json", userDir, { LEADS_DATA_DIR: dataDir });
    const leads = JSON.parse(readFileSync(join(userDir, "leads.json"), "utf8")) as LeadListing[];
    expect(leads.map((l) => l.fields).sort((a, b) => a.email!.localeCompare(b.email!))).toEqual(
      [...people].sort((a, b) => a.email.localeCompare(b.email)),
    );
    const { stdout } = await shell("npm run --silent leads -- --json", userDir, { LEADS_DATA_DIR: dataDir });
    expect(JSON.parse(stdout)).toEqual(leads);
  });

  test("a cell a spreadsheet would run is neutralised; a phone number is not", () => {
    for (const formula of ["=1+1", "+SUM(A1)", "-1+A1", "@A1", "\t=1", "\r=1", "+1 555 CALL NOW"])
      expect(csvCell(formula).replace(/^"/, "")).toMatch(/^'/);
    for (const phone of ["+1 555-010-0199", "+44 (20) 7946.0958", "555-010-0199"]) expect(csvCell(phone)).toBe(phone);
    // Too short to be a phone number: neutralised.
    expect(csvCell("-12")).toBe("'-12");
  });
});

describe("npm run leads with no database where it looks", () => {
  test("names the folder and LEADS_DATA_DIR, exits 1 and creates nothing", async () => {
    const missing = join(tmpdir(), `leads-none-${process.pid}`);
    const failed = await shell("npm run --silent leads -- --csv --out never.csv", root, {
      LEADS_DATA_DIR: missing,
    }).catch((error: { code: number; stderr: string }) => error);
    expect("code" in failed && failed.code).toBe(1);
    expect((failed as { stderr: string }).stderr).toContain(missing);
    expect((failed as { stderr: string }).stderr).toContain("LEADS_DATA_DIR");
    expect(existsSync(missing)).toBe(false);
    expect(existsSync(join(root, "never.csv"))).toBe(false);
  });

  test("without LEADS_DATA_DIR, on a fresh copy: the default folder is named and not created", async () => {
    const copy = copyProject(mkdtempSync(join(tmpdir(), "leads-copy-")));
    try {
      rmSync(join(copy, ".data"), { recursive: true, force: true });
      // The generated content the command reads (npm run content:build makes it on a real copy).
      mkdirSync(join(copy, "src", "generated"), { recursive: true });
      for (const file of ["forms.json", "leads.json", "site.json"])
        await run("cp", [join(root, "src", "generated", file), join(copy, "src", "generated", file)]);
      const failed = await shell("npm run leads", copy, { LEADS_DATA_DIR: undefined, DATABASE_URL: undefined }).catch(
        (error: { code: number; stderr: string }) => error,
      );
      expect("code" in failed && failed.code).toBe(1);
      expect((failed as { stderr: string }).stderr).toContain(join(copy, ".data", "leads"));
      expect(existsSync(join(copy, ".data"))).toBe(false);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });
});
