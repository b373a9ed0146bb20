/**
 * GET /api/leads/inbox.csv: the leads a filter selects as `npm run leads -- --csv` writes them
 * (export.ts's columns), streamed a page at a time so a large export never sits in memory, and
 * stopped when the reader goes away.
 */
import { once } from "node:events";
import type { ServerResponse } from "node:http";
import type { Form } from "../../../schemas/index.ts";
import type { Database } from "../db.ts";
import { csvFieldNames, csvHeader, csvRow, deliveryStatus } from "../export.ts";
import { decodeCursor, fieldNames, listInbox, type Cursor, type InboxFilter } from "./queries.ts";

/** Writes the export to `response`; how many leads it wrote, and whether the reader took them all. */
export async function streamCsv(
  response: ServerResponse,
  db: Database,
  filter: InboxFilter,
  forms: Record<string, Form>,
  today: string,
): Promise<{ count: number; complete: boolean }> {
  const names = csvFieldNames(forms, await fieldNames(db, filter));
  response.writeHead(200, {
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition": `attachment; filename="leads-${today}.csv"`,
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
  });
  let closed = false;
  response.once("close", () => (closed = true));
  response.write(csvHeader(names));
  let count = 0;
  let cursor: Cursor | undefined;
  do {
    const page = await listInbox(db, filter, 500, cursor);
    const chunk = page.leads.map((lead) => csvRow(lead, names, deliveryStatus)).join("");
    count += page.leads.length;
    if (!response.write(chunk) && !closed) await Promise.race([once(response, "drain"), once(response, "close")]);
    cursor = page.next ? decodeCursor(page.next) : undefined;
  } while (cursor && !closed);
  response.end();
  return { count, complete: !closed };
}
