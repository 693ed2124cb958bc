// The server version, read once from package.json (which ships beside dist/).
import { readFileSync } from "node:fs";

/** The package version, reported in initialize and by --version. */
export const VERSION: string = (JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string }).version;
