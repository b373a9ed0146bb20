/**
 * `npm run leads`: the recent leads with their delivery status, for marketing.
 *   npm run leads                      the 50 most recent leads, as a table
 *   npm run leads -- --limit 500       more of them
 *   npm run leads -- --csv --out leads.csv   every lead (up to --limit, 100000 by default), for a CRM import
 *   npm run --silent leads -- --csv > leads.csv   the same through the shell (--silent: no npm banner in the file)
 *   npm run leads -- --json            the same as JSON, for tools (--out works too)
 *   npm run leads -- --spam            include submissions held back as spam
 *   npm run leads -- --retry failed    put every failed delivery back in the queue (or a delivery id, or a lead id)
 * With the embedded database it asks the running server through its socket in LEADS_DATA_DIR, and
 * opens the data folder itself when no server runs; with DATABASE_URL it asks PostgreSQL. It never
 * creates a database: with none where it looks, it says where it looked and exits with code 1.
 * package.json runs it with `--liftoff-only`: a command that lives for seconds, whose embedded database
 * (PGlite's WebAssembly) never pays back V8's optimizing compiler (an export: 3.2–3.5 → 2.1–2.2 CPU-s).
 * A V8 flag, so on the command line: V8 takes no such flag once started (node:v8 setFlagsFromString).
 */
import { existsSync, renameSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { loadConfig, type LeadsConfig } from "./config.ts";
import { exitOnStartupError } from "../config/env.ts";
import { openDatabase } from "./db.ts";
import { deliveryStatus as status, leadsCsv, leadsJson } from "./export.ts";
import { listLeads, retryDeliveries } from "./queries.ts";
import type { LeadListing } from "../../schemas/index.ts";
import { askAdminSocket, type AdminRequest } from "./admin-socket.ts";

const { values } = (() => {
  try {
    return parseArgs({
      options: {
        csv: { type: "boolean" },
        json: { type: "boolean" },
        spam: { type: "boolean" },
        limit: { type: "string" },
        retry: { type: "string" },
        out: { type: "string" },
      },
    });
  } catch (error) {
    console.error(
      `${(error as Error).message}. Usage: npm run leads -- [--csv | --json] [--out FILE] [--spam] [--limit N] [--retry failed|ID]`,
    );
    process.exit(2);
  }
})();
if (values.out && !values.csv && !values.json) {
  console.error("--out writes an export: add --csv (for a CRM) or --json.");
  process.exit(2);
}
// A mistyped variable is one line naming it (exit 78), as when the server starts.
const config: LeadsConfig = (() => {
  try {
    return loadConfig();
  } catch (error) {
    exitOnStartupError(error);
  }
})();
const limit = Number(values.limit ?? (values.csv || values.json ? 100_000 : 50));

async function ask<T>(request: AdminRequest): Promise<T> {
  if (!config.databaseUrl) {
    const answer = await askAdminSocket<T>(config.dataDir, request);
    if (answer !== undefined) return answer;
  }
  if (!config.databaseUrl && !existsSync(join(config.dataDir, "PG_VERSION"))) {
    // Opening it would create an empty database: that looks like every lead was lost.
    console.error(
      `No leads database in ${config.dataDir} (${process.env.LEADS_DATA_DIR ? "LEADS_DATA_DIR" : "the default; LEADS_DATA_DIR is not set"}), ` +
        "and DATABASE_URL is not set. Run this with the server's LEADS_DATA_DIR (or DATABASE_URL). Nothing was created.",
    );
    process.exit(1);
  }
  const db = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    return (
      request.op === "retry"
        ? await retryDeliveries(db, request.which)
        : await listLeads(db, { limit: request.limit, spam: request.spam })
    ) as T;
  } finally {
    await db.close();
  }
}

/**
 * Writes an export to --out (relative to where `npm run` was typed: npm runs scripts in the project's
 * folder) or to standard output. The file is written whole, then renamed into place, readable by
 * its owner only: it holds names, e-mail addresses and phone numbers.
 */
function output(text: string, count: number): void {
  if (!values.out) {
    process.stdout.write(text);
    return;
  }
  const file = resolve(process.env.INIT_CWD ?? process.cwd(), values.out);
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, text, { mode: 0o600 });
  renameSync(partial, file);
  console.error(`Wrote ${count} ${count === 1 ? "lead" : "leads"} to ${file}`);
}

if (values.retry) {
  const count = await ask<number>({ op: "retry", which: values.retry });
  console.log(`${count} failed ${count === 1 ? "delivery is" : "deliveries are"} queued again.`);
} else {
  const leads = await ask<LeadListing[]>({ op: "list", limit, spam: Boolean(values.spam) });
  if (values.json) {
    output(leadsJson(leads), leads.length);
  } else if (values.csv) {
    output(leadsCsv(leads, config.forms, status), leads.length);
  } else if (!leads.length) {
    console.log("No leads yet.");
  } else {
    for (const lead of leads) {
      const who = Object.values(lead.fields).join(" · ");
      console.log(
        `${lead.created_at}  ${lead.form}${lead.choice ? ` (${lead.choice})` : ""}  ${who}  from ${lead.page}\n    ${status(lead)}`,
      );
    }
    const failed = leads.flatMap((l) => l.deliveries).filter((d) => d.status === "failed").length;
    if (failed)
      console.log(
        `\n${failed} failed ${failed === 1 ? "delivery" : "deliveries"}: fix the cause, then \`npm run leads -- --retry failed\`.`,
      );
  }
}
