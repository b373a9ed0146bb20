/** The query of a list or an export (`?q&form&spam&from&to`) checked into a filter, or a Problem (400). */
import type { SpamFilter } from "../../../schemas/index.ts";
import { Problem } from "./answer.ts";
import type { InboxFilter } from "./queries.ts";

/** A day as the query writes it: 2026-01-31. */
const dayPattern = /^\d{4}-\d\d-\d\d$/;

export function filterOf(query: URLSearchParams): InboxFilter {
  const spam = query.get("spam") ?? "";
  if (spam && spam !== "only" && spam !== "include")
    throw new Problem(400, 'spam is "only" (held leads) or "include" (all); leave it out for the leads not held.');
  const q = (query.get("q") ?? "").trim();
  if (q.length > 200) throw new Problem(400, "Search for at most 200 characters.");
  const form = query.get("form") ?? "";
  if (form.length > 100) throw new Problem(400, "form is a form's id.");
  const from = query.get("from") ?? "";
  const to = query.get("to") ?? "";
  if ((from && !dayPattern.test(from)) || (to && !dayPattern.test(to)))
    throw new Problem(400, "from and to are days, written 2026-01-31.");
  return {
    spam: (spam || "exclude") as SpamFilter,
    ...(q ? { q } : {}),
    ...(form ? { form } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
  };
}
