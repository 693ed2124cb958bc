import { runBehaviourTable } from "../helpers/behaviour.js";
import { table } from "./storage_move.cases.js";

runBehaviourTable(table);
