// executeAction: the one dispatch path every surface calls (STYLE rule 19). It validates, applies the
// destructive gate, sends the request the catalog record describes, and writes the result with the one
// writer. No surface has handler code of its own.
import { parseTemplate } from "url-template";
import type { ActionRecord, ColumnRecord, FormatterRecord, GraphqlRequest, NotFoundRecord, RestRequest } from "./catalog/types.js";
import { actionCode } from "./catalog/index.js";
import { errorText, GitLabGraphqlError, GitLabHttpError, granularErrorText } from "./gitlab/errors.js";
import { isGranularRefusal } from "./policy/credential.js";
import { classicUnderGranularAdvice, fineGrainedSentence, granularAdvice, WRITE_NULL, WRITE_NULL_STEP, NOTE_EMPTY_LIST, NOTE_NULL, partsNote, targetMissing } from "./policy/fineGrained.js";
import { cursorPage, restPage } from "./gitlab/pagination.js";
import { card, fillHeading, nextStepsSection, nextStepText, notFoundCard, SUCCESS_LINE, SUCCESS_MESSAGE, table } from "./markdown/writer.js";
import { withPreview } from "./procedures/previews.js";
import { confirmationMessage, findQuickAction, quickActionRefusal, safeModePreview, withoutEchoedSecrets, withoutSecrets } from "./policy/gates.js";
import { fitObject, fitRows, notice, overBudget, textNotice, type ObjectRender, type Render, type TextTruncation, type Truncation } from "./budget.js";
import type { Outcome } from "./result.js";
import { prepareParams } from "./validate.js";
import { applyWebLink } from "./links.js";
import { PROCEDURES } from "./procedures/index.js";
import type { CallFrame, ExecContext } from "./context.js";

export type { CallFrame, ExecContext };
import type { RestCall } from "./gitlab/client.js";
import { decodeOnce, pathSegment } from "./gitlab/route.js";
import { expectList, expectObject } from "./answer.js";
import { isNotModified, notModifiedOutcome } from "./notModified.js";

/** The wire text of a declined or cancelled confirmation (SAF-14). */
export const CANCELED = "Operation canceled by user.";

/**
 * Validates, gates and runs one routable action, in the order of SAF-43: validate (after filling params
 * from a pasted web address), quick-action guard,
 * safe-mode preview, destructive confirmation, execute. Never throws: every failure is an Outcome (ERR-1).
 */
export async function executeAction(action: ActionRecord, input: Record<string, unknown>, frame: CallFrame, ctx: ExecContext): Promise<Outcome> {
  const refuse = (refusalClass: string, text: string): Outcome => {
    ctx.log.info("call refused", { action: action.id, refusal_class: refusalClass });
    return { kind: "refusal", text };
  };
  const { validate, format } = await actionCode(action, ctx.log);
  const linked = applyWebLink(action, input, ctx.instanceUrl, frame.origin);
  if (!linked.ok) return refuse("validation", linked.message);
  const prepared = prepareParams(action, validate, linked.input, frame.origin, frame.openAliases);
  if (!prepared.ok) return refuse("validation", prepared.message);
  const params = prepared.params;
  const quick = ctx.allowQuickActions ? undefined : findQuickAction(action, params);
  if (quick) return refuse("quick_action", quickActionRefusal(frame.origin, quick));
  // SAF-43: a write aimed at a project the grant does not name, before any preview or confirmation.
  const aimedElsewhere = ctx.fineGrained ? targetMissing(action, ctx.fineGrained, params) : [];
  if (aimedElsewhere.length > 0) return refuse("fine_grained", `${frame.withheldPrefix ?? ""}${fineGrainedSentence(action, { kind: "missing", needs: aimedElsewhere })}`);
  if (ctx.safeMode && action.classification !== "read") {
    ctx.log.info("call refused", { action: action.id, refusal_class: "safe_mode" });
    const req = action.request;
    const preview = await withPreview(req.kind === "rest" ? req.procedure : undefined, safeModePreview(frame.previewName, withoutSecrets(action, params)), () => ({ action, params, ctx, call: restCall(action, req as RestRequest, params, ctx) }));
    return frame.previewIsError ? { kind: "refusal", text: preview.markdown } : { kind: "success", contentKind: "mutate", ...preview };
  }
  if (action.classification === "destructive" && !ctx.yolo && !frame.confirm) {
    const answer = frame.mayElicit ? await ctx.elicit(confirmationMessage(action, params)) : "unavailable";
    if (answer === "decline" || answer === "cancel") return refuse("confirmation", CANCELED);
    if (answer !== "accept") return refuse("confirmation", frame.destructiveRefusal);
  }
  try {
    const outcome =
      action.request.kind === "graphql"
        ? await runGraphql(action, action.request, params, format, ctx)
        : action.request.procedure
          ? await runProcedure(action, action.request, params, format, ctx)
          : await runRest(action, action.request, params, format, ctx);
    if (outcome.kind === "success" && action.resourceTemplate && ctx.embeddedResources) return withResource(action.resourceTemplate, params, outcome);
    return outcome;
  } catch (e) {
    if (isGranularRefusal(e)) {
      // SAF-40: GitLab's words and advice, never the role hints. A classic token meets this code only
      // under a top-level group that admits fine-grained tokens alone.
      ctx.log.info("GitLab refused the token for want of a fine-grained permission", { action: action.id, refusal_class: "fine_grained" });
      const advice = ctx.fineGrained ? granularAdvice(action, ctx.fineGrained) : classicUnderGranularAdvice(action);
      return { kind: "error", text: `${granularErrorText(action.id, e as GitLabHttpError | GitLabGraphqlError, !ctx.fineGrained)} ${advice}`, contentKind: action.contentKind };
    }
    if (e instanceof GitLabHttpError && e.status === 404 && format.notFound) return notFound(action, format.notFound, params, ctx, { status: 404 });
    if (isNotModified(action, e)) {
      const showPath = action.notModified.show && expandPath(action.notModified.show, params);
      return await notModifiedOutcome(action, { client: ctx.client, signal: ctx.signal, showPath, object: (obj, size) => objectOutcome(action, format, obj, ctx, size) });
    }
    const text = errorText(action.id, e, action.classification !== "read");
    if (text.endsWith(": unexpected error")) ctx.log.error("unexpected error", { action: action.id, stack: e instanceof Error ? e.stack : String(e) });
    else ctx.log.warn("GitLab call failed", { action: action.id, status: e instanceof GitLabHttpError ? e.status : undefined, request_id: e instanceof GitLabHttpError ? e.headers.get("x-request-id") : undefined });
    return { kind: "error", text, contentKind: action.contentKind };
  }
}

