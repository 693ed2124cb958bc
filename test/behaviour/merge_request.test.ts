import { runBehaviourTable } from "../helpers/behaviour.js";
import { table } from "./merge_request.cases.js";

runBehaviourTable(table);
