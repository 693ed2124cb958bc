import { runBehaviourTable } from "../helpers/behaviour.js";
import { noAdminMode, notAdmin, table } from "./admin_operations.cases.js";

runBehaviourTable(table);
runBehaviourTable(noAdminMode);
runBehaviourTable(notAdmin);
