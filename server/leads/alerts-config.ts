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

export function readAlertsConfig(env: EnvReader, siteUrl: string | undefined): AlertsConfig {
  const to = env.list("LEADS_ALERT_TO");
  for (const address of to) env.email("LEADS_ALERT_TO", address);
  const afterMs = env.duration("LEADS_ALERT_AFTER", 60 * 60_000, { min: 1000, atLeast: "a second", example: "1h" });
  return { to, afterMs, siteUrl, basePath: readBasePath(env) };
}
