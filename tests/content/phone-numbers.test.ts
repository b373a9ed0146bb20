/**
 * Phone numbers are numbers that can be called (schemas/phone-number.ts): the content's number
 * dialled and the number shown beside it, through the rule itself and through `npm run
 * content:check` on fixture content, as a marketer runs it (the content CLI's main(), in this process:
 * tests/helpers/in-process.ts). Fixture numbers only: +1 800 555 01xx and +1 201 555 01xx are North
 * America's numbers for drama and examples, +44 20 7946 0xxx the UK's.
 */
import { describe, expect, it } from "vitest";
import { main } from "../../scripts/content/cli/cli.ts";
import { dialledNumberProblem, shownNumberProblem, visitorNumberProblem } from "../../schemas/phone-number.ts";
import { inProcess } from "../helpers/in-process.ts";
import { fixture, problemsIn, replace } from "./helpers.ts";

/** What a person should never read in a refusal. */
const codeWords = /TOO_SHORT|TOO_LONG|INVALID|NOT_A_NUMBER|E\.164|e164|libphonenumber|undefined/;

describe("the number dialled", () => {
  it("passes a number that can be called, of any country", () => {
    for (const number of ["+18005550199", "+12015550123", "+442079460958", "+447400123456", "+80012345678"])
      expect(dialledNumberProblem(number), number).toBeUndefined();
  });

  it("says how many digits a number has and how many its country's numbers have", () => {
    expect(dialledNumberProblem("+1800555019")).toBe(
      "this number has 10 digits; a number in the US has 11 with the 1 at the front. Write it like +12015550123.",
    );
    expect(dialledNumberProblem("+180055501990")).toMatch(/^this number has 12 digits; a number in the US has 11 with the 1 at the front\./);
    expect(dialledNumberProblem("+4420794609581")).toMatch(
      /^this number has 13 digits; a number in the UK has 9, 11 or 12 with the 44 at the front\. Write it like \+44\d+\.$/,
    );
  });

  it("refuses a number of the right length that no one can call (an area code or exchange that does not exist)", () => {
    // North American area codes and exchanges never start with 0 or 1, and 555 is no area code.
    for (const number of ["+18001234567", "+15550100199", "+11235550123"])
      expect(dialledNumberProblem(number), number).toMatch(
        /has the length of a number in the US, but no number in the US begins like this: check the digits after the country code 1/,
      );
  });

  it("refuses a country code that no country has, and a number written as it is shown, saying what to write", () => {
    expect(dialledNumberProblem("+999123456789")).toMatch(/^"\+999123456789" starts with no country's code: after the "\+" comes the country code/);
    expect(dialledNumberProblem("+1 800 555 0199")).toBe('write the number dialled with no spaces, dashes or brackets: "+18005550199"');
    expect(dialledNumberProblem("1-800-555-0199")).toMatch(/^write the number dialled as "\+", the country code and the digits only, e\.g\. "\+\d+"/);
  });

  it("speaks words, never the library's codes", () => {
    for (const number of ["+1800555019", "+180055501990", "+18001234567", "+999123456789", "1-800-555-0199", "+8001234"])
      expect(dialledNumberProblem(number), number).not.toMatch(codeWords);
  });
});

describe("the number shown beside it", () => {
  it("is the same number however it is written: dashes, brackets, spaces, +, keypad letters, a national 0", () => {
    for (const [shown, dialled] of [
      ["1-800-555-0199", "+18005550199"],
      ["(800) 555-0199", "+18005550199"],
      ["+1 800 555 0199", "+18005550199"],
      ["800.555.0199", "+18005550199"],
      ["1-800-FIX-PCS1", "+18003497271"],
      ["020 7946 0958", "+442079460958"],
    ] as const)
      expect(shownNumberProblem(shown, dialled), shown).toBeUndefined();
  });

  it("refuses another number, naming both, and says what to dial for the one shown", () => {
    expect(shownNumberProblem("1-800-555-0198", "+18005550199")).toBe(
      'the number shown ("1-800-555-0198") is not the number dialled ("+18005550199"): visitors would read one number and call another. ' +
        'Change both together. For "1-800-555-0198", write "+18005550198" as the number dialled.',
    );
    // Only the last digits agreeing is not enough any more: visitors need the whole number.
    expect(shownNumberProblem("555-0199", "+18005550199")).toMatch(
      /^the number shown \("555-0199"\) is not the number dialled \("\+18005550199"\).*"555-0199" is not a number that can be called in the US/,
    );
    expect(shownNumberProblem("1-800-555-0199", "+12015550199")).toMatch(/write "\+18005550199" as the number dialled/);
  });
});

describe("a visitor's number on a lead form", () => {
  it("is read in the site's country when written without +, and in its own with +", () => {
    for (const [typed, country] of [
      ["(201) 555-0123", "US"],
      ["1 201 555 0123", "US"],
      ["+44 20 7946 0958", "US"],
      ["020 7946 0958", "GB"],
      ["+1 201-555-0123", "GB"],
    ] as const)
      expect(visitorNumberProblem(typed, country), `${typed} in ${country}`).toBeUndefined();
    // The same national digits mean nothing without the site's country.
    expect(visitorNumberProblem("020 7946 0958", "US")).toBeDefined();
  });

  it("refuses what cannot be called, in words with an example of the site's country", () => {
    expect(visitorNumberProblem("(555) 010-0199", "US")).toBe(
      '"(555) 010-0199" is not a phone number that can be called in the US: check its digits, e.g. (201) 555-0123',
    );
    expect(visitorNumberProblem("201-555-012", "US")).toBe(
      "this number is too short for a phone number in the US: write it in full, e.g. (201) 555-0123",
    );
    expect(visitorNumberProblem("020 7946 09581", "GB")).toMatch(/too many digits for a phone number in the UK: check it, e\.g\. 0\d/);
    for (const [typed, country] of [
      ["(555) 010-0199", "US"],
      ["201-555-012", "US"],
      ["+999 1234 5678", "US"],
      ["555-0100", undefined],
    ] as const)
      expect(visitorNumberProblem(typed, country), typed).not.toMatch(codeWords);
  });
});

describe("npm run content:check on content whose number cannot be called", () => {
  const check = (dir: string) => inProcess(() => main(["check", `--content=${dir}`]));

  it("a number a digit short, shown and dialled alike: refused at the number dialled, file:line:column, in words", async () => {
    // The fixture's number, one digit shorter in both places: the two agree, and neither can ring.
    const dir = fixture({
      "site.yaml": (text) => replace("display: 1-800-555-0100", "display: 1-800-555-010")(text).replace('"+18005550100"', '"+1800555010"'),
    });
    const run = await check(dir);
    expect(run.status, run.stderr).toBe(1);
    const output = run.stdout + run.stderr;
    const line = output.split("\n").find((l) => l.includes("contact.phone.e164"));
    expect(line).toMatch(
      /site\.yaml:10:11 +contact\.phone\.e164 +this number has 10 digits; a number in the US has 11 with the 1 at the front\. Write it like \+1\d{10}\.$/,
    );
    expect(output).toMatch(/1 problem in 1 file/);
  });

  it("the same through the pipeline: one problem, at the number dialled, and nothing for the number shown", () => {
    expect(
      problemsIn({ "site.yaml": (t) => t.replace("display: 1-800-555-0100", "display: 1-800-555-010").replace('"+18005550100"', '"+1800555010"') }).map(
        (p) => [p.line, p.column, p.field],
      ),
    ).toEqual([[10, 11, "contact.phone.e164"]]);
    expect(
      problemsIn({ "site.yaml": replace('"+18005550100"', '"+18001234567"') }).map((p) => [p.line, p.field, p.message.slice(0, 40)]),
    ).toEqual([[10, "contact.phone.e164", '"+18001234567" has the length of a numbe']]);
  });
});
