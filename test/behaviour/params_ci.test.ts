import { runBehaviourTable } from "../helpers/behaviour.js";
import { table } from "./params_ci.cases.js";

runBehaviourTable(table);
