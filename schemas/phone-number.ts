/**
 * Whether a phone number can be called, in words for people: the content's number (the number
 * dialled, "+" and digits, and the number shown beside it) and a visitor's on the lead forms. One rule
 * for the content check, /admin/'s check before saving and the lead endpoint, from libphonenumber-js
 * with its full ("max") metadata: each country's lengths and the digit patterns of its numbers, so a
 * number a digit short, or whose area code or exchange does not exist, is refused, not just a string
 * of the wrong shape (docs/decisions/0026-phone-numbers-that-can-be-called.md).
 *
 * Not for the site's pages: the metadata is about 40 KB gzipped, more than the page budget allows
 * (`npm run size`); the page's form keeps its light pattern (lead-limits.ts) and shows the endpoint's
 * refusal at the field.
 */
import {
  getCountryCallingCode,
  getExampleNumber,
  isSupportedCountry,
  Metadata,
  parsePhoneNumberFromString,
  validatePhoneNumberLength,
  type CountryCode,
  type PhoneNumber,
} from "libphonenumber-js/max";
import examples from "libphonenumber-js/mobile/examples";

/** The digits a phone number dials, letters read as on a phone's keypad (1-800-FIX-PCS). */
export function keypadDigits(number: string): string {
  const keypad = "22233344455566677778889999";
  return number.toUpperCase().replace(/[A-Z]/g, (letter) => keypad[letter.charCodeAt(0) - 65]!);
}

const regionNames = new Intl.DisplayNames(["en"], { type: "region", style: "short" });
/** "in the US", "in the UK", "in Germany", "in the Netherlands". */
export function inCountry(country: string): string {
  const name = regionNames.of(country) ?? country;
  const the = /^(US|UK|United |Netherlands|Philippines|Bahamas|Gambia|Maldives|Comoros|Seychelles)|Republic$|Islands$/;
  return `in ${the.test(name) ? "the " : ""}${name}`;
}

/** Where a number is from, in words: "in the US", or "with the country code 800" for a code of no country. */
function placeOf(country: string | undefined, callingCode: string): string {
  return country ? inCountry(country) : `with the country code ${callingCode}`;
}

/** The main country of a calling code ("1" → "US"), as the metadata lists it first. */
function mainCountry(callingCode: string): CountryCode | undefined {
  const metadata = new Metadata() as Metadata & { getCountryCodeForCallingCode(code: string): CountryCode | undefined };
  return metadata.getCountryCodeForCallingCode(callingCode);
}

/** How many digits a national number of `country` may have: [10] for the US, [7, 9, 10] for the UK. */
function nationalLengths(country: CountryCode): number[] {
  const metadata = new Metadata();
  metadata.selectNumberingPlan(country);
  return metadata.numberingPlan?.possibleLengths() ?? [];
}

/** "11", "9 or 10", "7, 9 or 10", "4 to 15". */
function listLengths(lengths: number[]): string {
  if (lengths.length > 3 && lengths.every((n, i) => i === 0 || n === lengths[i - 1]! + 1))
    return `${lengths[0]} to ${lengths[lengths.length - 1]}`;
  return lengths.length > 1
    ? `${lengths.slice(0, -1).join(", ")} or ${lengths[lengths.length - 1]}`
    : String(lengths[0]);
}

/** A number of `country` to show as an example, in the two ways people write one. */
export function exampleNumber(country: string): { e164: string; international: string; national: string } | undefined {
  if (!isSupportedCountry(country)) return undefined;
  const example = getExampleNumber(country, examples);
  return (
    example && {
      e164: example.number,
      international: example.formatInternational(),
      national: example.formatNational(),
    }
  );
}

const digitWord = (n: number) => `${n} digit${n === 1 ? "" : "s"}`;
const anyCountry =
  'after the "+" comes the country code (1 for the US and Canada, 44 for the UK, 49 for Germany), then the number';

/**
 * What is wrong with `dialled`, a number written for phones to dial ("+", the country code and the
 * digits), in words; undefined when it is a number that can be called.
 */
