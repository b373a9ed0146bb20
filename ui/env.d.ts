/// <reference types="vite/client" />
interface ImportMetaEnv {
  /** The dev server's BUILD_TIME (vite.config.ts defines it only when serving): the preview's default time. */
  readonly BUILD_TIME?: string;
}
