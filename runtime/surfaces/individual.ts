// The individual surface (§2.4): one tool per action, `gitlab_<domain>_<action>`, with the action's own
// closed input schema and output schema, dispatching to the same executeAction.
import type { Tool } from "@modelcontextprotocol/server";
import { inputSchemas, listedOutputSchemas } from "../../generated/index.js";
import { individualToolName } from "../catalog/index.js";
import type { SessionView } from "../policy/view.js";
import { executeAction } from "../execute.js";
import { confirmRefusal } from "../policy/gates.js";
import { actionHints, withheldOutcome, type Surface } from "./types.js";

const CONFIRM = { type: "boolean", description: "True to run this destructive action, only after the user explicitly approved it." };

/** How a canonical ID maps to a call on this surface (SUR-4). */
export const INDIVIDUAL_INSTRUCTIONS =
  "This server exposes GitLab with one tool per action. Next steps in results name actions by canonical ID (domain.action): " +
  "call the tool gitlab_<domain>_<action>, for example branch.get is gitlab_branch_get.";

/** The individual surface over a session view. */
export function individualSurface(view: SessionView): Surface {
  const catalog = view.routable;
  const tools: Tool[] = catalog.actions.map((a) => {
    const schema = inputSchemas[a.id] as { properties: Record<string, unknown> };
    const inputSchema = a.classification === "destructive" ? { ...schema, properties: { ...schema.properties, confirm: CONFIRM } } : schema;
    return {
      name: individualToolName(a),
      title: a.title,
      description: a.description,
      inputSchema: inputSchema as Tool["inputSchema"],
      // The top level of the action's own output schema; the full one is at gitlab://tools/{id} (FMT-14).
      outputSchema: listedOutputSchemas[a.id] as Tool["outputSchema"],
      // The title is the tool's own `title`; repeating it in annotations would only add bytes.
      annotations: actionHints(a),
    };
  });
  return {
    name: "individual",
    tools,
    instructions: INDIVIDUAL_INSTRUCTIONS,
    call(name, args, ctx) {
      // A read the grant may reach through a public project runs though it is not listed (SAF-34).
      const hidden = view.full.byToolName.get(name);
      const action = catalog.byToolName.get(name) ?? (hidden && view.unlisted.has(hidden.id) ? hidden : undefined);
      if (!action) {
        // The derived name of a withheld action gets the withheld sentence, not unknown tool (IND-3).
        const withheld = hidden && withheldOutcome(view, hidden, "", ctx);
        return withheld ? Promise.resolve(withheld) : undefined;
      }
      const params = { ...args };
      const confirm = action.classification === "destructive" && params.confirm === true;
      if (action.classification === "destructive") delete params.confirm;
      return executeAction(action, params, {
        origin: name,
        openAliases: false,
        confirm,
        destructiveRefusal: confirmRefusal(name),
        mayElicit: true,
        previewName: name,
        previewIsError: true,
      }, ctx);
    },
  };
}