/** The not-found card of a get (FMT-12): logged at INFO, since a miss is an answer and not a failure. */
function notFound(action: ActionRecord, nf: NotFoundRecord, params: Record<string, unknown>, ctx: ExecContext, why: Record<string, unknown>): Outcome {
  ctx.log.info("not found", { action: action.id, ...why });
  return { kind: "not_found", text: notFoundCard(nf, decodedParams(params), steps(nf.hints, ctx)) };
}

function steps(list: FormatterRecord["nextSteps"], ctx: ExecContext): string[] {
  return list.filter((s) => !s.action || ctx.routable(s.action)).map(nextStepText);
}

export { decodeOnce };

function decodedParams(params: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(params).map(([k, v]) => [k, typeof v === "string" ? decodeOnce(v) : v]));
}

function expandPath(template: string, params: Record<string, unknown>): string {
  return template.replace(/\{([a-z_0-9]+)\}/g, (_, name: string) => pathSegment(params[name]));
}

/** The REST call the catalog record describes: path filled, each parameter under GitLab's name where it goes. */
export function restCall(action: ActionRecord, req: RestRequest, params: Record<string, unknown>, ctx: ExecContext): RestCall {
  const query: Record<string, unknown> = {};
  const body: Record<string, unknown> = {};
  for (const p of action.params) {
    if (params[p.name] === undefined || p.in === "path" || p.in === "local") continue;
    (p.in === "query" ? query : body)[p.gitlabName] = p.asArray ? [params[p.name]] : params[p.name];
  }
  const retry = action.classification === "read" ? "read" : "write";
  return { method: req.method, path: expandPath(req.path, params), query, body, signal: ctx.signal, retry };
}

async function runProcedure(action: ActionRecord, req: RestRequest, params: Record<string, unknown>, format: FormatterRecord, ctx: ExecContext): Promise<Outcome> {
  const procedure = PROCEDURES[req.procedure!];
  if (!procedure) throw new Error(`${action.id}: no runtime procedure named ${req.procedure}`);
  return procedure({
    action,
    params,
    ctx,
    call: restCall(action, req, params, ctx),
    list: (items, page, sourceBytes) => listOutcome(action, format, items, page, ctx, params, sourceBytes),
    object: (obj, sourceBytes) => objectOutcome(action, format, obj, ctx, sourceBytes, [], params),
    notFound: (why) => (format.notFound ? notFound(action, format.notFound, params, ctx, why) : undefined),
    steps: () => steps(format.nextSteps, ctx),
  });
}

