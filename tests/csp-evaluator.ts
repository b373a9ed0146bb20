/** Google's CSP Evaluator (csp_evaluator, pinned in package.json) on a policy: its findings, by severity name. */
import { CspEvaluator } from "csp_evaluator/dist/evaluator.js";
import { Severity } from "csp_evaluator/dist/finding.js";
import { CspParser } from "csp_evaluator/dist/parser.js";

export interface CspFinding {
  severity: string;
  directive: string;
  value?: string;
  description: string;
}

const severityNames = new Map(Object.entries(Severity).map(([name, value]) => [value as number, name]));

export function evaluateCsp(policy: string): CspFinding[] {
  return new CspEvaluator(new CspParser(policy).csp).evaluate().map((finding) => ({
    severity: severityNames.get(finding.severity) ?? String(finding.severity),
    directive: finding.directive,
    ...(finding.value ? { value: finding.value } : {}),
    description: finding.description,
  }));
}

/** The findings the evaluator rates high (a likely bypass): a shipped policy must have none. */
export function highFindings(policy: string): CspFinding[] {
  return evaluateCsp(policy).filter((finding) => finding.severity === "HIGH");
}
