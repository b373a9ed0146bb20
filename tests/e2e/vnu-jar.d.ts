/** The Nu Html Checker's package (vnu-jar) publishes no types for how it finds a Java runtime. */
declare module "vnu-jar/vnu-java-downloader.js" {
  /**
   * A Java 11 or later to run vnu.jar with: the system's, else one vnu-jar downloaded before (in
   * node_modules/.cache/vnu-jar), else one it downloads now (Eclipse Temurin, from GitHub).
   */
  export function resolveJava(): Promise<string>;
}
