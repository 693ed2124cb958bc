import { runBehaviourTable } from "../helpers/behaviour.js";
import { table } from "./issue_core_user.cases.js";

runBehaviourTable(table);
