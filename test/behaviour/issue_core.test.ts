import { runBehaviourTable } from "../helpers/behaviour.js";
import { table } from "./issue_core.cases.js";

runBehaviourTable(table);
