/**
 * The leads project's set-up for a run (vite.config.ts, `globalSetup`): a folder for what its files
 * share within one run, removed after it (/admin/'s one build: admin-build.ts `sharedAdminBuild`), and
 * the client secret that build is made with, new each run. Files reach both with `inject("leadsRun")`.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    leadsRun: { dir: string; clientSecret: string };
  }
}

export default function setup(project: TestProject): () => void {
  const dir = mkdtempSync(join(tmpdir(), "leads-run-"));
  project.provide("leadsRun", {
    dir,
    clientSecret: `standin-secret-${randomBytes(9).toString("base64url")}-do-not-leak`,
  });
  return () => rmSync(dir, { recursive: true, force: true });
}
