/**
 * The alerts' settings (alerts.ts), from the environment: where they go (LEADS_ALERT_TO, else the lead
 * recipients), after how long a failing target is worth one (LEADS_ALERT_AFTER, 1 h), and the site's
 * address and base path for the summary's link to the Leads screen.
 */
import type { EnvReader } from "../config/env.ts";
import { readBasePath } from "../base-path.ts";

export interface AlertsConfig {
  /** Where alerts go; empty: the lead recipients. */
  to: string[];
  afterMs: number;
  /** The site's public address (content's seo.siteUrl), for the link to the Leads screen. */
  siteUrl?: string;
  /** BASE_PATH ("/pr-123/"), under which /admin/ is served too; "/" by default. */
  basePath?: string;
}

/** "90m", "1h", "3600s", "5000ms" (or a number of milliseconds) in milliseconds; undefined when not one. */
export function parseDuration(raw: string): number | undefined {
  const match = /^(\d+(?:\.\d+)?)\s*(ms|s|m|min|h)?$/.exec(raw.trim());
  if (!match) return undefined;
  const unit = { ms: 1, s: 1000, m: 60_000, min: 60_000, h: 3_600_000 }[match[2] ?? "ms"]!;
  return Math.round(Number(match[1]) * unit);
}

export function readAlertsConfig(env: EnvReader, siteUrl: string | undefined): AlertsConfig {
  const to = env.list("LEADS_ALERT_TO");
  for (const address of to) env.email("LEADS_ALERT_TO", address);
  const raw = env.raw("LEADS_ALERT_AFTER");
  let afterMs = 60 * 60_000;
  if (raw !== undefined) {
    const parsed = parseDuration(raw);
    if (parsed === undefined || parsed < 1000)
      env.problem("LEADS_ALERT_AFTER", raw, "is not a duration of a second or more", "1h");
    else afterMs = parsed;
  }
  return { to, afterMs, siteUrl, basePath: readBasePath(env) };
}
