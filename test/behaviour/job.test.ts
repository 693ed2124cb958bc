import { runBehaviourTable } from "../helpers/behaviour.js";
import { table } from "./job.cases.js";

runBehaviourTable(table);
