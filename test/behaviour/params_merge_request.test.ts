import { runBehaviourTable } from "../helpers/behaviour.js";
import { table } from "./params_merge_request.cases.js";

runBehaviourTable(table);
