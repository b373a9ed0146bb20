/**
 * Where leads go: content/leads.yaml. Who receives each lead by e-mail, which webhooks receive it as
 * signed JSON, and how long leads are kept. Secrets (SMTP password, webhook signing secret) never
 * live here: they come from the environment (see README, "Leads").
 */
import { z } from "zod";
import type { ContentContext } from "./context.ts";

const emailAddress = z
  .email({ error: 'write an e-mail address, e.g. "leads@example.com"' })
  .describe("An e-mail address that receives every lead.");

const webhookUrl = z
  .string()
  .superRefine((value, ctx) => {
    let url: URL | undefined;
    try {
      url = new URL(value);
    } catch {
      // reported below
    }
    if (!url || !/^https?:$/.test(url.protocol) || !url.hostname) {
      ctx.addIssue({
        code: "custom",
        message: 'write a full "https://" address, e.g. "https://hooks.example.com/leads"',
        input: value,
      });
    } else if (url.protocol !== "https:") {
      ctx.addIssue({
        code: "custom",
        message:
          'write "https://" instead of "http://": a lead (a name, an e-mail address, a phone number) must never travel unencrypted',
        input: value,
      });
    } else if (url.username || url.password) {
      ctx.addIssue({
        code: "custom",
        message: "leave the user name and password out of the address: webhooks are signed instead",
        input: value,
      });
    }
  })
  .describe("A web address (https) that receives every lead as signed JSON, e.g. a CRM's inbound webhook.");

const settings = z
  .strictObject({
    recipients: z
      .array(emailAddress)
      .default([])
      .describe("E-mail addresses that receive every lead (the LEADS_EMAIL_TO setting of a deployment replaces them)."),
    webhooks: z
      .array(webhookUrl)
      .default([])
      .describe("Web addresses (https) that receive every lead as signed JSON (LEADS_WEBHOOK_URL replaces them)."),
    retentionDays: z
      .number({ error: "write a whole number of days, e.g. 365" })
      .int({ error: "write a whole number of days, e.g. 365" })
      .min(1, { error: "keep leads at least 1 day" })
      .max(3650, { error: "keep leads at most 3650 days (10 years)" })
      .default(365)
      .describe(
        "How many days a lead is kept; older leads are deleted by the server. The privacy page can say it with {leadRetentionDays}.",
      ),
  })
  .describe("Where the callback and subscribe forms' leads go, and how long they are kept.");

/** The schema of content/leads.yaml: it needs no other file, so one schema serves every context. */
export const leadsSettings = (_c: ContentContext) => settings;

export type LeadsSettings = z.output<typeof settings>;
