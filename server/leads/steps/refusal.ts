/**
 * A refusal: what a step of the endpoint returns instead of going on, answered by reply.ts. Steps
 * return `T | Refusal` rather than throwing, so the handler reads as the request's lifecycle and a
 * thrown error always means a bug (500), never a visitor's mistake.
 */
export class Refusal {
  constructor(
    readonly status: number,
    readonly message: string,
    /** Per-field messages, keyed by the field's name (a 422). */
    readonly fields: Record<string, string> = {},
    /** Headers the answer adds (Allow, Retry-After). */
    readonly headers: Record<string, string> = {},
  ) {}
}
