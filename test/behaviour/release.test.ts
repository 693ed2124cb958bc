import { runBehaviourTable } from "../helpers/behaviour.js";
import { table } from "./release.cases.js";

runBehaviourTable(table);
