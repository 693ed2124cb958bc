import { runBehaviourTable } from "../helpers/behaviour.js";
import { table } from "./not_modified.cases.js";

runBehaviourTable(table);
