/**
 * `npm run lint`: ESLint and Prettier's check over the whole project, side by side (each is one
 * thread: together they take the longer one's time on two cores), through the one step runner
 * (run-steps.ts); exits non-zero when either finds a problem, with what it printed.
 */
import { join } from "node:path";
import { runSteps } from "./run-steps.ts";

const root = join(import.meta.dirname, "..", "..");
const bin = (...path: string[]) => join(root, "node_modules", ...path);

const passed = await runSteps(
  [
    { label: "ESLint", command: [process.execPath, bin("eslint", "bin", "eslint.js"), "."], beside: true },
    {
      label: "Prettier",
      command: [process.execPath, bin("prettier", "bin", "prettier.cjs"), "--check", "."],
      beside: true,
    },
  ],
  { title: "npm run lint", launchContent: false },
);
process.exitCode = passed ? 0 : 1;
