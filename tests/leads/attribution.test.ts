/**
 * Where a lead came from, on the server: only the known names are kept, each cleaned and bounded
 * (server/leads/attribution.ts); a name outside them is refused with the form like any unknown
 * field; the e-mail and the webhook carry what was kept (server/leads/messages.ts). Fixture values.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { describe, expect, test } from "vitest";
import { attributionFields, attributionMaxLength, type Form } from "../../schemas/index.ts";
import { attributionFrom } from "../../server/leads/attribution.ts";
import { openDatabase } from "../../server/leads/db.ts";
import { listLeads } from "../../server/leads/queries.ts";
import { storeLead } from "../../server/leads/store-lead.ts";
import type { LeadRow } from "../../schemas/index.ts";
import { leadEmail, webhookPayload } from "../../server/leads/messages.ts";
import { Refusal } from "../../server/leads/steps/refusal.ts";
import { checkSubmission } from "../../server/leads/steps/submission.ts";
import { seedDataDir } from "../helpers/pglite-template.ts";

describe("the server's bounds on where a lead came from", () => {
  test("every known name is kept as sent; nothing sent is no attribution at all", () => {
    const sent = Object.fromEntries(attributionFields.map((name) => [name, `v-${name}`]));
    sent.landing_page = "/pricing";
    sent.referrer = "https://www.example.org/search";
    expect(attributionFrom(sent)).toEqual(sent);
    expect(attributionFrom({ name: "Pat", page: "/" })).toBeUndefined();
    expect(attributionFrom({ utm_source: "  ", gclid: "" })).toBeUndefined();
  });

  test("only the known names: other parameters are not taken along", () => {
    expect(attributionFrom({ utm_source: "a", utm_id: "b", fbclid: "c", email: "d@example.com" })).toEqual({
      utm_source: "a",
    });
  });

  test("each value is cut at its bound, counted in characters (no half emoji)", () => {
    const long = "é".repeat(1000);
    const kept = attributionFrom({ utm_campaign: long, gclid: "🙂".repeat(300) })!;
    expect(Array.from(kept.utm_campaign!)).toHaveLength(attributionMaxLength("utm_campaign"));
    expect(kept.gclid).toBe("🙂".repeat(attributionMaxLength("gclid")));
  });

  test("control characters and line breaks are removed: nothing can add a line to the e-mail or the CSV", () => {
    expect(attributionFrom({ utm_source: "news\r\nBcc: x@example.com\u2028letter\u0000" })).toEqual({
      utm_source: "newsBcc: x@example.comletter",
    });
  });

  test("a referrer is an http(s) address reduced to its origin and path; anything else is left out", () => {
    expect(attributionFrom({ referrer: "https://user:pw@mail.example/inbox/42?token=secret#msg" })).toEqual({
      referrer: "https://mail.example/inbox/42",
    });
    for (const referrer of [
      "javascript:alert(1)",
      "not a url",
      "ftp://files.example/",
      `https://x.example/${"a".repeat(600)}`,
    ])
      expect(attributionFrom({ referrer }), referrer).toBeUndefined();
  });

  test("a landing page is a path on this site, within its bound; anything else is left out", () => {
    expect(attributionFrom({ landing_page: "/offers/spring-2026" })).toEqual({ landing_page: "/offers/spring-2026" });
    for (const landing_page of ["https://elsewhere.example/", "//elsewhere.example/", "/a b", `/${"a".repeat(200)}`])
      expect(attributionFrom({ landing_page }), landing_page).toBeUndefined();
  });
});

const form: Form = {
  title: "Fixture form",
  fields: [{ name: "name", label: "Your name", type: "text", autocomplete: "name", required: true }],
  submitLabel: "Send",
  closeLabel: "Close",
  success: "/done",
  failure: "Could not send; call {phone}.",
};

test("with the form: the known names pass with the lead (bounded), an unknown parameter is refused like any unknown field", () => {
  const values = { form: "fixture", page: "/", leave_empty: "", name: "Pat", utm_source: "x", gclid: "g".repeat(500) };
  const accepted = checkSubmission(values, { fixture: form }, "US");
  expect(accepted).not.toBeInstanceOf(Refusal);
  expect((accepted as { attribution: object }).attribution).toEqual({ utm_source: "x", gclid: "g".repeat(200) });
  expect((checkSubmission({ ...values, utm_foo: "y" }, { fixture: form }, "US") as Refusal).status).toBe(400);
});

test("the e-mail lists where the lead came from, the webhook carries it; a lead without it says nothing of it", () => {
  const lead: LeadRow = {
    id: "00000000-0000-4000-8000-000000000000",
    created_at: "2026-01-02T03:04:05Z",
    form: "fixture",
    page: "/contact",
    choice: null,
    fields: { name: "Pat" },
    consent: null,
    attribution: { landing_page: "/", referrer: "https://search.example/", utm_source: "x", gclid: "y" },
  };
  const { text } = leadEmail(lead, form);
  expect(text).toContain("Landing page: /\nReferrer: https://search.example/\nutm_source: x\ngclid: y");
  expect(webhookPayload(lead, form.title).attribution).toEqual(lead.attribution);
  const without = { ...lead, attribution: null };
  expect(leadEmail(without, form).text).not.toContain("came from");
  expect(webhookPayload(without).attribution).toBeNull();
});

test("a database made before leads recorded where they came from gets the column when opened, its leads kept", async () => {
  const dataDir = mkdtempSync(join(tmpdir(), "leads-upgrade-"));
  try {
    // The leads table as the first release created it, in a new database (the tests' template,
    // tests/helpers/pglite-template.ts: PGlite's initdb here took 4 of the file's 12 CPU-s).
    await seedDataDir({ LEADS_DATA_DIR: dataDir });
    const old = await PGlite.create(dataDir);
    await old.exec(`CREATE TABLE leads (id uuid PRIMARY KEY, created_at timestamptz NOT NULL DEFAULT now(), form text NOT NULL,
      page text NOT NULL, choice text, fields jsonb NOT NULL, consent text, ip_hash text NOT NULL,
      idempotency_key text UNIQUE, dedupe_hash text NOT NULL, spam text);
      INSERT INTO leads (id, form, page, fields, ip_hash, dedupe_hash)
      VALUES ('00000000-0000-4000-8000-000000000001', 'fixture', '/', '{"name":"Old"}', 'h', 'd');`);
    await old.close();
    const db = await openDatabase({ dataDir });
    try {
      await storeLead(
        db,
        {
          form: "fixture",
          page: "/",
          fields: { name: "New" },
          ipHash: "h",
          attribution: { utm_source: "x" },
          adConsent: { ad_user_data: "granted", gpc: false },
        },
        [],
        0,
      );
      const leads = await listLeads(db, { limit: 10, spam: true });
      expect(Object.fromEntries(leads.map((l) => [l.fields.name, l.attribution]))).toEqual({
        Old: null,
        New: { utm_source: "x" },
      });
      // The consent state too: none for the old lead, the new one's as stored.
      expect(Object.fromEntries(leads.map((l) => [l.fields.name, l.ad_consent]))).toEqual({
        Old: null,
        New: { ad_user_data: "granted", gpc: false },
      });
    } finally {
      await db.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
