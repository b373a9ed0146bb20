/**
 * The endpoint's steps one by one (server/leads/steps/), for what the end-to-end tests only imply:
 * which address counts behind a proxy, which origins pass, the rate window, the body limit as
 * declared and as streamed, odd field names, what makes a submission malformed, each spam rule, and
 * where a refusal page links back to. The form is a fixture, not the site's content.
 */
import type { IncomingMessage } from "node:http";
import { PassThrough } from "node:stream";
import { describe, expect, test } from "vitest";
import type { Form } from "../../schemas/index.ts";
import { checkContentType, checkMethod, parseForm, readBody } from "../../server/leads/steps/body.ts";
import { checkOrigin, clientAddress } from "../../server/leads/steps/origin.ts";
import { RateLimiter } from "../../server/leads/steps/rate-limit.ts";
import { Refusal } from "../../server/leads/steps/refusal.ts";
import { backLink } from "../../server/leads/steps/reply.ts";
import { spamReason } from "../../server/leads/steps/spam.ts";
import { checkSubmission } from "../../server/leads/steps/submission.ts";

/** A request as the steps see it: headers, method and the socket's address; a stream for the body. */
function request(headers: Record<string, string> = {}, method = "POST", remoteAddress = "192.0.2.1") {
  const stream = new PassThrough() as unknown as IncomingMessage & PassThrough;
  return Object.assign(stream, { headers, method, socket: { remoteAddress } });
}

const form: Form = {
  title: "Fixture form",
  fields: [
    { name: "name", label: "Your name", type: "text", autocomplete: "name", required: true },
    { name: "phone", label: "Your phone", type: "tel", autocomplete: "tel", required: false },
  ],
  submitLabel: "Send",
  closeLabel: "Close",
  success: "/done",
  failure: "Could not send; call {phone}.",
};
const forms = { fixture: form };

describe("where a request comes from", () => {
  test("X-Forwarded-For counts only behind a trusted proxy, and then its last entry (the proxy's own)", () => {
    const forwarded = request({ "x-forwarded-for": "10.0.0.1, 203.0.113.9" });
    expect(clientAddress(forwarded, { trustProxy: false })).toBe("192.0.2.1");
    expect(clientAddress(forwarded, { trustProxy: true })).toBe("203.0.113.9");
    expect(clientAddress(request(), { trustProxy: true })).toBe("192.0.2.1");
  });

  test("same-origin posts pass; other sites, a null Origin and a forged host are refused with 403", () => {
    const config = { trustProxy: false, allowedOrigins: ["https://www.example.com"] };
    const own = { host: "leads.example.com" };
    expect(checkOrigin(request({ ...own, origin: "http://leads.example.com" }), config)).toBeUndefined();
    // No Origin and no Sec-Fetch-Site (an old browser, curl): nothing to go on, so it passes.
    expect(checkOrigin(request(own), config)).toBeUndefined();
    expect(
      checkOrigin(request({ ...own, origin: "https://www.example.com", "sec-fetch-site": "cross-site" }), config),
    ).toBeUndefined();
    for (const headers of <Record<string, string>[]>[
      { origin: "https://attacker.example" },
      { origin: "null" },
      { "sec-fetch-site": "same-site" },
      { origin: "not a url" },
    ]) {
      const refused = checkOrigin(request({ ...own, ...headers }), config);
      expect(refused?.status, JSON.stringify(headers)).toBe(403);
    }
    // X-Forwarded-Host names the site only when the proxy is trusted.
    const proxied = request({
      host: "127.0.0.1:4174",
      "x-forwarded-host": "site.example",
      origin: "https://site.example",
    });
    expect(checkOrigin(proxied, config)?.status).toBe(403);
    expect(checkOrigin(proxied, { ...config, trustProxy: true })).toBeUndefined();
  });
});

describe("the rate limit", () => {
  test("allows `limit` requests per address per window, then 429 with Retry-After in seconds; a new window starts over", () => {
    const limiter = new RateLimiter(2, 60_000);
    expect([limiter.allow("a", 0), limiter.allow("a", 1), limiter.allow("a", 2)]).toEqual([true, true, false]);
    expect(limiter.allow("b", 3)).toBe(true);
    expect(limiter.allow("a", 60_003)).toBe(true);
    const one = new RateLimiter(1, 90_500);
    expect(one.check("c")).toBeUndefined();
    const refused = one.check("c");
    expect(refused?.status).toBe(429);
    expect(refused?.headers["Retry-After"]).toBe("91");
  });
});

describe("parsing the body", () => {
  test("only POST (405 with Allow) and only form posts (415)", () => {
    expect(checkMethod(request({}, "GET"))?.headers).toEqual({ Allow: "POST" });
    expect(checkMethod(request())).toBeUndefined();
    expect(
      checkContentType(request({ "content-type": "application/x-www-form-urlencoded; charset=UTF-8" })),
    ).toBeUndefined();
    expect(checkContentType(request({ "content-type": "multipart/form-data" }))?.status).toBe(415);
  });

  test("a body over the limit is refused by its declared length without reading it, or as it streams in", async () => {
    const declared = request({ "content-length": "101" });
    expect(((await readBody(declared, 100)) as Refusal).status).toBe(413);
    const streamed = request();
    const reading = readBody(streamed, 100);
    streamed.write("a".repeat(60));
    streamed.write("a".repeat(60));
    expect(((await reading) as Refusal).status).toBe(413);
    const exact = request();
    const whole = readBody(exact, 100);
    exact.end("é".repeat(50));
    expect(await whole).toBe("é".repeat(50));
  });

  test("a field sent twice is refused; names such as __proto__ are plain names", () => {
    expect((parseForm("a=1&a=2") as Refusal).status).toBe(400);
    const values = parseForm("__proto__=x&constructor=y&name=Zo%C3%AB+M%C3%BCller%2C+Jr.") as Record<string, string>;
    expect(Object.keys(values)).toEqual(["__proto__", "constructor", "name"]);
    expect(values.name).toBe("Zoë Müller, Jr.");
  });
});

