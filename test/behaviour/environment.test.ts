import { runBehaviourTable } from "../helpers/behaviour.js";
import { table } from "./environment.cases.js";

runBehaviourTable(table);
