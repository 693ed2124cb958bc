// The 37 prompts of RPC-9, in the order of the specification's table. Loaded on the first prompts/list or
// prompts/get of a process (index.ts), so start-up does not pay for them.
import { AUDIT_PROMPTS } from "./audit.js";
import { GROUP_PROMPTS } from "./group.js";
import { MERGE_REQUEST_PROMPTS } from "./mergeRequests.js";
import { PEOPLE_AND_RELEASE_PROMPTS } from "./people.js";
import { PROJECT_PROMPTS } from "./project.js";
import { TRIAGE_PROMPTS } from "./triage.js";
import type { PromptDef } from "./types.js";

/** Every prompt, by name. */
export const PROMPTS: ReadonlyMap<string, PromptDef> = new Map([...MERGE_REQUEST_PROMPTS, ...TRIAGE_PROMPTS, ...PROJECT_PROMPTS, ...AUDIT_PROMPTS, ...PEOPLE_AND_RELEASE_PROMPTS, ...GROUP_PROMPTS].map((p) => [p.name, p]));

export { listing, offered, runPrompt } from "./engine.js";
