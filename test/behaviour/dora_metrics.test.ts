import { runBehaviourTable } from "../helpers/behaviour.js";
import { table } from "./dora_metrics.cases.js";

runBehaviourTable(table);
