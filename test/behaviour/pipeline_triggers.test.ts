import { runBehaviourTable } from "../helpers/behaviour.js";
import { table } from "./pipeline_triggers.cases.js";

runBehaviourTable(table);
