import { runBehaviourTable } from "../helpers/behaviour.js";
import { table } from "./merge_request_activity.cases.js";

runBehaviourTable(table);
