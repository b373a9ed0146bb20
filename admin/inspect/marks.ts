/**
 * Invisible marks on the preview's text (the "content source map" idea of Sanity's and Vercel's
 * stega): each value that shows gets a number written after it in characters that take no space,
 * so wherever a renderer puts the text (a heading, a button, an alt text, three places for one phone
 * number), the preview finds which field it came from, then takes the marks out of the page. Only
 * /admin/'s preview writes them; the site's pages never see them.
 */

const START = "\u2063"; // invisible separator
const END = "\u2064"; // invisible plus
const DIGITS = ["\u200b", "\u200c", "\u200d", "\u2060"]; // zero width space, non-joiner, joiner, word joiner

/** The mark of number `n`. */
export function mark(n: number): string {
  let digits = "";
  do {
    digits = DIGITS[n % 4]! + digits;
    n = Math.floor(n / 4);
  } while (n > 0);
  return START + digits + END;
}

const pattern = new RegExp(`${START}((?:${DIGITS.join("|")})+)${END}`, "g");
// A mark cut in half loses its ends; its digits (which content may hold itself: a joiner in an emoji) stay.
const loose = new RegExp(`[${START}${END}]`, "g");

/** Whether `text` may hold a mark (quick). */
export const hasMarks = (text: string) => text.includes(START) || text.includes(END);

/** The numbers marked in `text`, and the text without them (what is left of a mark cut in half by a renderer: its ends). */
export function readMarks(text: string): { numbers: number[]; text: string } {
  const numbers: number[] = [];
  for (const match of text.matchAll(pattern)) {
    let n = 0;
    for (const digit of match[1]!) n = n * 4 + DIGITS.indexOf(digit);
    numbers.push(n);
  }
  return { numbers, text: text.replace(pattern, "").replace(loose, "") };
}
