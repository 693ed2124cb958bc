import { runBehaviourTable } from "../helpers/behaviour.js";
import { table } from "./pipeline_schedules.cases.js";

runBehaviourTable(table);
