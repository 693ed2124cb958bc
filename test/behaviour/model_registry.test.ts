import { runBehaviourTable } from "../helpers/behaviour.js";
import { table } from "./model_registry.cases.js";

runBehaviourTable(table);
