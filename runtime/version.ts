// The server version. The bundle has it written in at build time (codegen/bundle.ts defines
// __PACKAGE_VERSION__); the unbundled build reads the package.json that ships beside dist/.
import { readFileSync } from "node:fs";

declare const __PACKAGE_VERSION__: string | undefined;

/** The package version, reported in initialize and by --version. */
export const VERSION: string =
  typeof __PACKAGE_VERSION__ === "string" ? __PACKAGE_VERSION__ : (JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string }).version;
