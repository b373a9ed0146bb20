/**
 * The endpoint's settings: where leads go comes from content (src/generated/leads.json, written by
 * `npm run content:build` from content/leads.yaml), forms from content/forms/; secrets and the
 * deployment's overrides come only from the environment.
 */
import { readFileSync } from "node:fs";
import { homedir } from "node:os";
import { join, resolve } from "node:path";
import type { Form, LeadsSettings } from "../../schemas/index.ts";
import { checkWebhookUrl, ConfigError, EnvReader, redactUrl } from "../config/env.ts";
import { readTrustProxy } from "../config/trust-proxy.ts";
import { readAlertsConfig, type AlertsConfig } from "./alerts-config.ts";
import { readInboxConfig, type InboxConfig } from "./inbox/config.ts";

export interface LeadsConfig {
  forms: Record<string, Form>;
  /** The company's phone number, offered when a lead cannot be stored. */
  phone?: string;
  /**
   * The country a visitor's phone number written without "+" is read in ("US"): the country of the
   * company's address in content/site.yaml, so a marketer's edit moves it, not code.
   */
  phoneCountry?: string;
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
  /** TRUST_PROXY: trust X-Forwarded-For / X-Forwarded-Host (a proxy such as nginx in front; config/trust-proxy.ts). */
  trustProxy: boolean;
  /** Origins besides the request's own host allowed to post (e.g. "https://www.example.com"). */
  allowedOrigins: string[];
  /** Submissions per address per rate window. */
  rateLimit: number;
  rateWindowMs: number;
  /** A submission sent sooner than this after the visitor first touched the form (measured by the page) is spam. */
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
  /** How long a post waits for the lead store (starting, or taking over the data folder) before a 503. */
  readyWaitMs: number;
  dbPoolSize: number;
  /** The key of the address hashes (HMAC), from LEADS_IP_KEY; else kept in ipKeyFile. */
  ipKey?: string;
  ipKeyFile?: string;
  /** The inbox /admin/'s Leads screen reads (inbox/). */
  inbox: InboxConfig;
  /** The daily spam summary and the failing-target alerts (alerts.ts). */
  alerts: AlertsConfig;
}

const root = resolve(import.meta.dirname, "..", "..");

/** Where the address-hash key is kept when LEADS_IP_KEY is not set: outside the data folder and its backups. */
export const defaultIpKeyFile = (env: NodeJS.ProcessEnv = process.env) =>
  join(env.XDG_CONFIG_HOME || join(env.HOME || homedir(), ".config"), "remote-it-support-site", "leads-ip.key");

function readJson<T>(dir: string, name: string): T {
  const file = join(dir, name);
  try {
    return JSON.parse(readFileSync(file, "utf8")) as T;
  } catch (error) {
    throw new ConfigError([
      `${file} could not be read (${(error as Error).message}): run \`npm run content:build\` (or \`npm run build\`) first`,
    ]);
  }
}

/** LEADS_ALLOWED_ORIGINS, each checked to be an origin. */
function readAllowedOrigins(env: EnvReader): string[] {
  const allowedOrigins = env.list("LEADS_ALLOWED_ORIGINS");
  for (const origin of allowedOrigins) {
    let ok = false;
    try {
      const url = new URL(origin);
      ok = /^https?:$/.test(url.protocol) && url.origin === origin;
    } catch {
      // not a URL
    }
    if (!ok)
      env.problem(
        "LEADS_ALLOWED_ORIGINS",
        origin,
        "is not an origin (scheme and host only)",
        "https://www.example.com",
      );
  }
  return allowedOrigins;
}

/** The address hash's key (LEADS_IP_KEY, or the old LEADS_IP_SALT), or the file it is kept in, never beside the data. */
function readIpKey(
  env: EnvReader,
  dataDir: string,
  databaseUrl: string | undefined,
): Pick<LeadsConfig, "ipKey" | "ipKeyFile"> {
  let ipKey = env.raw("LEADS_IP_KEY");
  if (!ipKey && env.raw("LEADS_IP_SALT")) {
    ipKey = env.raw("LEADS_IP_SALT");
    env.warn("LEADS_IP_SALT is read as LEADS_IP_KEY (the address hash is now keyed): rename it");
  }
  if (ipKey && ipKey.length < 16) {
    env.problem("LEADS_IP_KEY", undefined, "is shorter than 16 characters", "$(openssl rand -hex 32)");
  }
  const ipKeyFile = ipKey ? undefined : env.filePath("LEADS_IP_KEY_FILE", defaultIpKeyFile(env.env));
  if (ipKeyFile && !databaseUrl && (ipKeyFile + "/").startsWith(dataDir + "/")) {
    env.problem(
      "LEADS_IP_KEY_FILE",
      ipKeyFile,
      "is inside LEADS_DATA_DIR: the key must not be kept beside the data it protects",
      "/etc/remote-it-support-site/leads-ip.key",
    );
  }
  return { ipKey, ipKeyFile };
}

/**
 * How long one attempt may take, and how long a claimed delivery stays claimed. A claim must outlast
 * the send it covers: a delivery still being sent when its claim ends is claimed again (by this
 * process or another) and sent twice. So the lease is at least three send timeouts (an e-mail's
 * connection, greeting and message are each bounded by the timeout).
 */
