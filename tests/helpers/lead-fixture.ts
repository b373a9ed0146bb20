/** A valid post of a form of the content the run is on (src/generated/forms.json), made unique by `n`. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Form, Site } from "../../schemas/index.ts";
import { visitorPhone } from "../content-facts.ts";
import type { Submission } from "./leads-endpoint.ts";
import { root } from "../../tools/shared/copy-project.ts";

const forms = JSON.parse(readFileSync(join(root, "src", "generated", "forms.json"), "utf8")) as Record<string, Form>;
const site = JSON.parse(readFileSync(join(root, "src", "generated", "site.json"), "utf8")) as Site;

/** The first form's id, or `formId`'s fields filled as a visitor would. */
export function lead(n: number, formId = Object.keys(forms)[0]!): Submission {
  const values: Submission = { form: formId, page: "/", website: "", elapsed: "5000" };
  for (const field of forms[formId]!.fields)
    values[field.name] =
      field.type === "email" ? `pat${n}@example.com` : field.type === "tel" ? visitorPhone(site, n) : "Pat Example";
  return values;
}
