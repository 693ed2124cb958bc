import { runBehaviourTable } from "../helpers/behaviour.js";
import { table } from "./external_status_check.cases.js";

runBehaviourTable(table);