async function runRest(action: ActionRecord, req: RestRequest, params: Record<string, unknown>, format: FormatterRecord, ctx: ExecContext): Promise<Outcome> {
  const answer = await ctx.client.rest(restCall(action, req, params, ctx));
  if (action.output.kind === "status") {
    return { kind: "success", contentKind: action.contentKind, markdown: SUCCESS_LINE, structured: { status: "success", message: SUCCESS_MESSAGE } };
  }
  if (action.output.kind === "list") {
    const items = expectList(answer);
    const page = restPage(answer.headers, items.length, { page: params.page as number | undefined, per_page: params.per_page as number | undefined }, req.noTotals === true);
    return listOutcome(action, format, items, page, ctx, params, answer.size);
  }
  if (req.singleFromList) {
    // A list filtered to one item stands for a get: its first item is the object, and an empty list is
    // the 404 a get would have answered (codegen requires not_found for these actions).
    const [first] = expectList(answer);
    if (first === undefined && format.notFound) return notFound(action, format.notFound, params, ctx, { empty_list: true });
    return objectOutcome(action, format, expectObject(action, first, answer), ctx, answer.size);
  }
  // GitLab answers `null` (200) for a one-per-project setting that does not exist yet (push rules).
  if (answer.body === null && format.notFound) return notFound(action, format.notFound, params, ctx, { null_body: true });
  return objectOutcome(action, format, withoutEchoedSecrets(action, expectObject(action, answer.body, answer), params), ctx, answer.size, [], params);
}

async function runGraphql(action: ActionRecord, req: GraphqlRequest, params: Record<string, unknown>, format: FormatterRecord, ctx: ExecContext): Promise<Outcome> {
  const values = { ...params };
  if (req.fullPathFrom && /^\d+$/.test(String(values[req.fullPathFrom]))) {
    // GraphQL finds projects by full path only: resolve a numeric ID through REST first.
    // A group_id names a group (GET /groups/:id answers full_path); anything else a project.
    if (req.fullPathFrom === "group_id") {
      const group = await ctx.client.rest({ method: "GET", path: `/groups/${String(values[req.fullPathFrom])}`, signal: ctx.signal, retry: "read" });
      values[req.fullPathFrom] = (group.body as { full_path?: string }).full_path;
    } else {
      const project = await ctx.client.rest({ method: "GET", path: `/projects/${String(values[req.fullPathFrom])}`, signal: ctx.signal, retry: "read" });
      values[req.fullPathFrom] = (project.body as { path_with_namespace?: string }).path_with_namespace;
    }
  }
  const variables: Record<string, unknown> = {};
  for (const [variable, mapping] of Object.entries(req.variables)) {
    // `param.field` fills an input object's one field (a work item's descriptionWidget.description).
    const [param, field] = mapping.split(".");
    const raw = values[param];
    // Only a path may arrive encoded (group%2Fproject); free text (a title, a description) goes as written.
    const v = typeof raw === "string" && param === req.fullPathFrom ? decodeOnce(raw) : raw;
    if (v !== undefined) variables[variable] = field ? { [field]: v } : v;
  }
  if (req.pagination === "cursor" && variables.first === undefined) variables.first = 20;
  const data = await ctx.client.graphql(req.document, variables, ctx.signal, action.classification === "read" ? "read" : "write");
  // A mutation's payload carries the errors GitLab found in the input (a title too long, a type not
  // allowed here) beside a null result: they are the answer, not an empty object.
  const payload = data?.[req.result.split(".")[0]] as { errors?: unknown } | null | undefined;
  if (/^\s*mutation\b/.test(req.document) && Array.isArray(payload?.errors) && payload.errors.length > 0) throw new GitLabGraphqlError(payload.errors.map(String));
  const result = req.result.split(".").reduce<unknown>((v, k) => (v && typeof v === "object" ? (v as Record<string, unknown>)[k] : undefined), data);
  // SAF-38: GitLab answers a fine-grained token's gaps over GraphQL with silence, so the answer says so.
  const fg = ctx.fineGrained;
  const parts = fg && partsNote(action, fg);
  if (action.output.kind === "list") {
    const conn = (result ?? {}) as { nodes?: unknown[]; pageInfo?: Record<string, unknown> };
    const nodes = conn.nodes ?? [];
    const notes = fg ? [...(nodes.length === 0 ? [NOTE_EMPTY_LIST] : []), ...(parts ? [parts] : [])] : [];
    return listOutcome(action, format, nodes, cursorPage(conn.pageInfo), ctx, params, undefined, notes);
  }
  if ((result === null || result === undefined) && fg && action.classification !== "read") {
    // SAF-39: the mutation ran, and GitLab withheld the object it returns from this token's grant.
    ctx.log.info("GraphQL write answered null for a fine-grained token", { action: action.id });
    return { kind: "error", text: `${action.id}: ${WRITE_NULL}${nextStepsSection([WRITE_NULL_STEP, ...steps(format.nextSteps, ctx)])}`, contentKind: action.contentKind };
  }
  if (result === null || result === undefined) {
    const notes = fg ? [NOTE_NULL] : [];
    if (format.notFound) return { kind: "not_found", text: notFoundCard(format.notFound, decodedParams(params), [...steps(format.notFound.hints, ctx), ...notes]) };
  }
  return objectOutcome(action, format, expectObject(action, result, { status: 200, headers: { get: () => "application/json" } }), ctx, undefined, parts ? [parts] : []);
}

