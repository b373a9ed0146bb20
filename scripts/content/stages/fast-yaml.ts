/**
 * A quick read of plain YAML, without positions: most content files are a few fields, lists and `|`
 * blocks, and parsing them with every node's position (the `yaml` package's Document) is most of
 * what a first run spends on YAML. Such a file is read with js-yaml instead, about six times faster;
 * its Document is made only if something asks for it (a problem's line and column, load.ts).
 * Both must give the same data, or the published site would differ from what the writer meant, so:
 * - only text in a plain subset of YAML is read quickly (`plainSubset`): fields, list entries,
 *   one-line texts and lists, `{}`, plain texts going on over lines indented deeper, `|` blocks, and
 *   `>` blocks of one paragraph; no tabs, anchors, aliases, tags, directives, document markers,
 *   quoted texts over several lines, explicit or empty keys, flow
 *   mappings, indentation indicators or `|+`; anything else takes the positioned parse, as before;
 * - scalars are resolved with the `yaml` package's own YAML 1.2 core schema (the same patterns and
 *   conversions, below), not js-yaml's;
 * - whatever js-yaml refuses (a syntax error, a duplicate key) takes the positioned parse, whose
 *   messages explain it;
 * - a value in curly quotes takes it too (its check needs the Document);
 * - `tests/content/fast-yaml.test.ts` compares both parsers on every content file, fixture and
 *   benchmark page, and on 20,000 random edits of them: wherever the quick read answers, the data
 *   is equal (decision 0015 tells how far beyond that it was searched).
 * In: a YAML text. Out: its data, or undefined when the positioned parse must read it.
 */
import { FAILSAFE_SCHEMA, Type, load } from "js-yaml";
import { uncurled } from "../problems/yaml-errors.ts";

// The `yaml` package's core schema (yaml/dist/schema/core and common/null): the same tests (null,
// bool, int as octal, decimal or hex, float as .nan/.inf, exponent or decimal) and the same
// conversions, so a plain scalar becomes the same value with either parser. js-yaml keeps one type
// per tag, so each tag's forms are one type here (they cannot match the same text).
type Form = [test: RegExp, construct: (text: string) => unknown];
const scalar = (tag: string, ...forms: Form[]) =>
  new Type(`tag:yaml.org,2002:${tag}`, {
    kind: "scalar",
    resolve: (text: string) => forms.some(([test]) => test.test(text)),
    construct: (text: string) => forms.find(([test]) => test.test(text))![1](text),
  });

const coreSchema = FAILSAFE_SCHEMA.extend({
  implicit: [
    scalar("null", [/^(?:~|[Nn]ull|NULL)?$/, () => null]),
    scalar("bool", [/^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/, (text) => text[0] === "t" || text[0] === "T"]),
    scalar(
      "int",
      [/^0o[0-7]+$/, (text) => parseInt(text.substring(2), 8)],
      [/^[-+]?[0-9]+$/, (text) => parseInt(text, 10)],
      [/^0x[0-9a-fA-F]+$/, (text) => parseInt(text.substring(2), 16)],
    ),
    scalar(
      "float",
      [
        /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/,
        (text) => (text.slice(-3).toLowerCase() === "nan" ? NaN : text[0] === "-" ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY),
      ],
      [/^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/, (text) => parseFloat(text)],
      [/^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/, (text) => parseFloat(text)],
    ),
  ],
});

