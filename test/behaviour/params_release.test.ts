import { runBehaviourTable } from "../helpers/behaviour.js";
import { table } from "./params_release.cases.js";

runBehaviourTable(table);
