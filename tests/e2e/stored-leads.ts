/**
 * The leads the browser tests' server stored with `value` in one of their fields, spam included, as
 * `npm run leads -- --json --spam` lists them: asked of the running server through its admin socket,
 * as the command itself asks it (tests/helpers/leads-endpoint.ts), without starting the command.
 */
import type { LeadListing } from "../../schemas/index.ts";
import { storedLeads } from "../helpers/leads-endpoint.ts";

export async function storedWith(value: string): Promise<LeadListing[]> {
  const leads = await storedLeads({ LEADS_DATA_DIR: process.env.E2E_LEADS_DIR! });
  return leads.filter((lead) => Object.values(lead.fields).includes(value));
}
