import { runBehaviourTable } from "../helpers/behaviour.js";
import { table } from "./runner.cases.js";

runBehaviourTable(table);