describe("validating against the form", () => {
  const valid = { form: "fixture", page: "/contact", leave_empty: "", name: "Pat" };

  test("a valid submission gives the form, page and the trimmed fields; an empty optional field passes", () => {
    const ok = checkSubmission({ ...valid, name: "  Pat  ", choice: "Plus", key: "abcdefgh-1234" }, forms, "US");
    expect(ok).toMatchObject({ formId: "fixture", page: "/contact", choice: "Plus", key: "abcdefgh-1234" });
    expect((ok as { fields: object }).fields).toEqual({ name: "Pat", phone: "" });
  });

  test("an unknown form or field, or a malformed page, choice or key is a 400; a missing field is named by its label", () => {
    const status = (values: Record<string, string>) => (checkSubmission(values, forms, "US") as Refusal).status;
    expect(status({ ...valid, form: "toString" })).toBe(400);
    expect(status({ ...valid, card: "4111" })).toBe(400);
    expect(status({ ...valid, page: "https://elsewhere.example/" })).toBe(400);
    expect(status({ ...valid, page: "/a?b=c" })).toBe(400);
    expect(status({ ...valid, choice: "x".repeat(201) })).toBe(400);
    expect(status({ ...valid, key: "short" })).toBe(400);
    const missing = checkSubmission({ form: "fixture", page: "/" }, forms, "US") as Refusal;
    expect(missing.status).toBe(422);
    expect(missing.fields.name).toContain("Your name");
    const badPhone = checkSubmission({ ...valid, phone: "call me" }, forms, "US") as Refusal;
    expect(badPhone.fields.phone).toContain("Your phone");
  });

  // Fixture numbers: 201-555-0123 and 020 7946 0958 are the numbering plans' own examples and
  // drama ranges; 555-010-0199 has no area code 555 in North America.
  test("a phone number that can be called passes as typed, in the site's country or with its country code", () => {
    for (const [phone, country] of [
      ["(201) 555-0123", "US"],
      ["201.555.0123", "US"],
      ["1 201 555 0123", "US"],
      ["+44 20 7946 0958", "US"],
      ["020 7946 0958", "GB"],
      ["+1 (201) 555-0123", "GB"],
    ] as const) {
      const ok = checkSubmission({ ...valid, phone }, forms, country);
      expect(ok, `${phone} in ${country}`).not.toBeInstanceOf(Refusal);
      expect((ok as { fields: Record<string, string> }).fields.phone).toBe(phone);
    }
  });

  test("a phone number that cannot be called is a 422 naming the field, in words, with an example of the site's country", () => {
    const refused = (phone: string, country = "US") => {
      const answer = checkSubmission({ ...valid, phone }, forms, country) as Refusal;
      expect(answer, phone).toBeInstanceOf(Refusal);
      expect(answer.status).toBe(422);
      return answer.fields.phone!;
    };
    expect(refused("555-010-0199")).toBe(
      'Your phone: "555-010-0199" is not a phone number that can be called in the US: check its digits, e.g. (201) 555-0123',
    );
    expect(refused("201-555-012")).toBe(
      "Your phone: this number is too short for a phone number in the US: write it in full, e.g. (201) 555-0123",
    );
    expect(refused("201-555-01234")).toMatch(
      /^Your phone: this number has too many digits for a phone number in the US/,
    );
    expect(refused("+999 1234 5678")).toMatch(
      /^Your phone: write the number with "\+" and its country code .*e\.g\. \+1 201 555 0123$/,
    );
    // The same digits read in another site's country: its own words and example.
    expect(refused("020 7946 095", "GB")).toMatch(/^Your phone: .* in the UK: .*e\.g\. 07400 123456$/);
    // Nothing a machine reads: no codes, no library names.
    for (const message of [refused("555-010-0199"), refused("201-555-012"), refused("+999 1234 5678")])
      expect(message).not.toMatch(/TOO_SHORT|INVALID|NOT_A_NUMBER|E\.164|libphonenumber/);
  });
});

test("spam: a missing or filled honeypot, or sent faster than minSubmitMs; without `elapsed` the honeypot decides", () => {
  expect(spamReason({}, 1500)).toBe("honeypot missing");
  expect(spamReason({ leave_empty: "x" }, 1500)).toBe("honeypot filled");
  expect(spamReason({ leave_empty: "", elapsed: "1499" }, 1500)).toBe("sent too fast");
  expect(spamReason({ leave_empty: "", elapsed: "soon" }, 1500)).toBe("sent too fast");
  expect(spamReason({ leave_empty: "", elapsed: "1500" }, 1500)).toBeUndefined();
  expect(spamReason({ leave_empty: "" }, 1500)).toBeUndefined();
  // A page opened before the rename sends the honeypot as `website`: read the same way.
  expect(spamReason({ website: "" }, 1500)).toBeUndefined();
  expect(spamReason({ website: "x" }, 1500)).toBe("honeypot filled");
  expect(spamReason({ leave_empty: "", website: "x" }, 1500)).toBe("honeypot filled");
});

test("a refusal page links back to the path of the page the form was on, never to another scheme", () => {
  expect(backLink(request({ referer: "https://site.example/contact?x=1#form" }))).toBe("/contact");
  expect(backLink(request({ referer: "javascript:alert(1)" }))).toBe("/");
  expect(backLink(request())).toBe("/");
});
