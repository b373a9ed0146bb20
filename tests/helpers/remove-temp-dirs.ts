/**
 * A setup file of the Vitest projects (vite.config.ts): after each test file, the temporary folders its
 * tests made with tempDir() (tests/helpers/temp-dirs.ts) are removed. Vitest runs the file's own
 * afterAll hooks first (the later registered, the earlier run), so a server a file stops there has
 * stopped before its folder goes.
 */
import { afterAll } from "vitest";
import { removeTempDirs } from "./temp-dirs.ts";

afterAll(removeTempDirs);