function listOutcome(
  action: ActionRecord,
  format: FormatterRecord,
  items: unknown[],
  page: ReturnType<typeof restPage>,
  ctx: ExecContext,
  params: Record<string, unknown>,
  sourceBytes?: number,
  notes: readonly string[] = [],
): Outcome {
  const p = format.present;
  const write = (shown: readonly unknown[], truncation: Truncation | TextTruncation | undefined) => {
    const cut = truncation && (truncation.unit === "items" ? notice(truncation) : { line: textNotice(truncation), step: `Use action '${action.id}' with a smaller per_page, or get the item itself, to read its long fields` });
    const written = table(p.title!, p.empty!, shown, p.columns!, page, steps(format.nextSteps, ctx), p.details, cut, notes);
    const structured: Record<string, unknown> = { next_steps: written.steps, [action.output.key!]: shown, pagination: page.pagination };
    if (truncation) structured.truncation = truncation;
    return { markdown: written.markdown, structured };
  };
  const render: Render = (rows, truncation) => write(items.slice(0, rows), truncation);
  // GraphQL lists page by cursor: a cut there cannot be resumed by page numbers, so it is not cut.
  const rest = "per_page" in page.pagination ? page.pagination : undefined;
  let fitted = rest ? fitRows(render, items.length, ctx.maxResponseBytes, action.id, rest.page, rest.per_page, params, sourceBytes) : render(items.length);
  if (overBudget(fitted, ctx.maxResponseBytes, sourceBytes)) {
    // One row alone is over the budget: its longest texts are cut as an object's are (RES-18 step 2).
    const shown = fitted.structured[action.output.key!] as unknown[];
    const rowCut = fitted.structured.truncation as Truncation | undefined;
    fitted = fitObject((o, t) => write(o.rows as unknown[], rowCut ?? t), { rows: shown }, ctx.maxResponseBytes);
  }
  return { kind: "success", contentKind: action.contentKind, ...fitted };
}

function objectOutcome(action: ActionRecord, format: FormatterRecord, obj: unknown, ctx: ExecContext, sourceBytes?: number, notes: readonly string[] = [], params?: Record<string, unknown>): Outcome {
  const fields = obj && typeof obj === "object" && !Array.isArray(obj) ? (obj as Record<string, unknown>) : {};
  const rows = format.present.changed && params ? changedRows(action, format.present.fields!, params) : format.present.fields!;
  const next = [...steps(format.nextSteps, ctx), ...notes];
  // The object's own fields, next_steps first (FMT-2a); a GitLab field of that name cannot displace ours.
  const render: ObjectRender = (o, truncation) => ({
    markdown: card(fillHeading(format.present.heading!, o), o, rows, next, truncation && textNotice(truncation)),
    structured: { next_steps: next, ...Object.fromEntries(Object.entries(o).filter(([k]) => k !== "next_steps")), ...(truncation ? { truncation } : {}) },
  });
  return { kind: "success", contentKind: action.contentKind, ...fitObject(render, fields, ctx.maxResponseBytes, sourceBytes) };
}

/**
 * The rows of a settings write's card (present.changed): the declared rows whose field a sent param
 * names, then a row for each other sent param, labelled by our name, with the value GitLab now holds.
 */
function changedRows(action: ActionRecord, declared: readonly ColumnRecord[], params: Record<string, unknown>): ColumnRecord[] {
  const sent = action.params.filter((p) => params[p.name] !== undefined && (p.in === "body" || p.in === "query"));
  const root = (field: string) => field.split(".")[0];
  const names = new Set(sent.flatMap((p) => [p.name, p.gitlabName]));
  const kept = declared.filter((c) => names.has(root(c.field)));
  const covered = new Set(kept.map((c) => root(c.field)));
  const extra = sent.filter((p) => !covered.has(p.gitlabName) && !covered.has(p.name)).map((p): ColumnRecord => ({ label: p.name, field: p.gitlabName, as: p.type === "boolean" ? "bool" : p.type === "role" ? "role" : p.type === "array" ? "list" : "text" }));
  return [...kept, ...extra];
}

function withResource(template: string, params: Record<string, unknown>, outcome: Extract<Outcome, { kind: "success" }>): Outcome {
  const vars = [...template.matchAll(/\{([a-z_0-9]+)\}/g)].map((m) => m[1]);
  if (vars.some((v) => params[v] === undefined)) return outcome;
  const uri = parseTemplate(template).expand(decodedParams(params) as Record<string, string>);
  return { ...outcome, resource: { uri, text: JSON.stringify(outcome.structured) } };
}
