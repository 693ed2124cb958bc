// Secrets (issue 10): the CI/CD variable actions answer through this procedure, which withholds the
// value of every masked or hidden variable before anything is written, so it appears neither in the
// Markdown nor in structuredContent nor in an embedded resource (all three are made from what this
// hands the writer). The one exception is a get called with reveal: true, which shows that one masked
// variable's value. GitLab never returns a hidden variable's value at all; a create or update answer
// never repeats a masked value, even when asked to reveal (there is no reveal there).
import { GitLabHttpError } from "../gitlab/errors.js";
import { restPage } from "../gitlab/pagination.js";
import type { RestAnswer } from "../gitlab/client.js";
import type { Procedure } from "./types.js";

type Variable = Record<string, unknown>;

/** The get of the same scope (ci_variable.group_list -> ci_variable.group_get). */
function getOf(actionId: string): string {
  return actionId.replace(/\.(group_|instance_)?[a-z]+$/, (_, scope: string | undefined) => `.${scope ?? ""}get`);
}

/** The variable without its value when it must be withheld, with value_withheld saying why. */
function withhold(v: Variable, how: { reveal: boolean; maskedByRequest: boolean; short: boolean; getId: string }): Variable {
  const hidden = v.hidden === true;
  const masked = hidden || v.masked === true || how.maskedByRequest;
  if (!masked || (how.reveal && !hidden)) return v;
  const rest = Object.fromEntries(Object.entries(v).filter(([k]) => k !== "value"));
  const why = hidden ? "hidden" : "masked";
  rest.value_withheld = how.short
    ? why
    : hidden
      ? "Hidden variable: GitLab never returns its value."
      : how.getId === ""
        ? "Masked variable: its value is not repeated here."
        : `Masked variable: call ${how.getId} with reveal: true to see its value.`;
  return rest;
}

export const ciVariableSecret: Procedure = async ({ action, params, ctx, call, list, object }) => {
  let answer: RestAnswer;
  try {
    answer = await ctx.client.rest(call);
  } catch (e) {
    // GitLab's 409 when a key is used in several environment scopes: say which parameter picks one.
    if (!(e instanceof GitLabHttpError && e.status === 409 && typeof params.key === "string" && action.output.kind !== "list")) throw e;
    const text = `${action.id}: several variables have the key "${params.key}", one per environment scope. Pass environment_scope (GitLab's filter[environment_scope]) to pick one.`;
    return { kind: "error", contentKind: action.contentKind, text };
  }
  const getId = getOf(action.id);
  if (action.output.kind === "list") {
    const items = (Array.isArray(answer.body) ? (answer.body as Variable[]) : []).map((v) => withhold(v, { reveal: false, maskedByRequest: false, short: true, getId }));
    const page = restPage(answer.headers, items.length, { page: params.page as number | undefined, per_page: params.per_page as number | undefined });
    return list(items, page);
  }
  const isGet = action.id === getId;
  const body = (answer.body && typeof answer.body === "object" ? answer.body : {}) as Variable;
  return object(
    withhold(body, {
      reveal: isGet && params.reveal === true,
      // A write asked to mask: withhold even if GitLab's answer did not say masked.
      maskedByRequest: !isGet && (params.masked === true || params.masked_and_hidden === true),
      short: false,
      getId: isGet ? getId : "",
    }),
  );
};
