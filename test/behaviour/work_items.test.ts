import { runBehaviourTable } from "../helpers/behaviour.js";
import { table } from "./work_items.cases.js";

runBehaviourTable(table);