function readSendTimes(env: EnvReader): Pick<LeadsConfig, "sendTimeoutMs" | "leaseMs"> {
  const sendTimeoutMs = env.number("LEADS_SEND_TIMEOUT_MS", 15_000, { min: 100 });
  const leaseMs = env.number("LEADS_LEASE_MS", 120_000, { min: 1000 });
  if (leaseMs < 3 * sendTimeoutMs)
    env.problem(
      "LEADS_LEASE_MS",
      String(leaseMs),
      `is less than three times LEADS_SEND_TIMEOUT_MS (${sendTimeoutMs}): a lead still being sent when its claim ends would be sent again`,
      String(Math.max(120_000, 8 * sendTimeoutMs)),
    );
  return { sendTimeoutMs, leaseMs };
}

/**
 * The lead endpoint's variables, read and checked through `env` (every problem is collected there;
 * the caller's `env.done()` reports them). Content from `contentDir` (src/generated/).
 */
export function readLeadsConfig(env: EnvReader, contentDir = join(root, "src", "generated")): LeadsConfig {
  const settings = readJson<LeadsSettings>(contentDir, "leads.json");
  const forms = readJson<Record<string, Form>>(contentDir, "forms.json");
  const site = readJson<{
    company?: { name?: string };
    seo?: { siteUrl?: string };
    contact?: { phone?: { display?: string }; email?: string; address?: { country?: string } };
  }>(contentDir, "site.json");
  const emailTo = env.list("LEADS_EMAIL_TO");
  for (const address of emailTo) if (address !== "none") env.email("LEADS_EMAIL_TO", address);
  const webhookUrl = env.list("LEADS_WEBHOOK_URL");
  for (const url of webhookUrl) {
    const wrong = url === "none" ? undefined : checkWebhookUrl(url);
    if (wrong) env.problem("LEADS_WEBHOOK_URL", redactUrl(url), wrong, "https://hooks.example.com/leads");
  }
  const emailFrom = env.raw("LEADS_EMAIL_FROM");
  if (emailFrom) env.email("LEADS_EMAIL_FROM", emailFrom.replace(/^.*<([^>]+)>\s*$/, "$1"));
  const allowedOrigins = readAllowedOrigins(env);
  const databaseUrl = env.url(
    "DATABASE_URL",
    ["postgres:", "postgresql:"],
    "postgres://leads:secret@db.example.com:5432/leads",
  );
  const dataDir = databaseUrl
    ? resolve(env.raw("LEADS_DATA_DIR") ?? join(root, ".data", "leads"))
    : env.writableFolder("LEADS_DATA_DIR", join(root, ".data", "leads"), "/var/lib/remote-it-support-site/leads");
  const { ipKey, ipKeyFile } = readIpKey(env, dataDir, databaseUrl);
  const webhookSecret = env.raw("LEADS_WEBHOOK_SECRET");
  if (webhookSecret && webhookSecret.length < 16)
    env.problem("LEADS_WEBHOOK_SECRET", undefined, "is shorter than 16 characters", "$(openssl rand -hex 32)");
  const retryBaseMs = env.number("LEADS_RETRY_BASE_MS", 30_000, { min: 1 });
  return {
    forms,
    phone: site.contact?.phone?.display,
    phoneCountry: site.contact?.address?.country,
    siteName: site.company?.name,
    emailFrom: emailFrom || site.contact?.email || "leads@localhost",
    // "none" turns the content's targets off (e.g. a staging copy of the site).
    recipients: emailTo.length ? emailTo.filter((a) => a !== "none") : settings.recipients,
    webhooks: webhookUrl.length ? webhookUrl.filter((u) => u !== "none") : settings.webhooks,
    retentionDays: settings.retentionDays,
    smtpUrl: env.url("SMTP_URL", ["smtp:", "smtps:"], "smtps://user:password@mail.example.com:465"),
    webhookSecret,
    databaseUrl,
    dbPoolSize: env.number("LEADS_DB_POOL", 10, { min: 1, max: 1000 }),
    dataDir,
    trustProxy: readTrustProxy(env),
    allowedOrigins,
    rateLimit: env.number("LEADS_RATE_LIMIT", 10, { min: 1 }),
    rateWindowMs: env.number("LEADS_RATE_WINDOW_MS", 10 * 60_000, { min: 1 }),
    minSubmitMs: env.number("LEADS_MIN_SUBMIT_MS", 600),
    dedupeWindowMs: env.number("LEADS_DEDUPE_WINDOW_MS", 10 * 60_000),
    maxBodyBytes: env.number("LEADS_MAX_BODY_BYTES", 16 * 1024, { min: 1024 }),
    retryBaseMs,
    retryCapMs: env.number("LEADS_RETRY_CAP_MS", 60 * 60_000, { min: 1 }),
    maxAttempts: env.number("LEADS_MAX_ATTEMPTS", 12, { min: 1 }),
    ...readSendTimes(env),
    pollMs: env.number("LEADS_POLL_MS", 2_000, { min: 10 }),
    readyWaitMs: env.number("LEADS_READY_WAIT_MS", 10_000),
    ipKey,
    ipKeyFile,
    inbox: readInboxConfig(env),
    alerts: readAlertsConfig(env, site.seo?.siteUrl),
  };
}

/** The configuration from the generated content in `contentDir` and the environment `env`; throws a ConfigError listing every problem. */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  contentDir = join(root, "src", "generated"),
): LeadsConfig {
  const reader = new EnvReader(env);
  const config = readLeadsConfig(reader, contentDir);
  reader.done();
  return config;
}
