import { runBehaviourTable } from "../helpers/behaviour.js";
import { table } from "./geo.cases.js";
import { table as refusals, withoutAdminMode } from "./runner_admin_refusals.cases.js";

runBehaviourTable(table);
runBehaviourTable(refusals);
runBehaviourTable(withoutAdminMode);
