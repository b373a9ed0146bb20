/**
 * Turns Zod's issues into problems a non-programmer can act on: the file, line and column, the field,
 * what is wrong and what to write instead.
 */
import { isMap } from "yaml";
import type { z } from "zod";
import { didYouMean, listOf } from "../../../schemas/index.ts";
import { fieldAt, valueAt } from "../../../schemas/walk.ts";
import { locate, locateInScalar, rangeOf } from "./position.ts";
import { fieldPath, type Problem } from "./problem.ts";
import type { SourceFile } from "../stages/load.ts";

const nouns: Record<string, string> = {
  string: "text",
  number: "a number (e.g. 49)",
  int: "a whole number",
  boolean: "true or false",
  array: 'a list (one item per line, each starting with "- ")',
  object: 'a group of fields (indented lines of "name: value")',
};

function describeValue(value: unknown): string {
  if (value === null || value === undefined) return "nothing";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "object") return "a group of fields";
  if (typeof value === "string") return `the text "${value.length > 40 ? value.slice(0, 37) + "..." : value}"`;
  return `${typeof value === "number" ? "the number" : ""} ${String(value)}`.trim();
}

/**
 * A text with ": " and no quotes, as a list item (`- Help: 24/7`), is valid YAML for a group of one
 * field: the cause of "expected text" is the missing quotes. The line as it should be written.
 */
function unquotedColon(file: SourceFile, path: readonly PropertyKey[]): string | undefined {
  const node = locate(file, path).node;
  if (!isMap(node) || node.items.length !== 1 || !node.range) return undefined;
  const [from, to] = rangeOf(file, node);
  const written = file.text.slice(from, to).trimEnd();
  if (written.includes("\n") || !/^[^"'\s][^\n]*: /.test(written)) return undefined;
  const start = file.text.lastIndexOf("\n", from - 1) + 1;
  const before = file.text.slice(start, from).trimStart();
  return `this text contains ": ", so it must be put in quotes. Write: ${before}${JSON.stringify(written)}`;
}

export function describeIssue(file: SourceFile, schema: z.ZodType, issue: z.core.$ZodIssue): Problem[] {
  const path = issue.path;
  const at = (p: readonly PropertyKey[], atKey = false) => {
    const { line, column } = locate(file, p, atKey);
    return { file: file.path, line, column, field: fieldPath(p) };
  };
  const value = valueAt(file.data, path);

  switch (issue.code) {
    case "unrecognized_keys": {
      const shape = fieldAt(schema, path, file.data)?.resolved?.def.shape ?? {};
      const allowed = Object.keys(shape);
      return issue.keys.map((key) => ({
        ...at([...path, key], true),
        message: `unknown field "${key}".${didYouMean(key, allowed)} Allowed here: ${allowed.join(", ")}`,
      }));
    }
    case "invalid_union": {
      if ((issue as { note?: string }).note === "No matching discriminator") {
        const options = (issue as { options?: unknown[] }).options?.map(String) ?? [];
        const name = String(path[path.length - 1] ?? "type");
        if (value === undefined) {
          return [{ ...at(path), message: `missing "${name}": write one of ${listOf(options)}` }];
        }
        return [{ ...at(path), message: `unknown ${name} "${String(value)}".${didYouMean(String(value), options)} Known: ${listOf(options)}` }];
      }
      // A choice with its own message (e.g. a picture's focus) says what to write; say what was found.
      if (issue.message !== "Invalid input") {
        if (value === undefined) return [{ ...at(path), message: `nothing is chosen yet: ${issue.message}` }];
        return [{ ...at(path), message: `${describeValue(value)} is not allowed here: ${issue.message}` }];
      }
      return [{ ...at(path), message: `this does not match any allowed form: ${issue.message}` }];
    }
    case "invalid_type": {
      const expected = nouns[issue.expected] ?? issue.expected;
      const name = String(path[path.length - 1] ?? "");
      // The text of the field itself, under its wrappers (a field's own, not an optional's around it).
      const found = fieldAt(schema, path, file.data);
      const help = found && (found.resolved?.inner ?? found.field).description;
      const hint = help ? ` ${help}` : "";
      if (path.length === 0 && value == null) return [{ ...at(path), message: `this file is empty: it needs ${expected}` }];
      if (value === undefined) {
        return [{ ...at(path), message: `missing required field "${name}": add it with ${expected}.${hint}` }];
      }
      if (value === null) {
        return [{ ...at(path, true), message: `"${name}" has no value: write ${expected} after the colon.${hint}` }];
      }
      const unquoted = issue.expected === "string" ? unquotedColon(file, path) : undefined;
      if (unquoted) return [{ ...at(path), message: unquoted }];
      return [{ ...at(path), message: `expected ${expected}, found ${describeValue(value)}` }];
    }
    case "invalid_value": {
      const options = issue.values.map(String);
      if (value === undefined) return [{ ...at(path), message: `nothing is chosen yet: choose one of ${listOf(options)}` }];
      return [
        {
          ...at(path),
          message: `${describeValue(value)} is not allowed here.${didYouMean(String(value), options)} Write one of: ${listOf(options)}`,
        },
      ];
    }
    case "too_small":
    case "too_big": {
      const small = issue.code === "too_small";
      const limit = small ? issue.minimum : issue.maximum;
      let message = issue.message;
      if (issue.origin === "array") message = small ? `needs at least ${limit} item${limit === 1 ? "" : "s"}` : `may have at most ${limit} item${limit === 1 ? "" : "s"}`;
      else if (issue.origin === "number") message = `must be ${small ? "at least" : "at most"} ${limit}`;
      return [{ ...at(path, true), message }];
    }
    case "custom": {
      const params = issue.params as { line?: number; column?: number } | undefined;
      if (params?.line !== undefined) {
        const { line, column } = locateInScalar(file, path, params.line, params.column ?? 1);
        return [{ file: file.path, line, column, field: fieldPath(path), message: issue.message }];
      }
      return [{ ...at(path), message: issue.message }];
    }
    default:
      return [{ ...at(path), message: issue.message }];
  }
}
