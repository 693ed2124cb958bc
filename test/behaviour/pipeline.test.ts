import { runBehaviourTable } from "../helpers/behaviour.js";
import { table } from "./pipeline.cases.js";

runBehaviourTable(table);