export function dialledNumberProblem(dialled: string): string | undefined {
  if (!/^\+\d+$/.test(dialled)) {
    const compact = dialled.replace(/[\s\-().]/g, "");
    if (/^\+\d+$/.test(compact) && !dialledNumberProblem(compact))
      return `write the number dialled with no spaces, dashes or brackets: "${compact}"`;
    return `write the number dialled as "+", the country code and the digits only, e.g. "${exampleNumber("US")?.e164}": ${anyCountry}`;
  }
  const digits = dialled.length - 1;
  const length = validatePhoneNumberLength(dialled);
  if (length === "INVALID_COUNTRY" || length === "NOT_A_NUMBER")
    return `"${dialled}" starts with no country's code: ${anyCountry}`;
  const parsed = parsePhoneNumberFromString(dialled);
  if (!parsed) return `"${dialled}" is not a phone number: ${anyCountry}`;
  const callingCode = parsed.countryCallingCode;
  // A number that cannot be called has no country of its own (the library's guess, by its first
  // digits, may name a small neighbour): its calling code's main country speaks for it.
  const country = (parsed.isValid() && parsed.country) || mainCountry(callingCode);
  if (!country) {
    // A number of no country (+800, international freephone): its code's own lengths and patterns.
    if (length)
      return `this number has ${digitWord(digits)}, which is not the length of a number with the country code ${callingCode}`;
    return parsed.isValid() ? undefined : `"${dialled}" is not a number that can be called: check its digits`;
  }
  const where = inCountry(country);
  const example = exampleNumber(country);
  const writeLike = example ? ` Write it like ${example.e164}.` : "";
  if (length) {
    const lengths = nationalLengths(country).map((n) => n + callingCode.length);
    return `this number has ${digitWord(digits)}; a number ${where} has ${listLengths(lengths)} with the ${callingCode} at the front.${writeLike}`;
  }
  if (!parsed.isValid())
    return (
      `"${dialled}" has the length of a number ${where}, but no number ${where} begins like this: ` +
      `check the digits after the country code ${callingCode} against the number visitors should call.${writeLike}`
    );
  return undefined;
}

/** `shown` read as a number, in the country of `dialled` (which can be dialled). */
function readShown(shown: string, dialled: PhoneNumber): PhoneNumber | undefined {
  const country = dialled.country ?? mainCountry(dialled.countryCallingCode);
  return parsePhoneNumberFromString(keypadDigits(shown), country ? { defaultCountry: country } : undefined);
}

/**
 * What is wrong with `shown`, the number as visitors read it, beside `dialled`, a number that can
 * be dialled: undefined when the two are one number (read in the dialled number's country, keypad
 * letters as digits), else words that name both.
 */
export function shownNumberProblem(shown: string, dialled: string): string | undefined {
  const number = parsePhoneNumberFromString(dialled);
  if (!number) return undefined;
  const read = readShown(shown, number);
  if (read?.number === number.number) return undefined;
  const instead =
    read?.isValid() === true
      ? ` For "${shown}", write "${read.number}" as the number dialled.`
      : ` "${shown}" is not a number that can be called ${placeOf(number.country ?? mainCountry(number.countryCallingCode), number.countryCallingCode)}: write the number visitors should read.`;
  return `the number shown ("${shown}") is not the number dialled ("${dialled}"): visitors would read one number and call another. Change both together.${instead}`;
}

/**
 * What is wrong with a phone number a visitor typed on a lead form, in words that follow the field's
 * label; undefined when it can be called. A number without "+" is read as a number of `country`
 * (the site's, from content/site.yaml), as people write their own country's numbers.
 */
export function visitorNumberProblem(typed: string, country: string | undefined): string | undefined {
  const home = country && isSupportedCountry(country) ? country : undefined;
  const example = home && exampleNumber(home);
  const eg = example ? `, e.g. ${example.national}` : "";
  const text = keypadDigits(typed);
  const options = home ? { defaultCountry: home } : undefined;
  const length = validatePhoneNumberLength(text, options);
  if (length === "INVALID_COUNTRY" || length === "NOT_A_NUMBER") {
    if (!home || /^\s*\+/.test(typed))
      return `write the number with "+" and its country code (1 for the US and Canada, 44 for the UK)${example ? `, e.g. ${example.international}` : ""}`;
    return `write a phone number with its area code${eg}`;
  }
  const parsed = parsePhoneNumberFromString(text, options);
  const code = parsed?.countryCallingCode ?? (home ? getCountryCallingCode(home) : "");
  // A number of the site's calling code is spoken of as the site's country's (the US, not Jamaica).
  const own = parsed && ((parsed.isValid() && parsed.country) || mainCountry(code));
  const where = placeOf(home && code === getCountryCallingCode(home) ? home : (own ?? home), code);
  if (length === "TOO_SHORT") return `this number is too short for a phone number ${where}: write it in full${eg}`;
  if (length === "TOO_LONG" || length === "INVALID_LENGTH")
    return `this number has too many digits for a phone number ${where}: check it${eg}`;
  if (!parsed?.isValid())
    return `"${typed.trim()}" is not a phone number that can be called ${where}: check its digits${eg}`;
  return undefined;
}
