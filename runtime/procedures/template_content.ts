// Template reads (template.*_get, template.project_template_get): the card from the catalog, then the
// template's content in a fenced block of its language (yaml, dockerfile, gitignore, text, markdown),
// cut to the response budget with a note when longer. GitLab fills a license's placeholders ([year],
// [fullname], the project) itself when the call gives `project` and `fullname`.
import { nextStepsSection } from "../markdown/writer.js";
import type { Procedure } from "./types.js";

const BY_ACTION: Readonly<Record<string, string>> = {
  "template.ci_yml_get": "yaml",
  "template.dockerfile_get": "dockerfile",
  "template.gitignore_get": "gitignore",
  "template.license_get": "text",
};

const BY_TYPE: Readonly<Record<string, string>> = {
  gitlab_ci_ymls: "yaml",
  dockerfiles: "dockerfile",
  gitignores: "gitignore",
  licenses: "text",
  issues: "markdown",
  merge_requests: "markdown",
};

/** Info string of a template's fence. */
export function templateLanguage(actionId: string, type: unknown): string {
  return BY_ACTION[actionId] ?? BY_TYPE[String(type)] ?? "text";
}

export const templateContent: Procedure = async ({ action, params, ctx, call, object, steps }) => {
  const answer = await ctx.client.rest(call);
  const body = answer.body && typeof answer.body === "object" ? { ...(answer.body as Record<string, unknown>) } : {};
  let content = typeof body.content === "string" ? body.content : "";
  const inline = Math.max(1024, ctx.maxResponseBytes - 4096);
  let cut = false;
  if (Buffer.byteLength(content) > inline) {
    content = Buffer.from(content).subarray(0, inline).toString("utf8").replace(/\uFFFD$/, "");
    body.content = content;
    body.truncated = true;
    cut = true;
  }
  const out = object(body, answer.size);
  if (out.kind !== "success") return out;
  const longest = Math.max(2, ...[...content.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = "`".repeat(longest + 1);
  const block = `${fence}${templateLanguage(action.id, params.type)}\n${content.replace(/\n$/, "")}\n${fence}${cut ? `\n\n⚠️ Truncated: showing the first ${Buffer.byteLength(content)} bytes of the template.` : ""}`;
  const tail = nextStepsSection(steps());
  const head = tail !== "" && out.markdown.endsWith(tail) ? out.markdown.slice(0, -tail.length) : out.markdown;
  return { ...out, markdown: `${head}\n\n${block}${tail !== "" && out.markdown.endsWith(tail) ? tail : ""}` };
};
