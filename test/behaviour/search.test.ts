import { runBehaviourTable } from "../helpers/behaviour.js";
import { table } from "./search.cases.js";

runBehaviourTable(table);
