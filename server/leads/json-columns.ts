/**
 * A lead's JSON columns (fields, attribution, the consent state, and the deliveries aggregated with it) as objects,
 * whichever driver read them: PostgreSQL's hands jsonb over parsed, a JSON aggregate may come as
 * text. Every query that lists leads reads its rows through this one parse.
 */
interface JsonColumns {
  fields: unknown;
  attribution: unknown;
  ad_consent?: unknown;
  deliveries: unknown;
}

const parsed = (value: unknown) => (typeof value === "string" ? JSON.parse(value) : value);

export const withJsonColumns = <T extends JsonColumns>(row: T): T => ({
  ...row,
  fields: parsed(row.fields),
  attribution: parsed(row.attribution),
  ad_consent: parsed(row.ad_consent ?? null),
  deliveries: parsed(row.deliveries),
});