/** A line's indentation and the "- " of the sequence entries it opens. */
const lead = /^( *)((?:-(?: +|$))*)/;
/** A block mapping's key and its ": " (a plain key ends at the first ": "), then the value. */
const keyed = /^(?:"(?:[^"\\\n]|\\.)*"|'(?:[^'\n]|'')*'|[^\s"'#[\]{}&*!|>%@`?:,-][^#\n]*?|-\S[^#\n]*?)[ ]*:(?: +|$)/;
/** A `|` block's header: `|` or `|-`, maybe a comment; no indentation indicator, no text. */
const literalHeader = /^\|-?(?: +#.*| *)$/;
/** A `>` block's header, the same way. */
const foldedHeader = /^>-?(?: +#.*| *)$/;
/** A flow sequence on one line whose items are plain or quoted texts: `[Open 24/7, "Toll free"]`. */
const flowSequence = /^\[[^[\]{}]*\](?: +#.*| *)$/;
/** A plain text that may go on over the next lines: not quoted, not a list or group, no comment after it. */
const plainStart = /^[^\s"'[{#](?:(?! #).)*$/;
/** A line going on with the plain text above it: no sign YAML reads at its start, no ": " or " #" in it, no ":" at its end. */
const continuation = /^[^-?:#&*!|>'"%@`[\]{},\s](?:(?!: | #).)*(?<!:)$/;
/** Signs YAML gives a meaning at the start of a node (anchor, alias, tag, directive, reserved, folded block, flow mapping, explicit or empty key, block entry). */
const specialStart = /^(?:[&*!%@`>{?:|[\]},]|- |-$)/;

/** Whether a value (what follows "key: ", "- ", or a line of its own) starts as the subset allows; the `|` of a block too. */
function plainValue(value: string): "text" | "literal" | "folded" | undefined {
  if (value === "" || value.startsWith("#")) return "text";
  if (value.startsWith("|")) return literalHeader.test(value) ? "literal" : undefined;
  if (value.startsWith(">")) return foldedHeader.test(value) ? "folded" : undefined;
  if (value.startsWith("[")) {
    if (!flowSequence.test(value)) return undefined;
    const items = value.slice(1, value.lastIndexOf("]")).split(",");
    return items.every((item) => !specialStart.test(item.trim())) ? "text" : undefined;
  }
  // An empty group of fields (`analytics: {}`); any other flow mapping is left to the positioned parse.
  if (/^\{\}(?: +#.*| *)$/.test(value)) return "text";
  if (specialStart.test(value)) return undefined;
  // A quoted text closes on its line (a text over several lines is left to the positioned parse).
  if (value.startsWith('"')) return /^"(?:[^"\\]|\\.)*"(?: +#.*| *)$/.test(value) ? "text" : undefined;
  if (value.startsWith("'")) return /^'(?:[^']|'')*'(?: +#.*| *)$/.test(value) ? "text" : undefined;
  // A plain text with ": " in it is a mistake the positioned parse explains.
  if (/: |:$/.test(value.replace(/ +#.*$/, ""))) return undefined;
  return "text";
}

/**
 * Whether the text keeps to the plain subset of YAML the quick read handles. A `>` block is in it
 * when its lines of text are all indented alike, end without spaces and have no blank line between
 * them: such a block is one paragraph, so the folding check (folding.ts) has nothing to report.
 */
export function plainSubset(text: string): boolean {
  // `\U` escapes beyond Unicode are an error to one parser, characters to the other.
  if (text.includes("\t") || text.includes("\r") || text.includes("\\U") || text.charCodeAt(0) === 0xfeff) return false;
  const lines = text.split("\n");
  // Inside a block, lines indented deeper than its key are its text, not YAML. `blockText`: how the
  // block's first line of text is indented (-1 before it); `blankAfter`: a blank line followed it.
  let block: "literal" | "folded" | undefined;
  let blockAbove = -1;
  let blockText = -1;
  let blankAfter = false;
  // A plain text may go on over the next lines (as YAML writers fold long texts), each indented
  // deeper than its key (or "-"): `textAbove` is that column while it may, -1 otherwise.
  let textAbove = -1;
  for (const [index, line] of lines.entries()) {
    const [whole, indent, dashes] = lead.exec(line) as unknown as [string, string, string];
    const rest = line.slice(whole.length);
    if (block) {
      if (line === "") {
        // In a `>` block only the file's last lines may be blank (at its end, nothing follows them).
        if (block === "folded" && (blockText < 0 || lines.slice(index).some((after) => after !== ""))) return false;
        blankAfter = true;
        continue;
      }
      // Blank lines holding spaces: only after a `|` block's first line of text.
      if (dashes === "" && rest === "") {
        if (block === "folded" || blockText < 0) return false;
        continue;
      }
      if (indent.length > blockAbove) {
        if (block === "folded" && (blankAfter || (blockText >= 0 && indent.length !== blockText) || line.endsWith(" "))) return false;
        if (blockText < 0) blockText = indent.length;
        continue;
      }
      block = undefined;
    }
    // A document marker, whatever follows it.
    if (/^(?:---|\.\.\.)/.test(line)) return false;
    // A list entry without a value, or a list in a list entry (`- - a`).
    if (dashes !== "" && (rest === "" || /^-(?: |$)/.test(dashes.slice(1).trimStart()))) return false;
    if (rest === "" || rest.startsWith("#")) {
      textAbove = -1;
      continue;
    }
    if (dashes === "" && textAbove >= 0 && indent.length > textAbove && continuation.test(rest)) continue;
    textAbove = -1;
    const key = keyed.exec(rest);
    // A key of over 1,024 characters is an error to one parser only.
    if (key && key[0].length > 1000) return false;
    // A line that is neither a field nor a list entry goes on the text above it (a text over several
    // lines): how deep it must be indented is a rule the positioned parse is left to apply.
    if (!key && dashes === "") return false;
    const value = key ? rest.slice(key[0].length) : rest;
    const kind = plainValue(value);
    if (kind === undefined) return false;
    if (kind === "text" && plainStart.test(value)) textAbove = key ? whole.length : whole.lastIndexOf("-");
    // The block's text is indented deeper than the key it belongs to.
    if (kind === "literal" || kind === "folded") {
      if (!key) return false;
      block = kind;
      blockAbove = whole.length;
      blockText = -1;
      blankAfter = false;
    }
  }
  return true;
}

/** Keys the two parsers write differently (a null key is "" to one, "null" to the other), or that are not plain. */
const unsafeKeys = new Set(["", "~", "null", "Null", "NULL", "__proto__"]);

/**
 * Whether the data needs the positioned parse after all: a text value in curly quotes (the check of
 * yaml-errors.ts `curlyQuoted` reads the Document), or a key of `unsafeKeys`.
 */
function needsDocument(value: unknown): boolean {
  if (typeof value === "string") return uncurled(value) !== undefined;
  if (value === null || typeof value !== "object") return false;
  if (Array.isArray(value)) return value.some(needsDocument);
  for (const key of Object.keys(value)) {
    if (unsafeKeys.has(key) || needsDocument((value as Record<string, unknown>)[key])) return true;
  }
  return false;
}

/** The YAML text's data, read quickly; undefined when the positioned parse must read it. */
export function quickParse(text: string): { data: unknown } | undefined {
  if (!plainSubset(text)) return undefined;
  let data: unknown;
  try {
    data = load(text, { schema: coreSchema });
  } catch {
    return undefined;
  }
  // An empty file is null to the positioned parse, undefined to js-yaml.
  if (data === undefined || needsDocument(data)) return undefined;
  return { data };
}
