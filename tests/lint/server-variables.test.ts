/**
 * The operations guide's table of variables is the server's: it names every variable the server's
 * configuration reads (server/run.ts `readConfiguration`, found by running it) and nothing else, and
 * the committed docs/operations.md holds the table `npm run docs:variables` makes
 * (tools/docs/server-variables.ts). A variable added to the server without a line in
 * server/config/variables.ts, or a line left for one no longer read, fails here, naming it.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { guide, undescribed, variablesRead, withTable } from "../../tools/docs/server-variables.ts";

describe("the operations guide's table of variables", () => {
  it("describes every variable the server reads, and only those", () => {
    expect(undescribed()).toEqual({ notDescribed: [], notRead: [] });
  });

  it("finds a variable by running the configuration, not by reading its source", () => {
    const read = variablesRead();
    // A variable each reader reads: the server's, the lead endpoint's, the inbox's, the alerts', the login's, the former names'.
    for (const name of [
      "PORT",
      "SMTP_URL",
      "CMS_REPO",
      "LEADS_ALERT_AFTER",
      "GITHUB_CLIENT_ID",
      "LEADS_IP_SALT",
      "DEBUG",
    ])
      expect(read).toContain(name);
  });

  it("is up to date in docs/operations.md (npm run docs:variables writes it)", async () => {
    const text = readFileSync(guide, "utf8");
    expect(await withTable(text), "docs/operations.md's table is stale: run npm run docs:variables").toBe(text);
  });
});
