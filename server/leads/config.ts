/**
 * The endpoint's settings: where leads go comes from content (src/generated/leads.json, written by
 * `npm run content:build` from content/leads.yaml), forms from content/forms/; secrets and the
 * deployment's overrides come only from the environment.
 */
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Form, LeadsSettings } from "../../schemas/index.ts";

export interface LeadsConfig {
  forms: Record<string, Form>;
  /** The company's phone number, offered when a lead cannot be stored. */
  phone?: string;
  siteName?: string;
  /** The sender of lead e-mails. */
  emailFrom: string;
  recipients: string[];
  webhooks: string[];
  retentionDays: number;
  smtpUrl?: string;
  webhookSecret?: string;
  databaseUrl?: string;
  dataDir: string;
  /** Trust X-Forwarded-For / X-Forwarded-Host (set when a proxy such as nginx is in front). */
  trustProxy: boolean;
  /** Origins besides the request's own host allowed to post (e.g. "https://www.example.com"). */
  allowedOrigins: string[];
  /** Submissions per address per rate window. */
  rateLimit: number;
  rateWindowMs: number;
  /** A submission sent sooner after the form appeared than this (measured by the page) is spam. */
  minSubmitMs: number;
  /** The same form, choice, e-mail and phone within this window is one lead. */
  dedupeWindowMs: number;
  maxBodyBytes: number;
  /** Outbox: first retry after this, doubling each time, at most retryCapMs; failed after maxAttempts. */
  retryBaseMs: number;
  retryCapMs: number;
  maxAttempts: number;
  /** How long one attempt (SMTP or webhook) may take. */
  sendTimeoutMs: number;
  /** How long a claimed delivery stays claimed; a crashed process's claims are taken over after it. */
  leaseMs: number;
  pollMs: number;
  ipSalt?: string;
}

const root = resolve(import.meta.dirname, "..", "..");

const list = (value: string | undefined) =>
  (value ?? "")
    .split(/[,\s]+/)
    .map((item) => item.trim())
    .filter(Boolean);

const number = (env: NodeJS.ProcessEnv, name: string, fallback: number): number => {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} should be a number of 0 or more, not "${raw}"`);
  return value;
};

function readJson<T>(dir: string, name: string): T {
  const file = join(dir, name);
  try {
    return JSON.parse(readFileSync(file, "utf8")) as T;
  } catch (error) {
    throw new Error(
      `${file} could not be read (${(error as Error).message}): run \`npm run content:build\` (or \`npm run build\`) first`,
    );
  }
}

/** The configuration from the generated content in `contentDir` and the environment `env`. */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  contentDir = join(root, "src", "generated"),
): LeadsConfig {
  const settings = readJson<LeadsSettings>(contentDir, "leads.json");
  const forms = readJson<Record<string, Form>>(contentDir, "forms.json");
  const site = readJson<{ company?: { name?: string }; contact?: { phone?: { display?: string }; email?: string } }>(
    contentDir,
    "site.json",
  );
  const emailTo = list(env.LEADS_EMAIL_TO);
  const webhookUrl = list(env.LEADS_WEBHOOK_URL);
  return {
    forms,
    phone: site.contact?.phone?.display,
    siteName: site.company?.name,
    emailFrom: env.LEADS_EMAIL_FROM || site.contact?.email || "leads@localhost",
    // "none" turns the content's targets off (e.g. a staging copy of the site).
    recipients: emailTo.length ? emailTo.filter((a) => a !== "none") : settings.recipients,
    webhooks: webhookUrl.length ? webhookUrl.filter((u) => u !== "none") : settings.webhooks,
    retentionDays: settings.retentionDays,
    smtpUrl: env.SMTP_URL || undefined,
    webhookSecret: env.LEADS_WEBHOOK_SECRET || undefined,
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: resolve(env.LEADS_DATA_DIR || join(root, ".data", "leads")),
    trustProxy: env.LEADS_TRUST_PROXY === "1" || env.LEADS_TRUST_PROXY === "true",
    allowedOrigins: list(env.LEADS_ALLOWED_ORIGINS),
    rateLimit: number(env, "LEADS_RATE_LIMIT", 10),
    rateWindowMs: number(env, "LEADS_RATE_WINDOW_MS", 10 * 60_000),
    minSubmitMs: number(env, "LEADS_MIN_SUBMIT_MS", 1500),
    dedupeWindowMs: number(env, "LEADS_DEDUPE_WINDOW_MS", 10 * 60_000),
    maxBodyBytes: number(env, "LEADS_MAX_BODY_BYTES", 16 * 1024),
    retryBaseMs: number(env, "LEADS_RETRY_BASE_MS", 30_000),
    retryCapMs: number(env, "LEADS_RETRY_CAP_MS", 60 * 60_000),
    maxAttempts: number(env, "LEADS_MAX_ATTEMPTS", 12),
    sendTimeoutMs: number(env, "LEADS_SEND_TIMEOUT_MS", 15_000),
    leaseMs: number(env, "LEADS_LEASE_MS", 120_000),
    pollMs: number(env, "LEADS_POLL_MS", 2_000),
    ipSalt: env.LEADS_IP_SALT || undefined,
  };
}
