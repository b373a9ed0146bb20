/**
 * `npm run leads`: the recent leads with their delivery status, for marketing.
 *   npm run leads                      the 50 most recent leads, as a table
 *   npm run leads -- --limit 500       more of them
 *   npm run leads -- --csv > leads.csv every lead (up to --limit, 100000 by default), for a CRM import
 *   npm run leads -- --json            the same as JSON, for tools
 *   npm run leads -- --spam            include submissions held back as spam
 *   npm run leads -- --retry failed    put every failed delivery back in the queue (or a delivery id, or a lead id)
 * With the embedded database it asks the running server through its socket in LEADS_DATA_DIR, and
 * opens the data folder itself when no server runs; with DATABASE_URL it asks PostgreSQL.
 */
import { existsSync } from "node:fs";
import { connect } from "node:net";
import { parseArgs } from "node:util";
import { loadConfig } from "./config.ts";
import { openDatabase } from "./db.ts";
import { describeTarget } from "./outbox.ts";
import { listLeads, retryDeliveries, type LeadListing } from "./queries.ts";
import { adminSocketPath } from "./service.ts";

const { values } = parseArgs({
  options: {
    csv: { type: "boolean" },
    json: { type: "boolean" },
    spam: { type: "boolean" },
    limit: { type: "string" },
    retry: { type: "string" },
  },
});
const config = loadConfig();
const limit = Number(values.limit ?? (values.csv || values.json ? 100_000 : 50));

async function ask<T>(request: object): Promise<T> {
  const socketPath = adminSocketPath(config.dataDir);
  if (!config.databaseUrl && existsSync(socketPath)) {
    try {
      return await new Promise<T>((resolve, reject) => {
        const socket = connect(socketPath);
        let output = "";
        socket.setEncoding("utf8");
        socket.on("connect", () => socket.write(JSON.stringify(request) + "\n"));
        socket.on("data", (chunk: string) => (output += chunk));
        socket.on("end", () => {
          const answer = JSON.parse(output) as { result?: T; error?: string };
          if (answer.error) reject(new Error(answer.error));
          else resolve(answer.result as T);
        });
        socket.on("error", reject);
      });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ECONNREFUSED") throw error;
      // A socket left by a server that stopped: open the data folder ourselves.
    }
  }
  const db = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    const op = request as { op: string; which?: string };
    return (
      op.op === "retry"
        ? await retryDeliveries(db, String(op.which))
        : await listLeads(db, { limit, spam: Boolean(values.spam) })
    ) as T;
  } finally {
    await db.close();
  }
}

const status = (lead: LeadListing) =>
  lead.spam
    ? `spam (${lead.spam})`
    : lead.deliveries.length
      ? lead.deliveries
          .map(
            (d) =>
              `${describeTarget(d.target)}: ${d.status}${d.status === "delivered" ? "" : ` (#${d.id}, ${d.attempts} attempts${d.last_error ? `, ${d.last_error}` : ""})`}`,
          )
          .join("; ")
      : "stored (no delivery targets)";

const csvCell = (value: unknown) => {
  let text = value === null || value === undefined ? "" : String(value);
  // A cell starting with = + - @ would run as a formula in a spreadsheet.
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

if (values.retry) {
  const count = await ask<number>({ op: "retry", which: values.retry });
  console.log(`${count} failed ${count === 1 ? "delivery is" : "deliveries are"} queued again.`);
} else {
  const leads = await ask<LeadListing[]>({ op: "list", limit, spam: Boolean(values.spam) });
  if (values.json) {
    console.log(JSON.stringify(leads, null, 2));
  } else if (values.csv) {
    const fieldNames = [...new Set(Object.values(config.forms).flatMap((form) => form.fields.map((f) => f.name)))];
    const header = ["id", "created_at", "form", "choice", ...fieldNames, "page", "consent", "delivery"];
    const lines = [header.join(",")];
    for (const lead of leads) {
      lines.push(
        [
          lead.id,
          lead.created_at,
          lead.form,
          lead.choice,
          ...fieldNames.map((n) => lead.fields[n]),
          lead.page,
          lead.consent,
          status(lead),
        ]
          .map(csvCell)
          .join(","),
      );
    }
    process.stdout.write(lines.join("\r\n") + "\r\n");
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
