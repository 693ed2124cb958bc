import { runBehaviourTable } from "../helpers/behaviour.js";
import { table } from "./job_trace.cases.js";

runBehaviourTable(table);
