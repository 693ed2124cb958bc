import { runBehaviourTable } from "../helpers/behaviour.js";
import { table } from "./snippet.cases.js";

runBehaviourTable(table);
