import { runBehaviourTable } from "../helpers/behaviour.js";
import { table } from "./merge_train.cases.js";

runBehaviourTable(table);
