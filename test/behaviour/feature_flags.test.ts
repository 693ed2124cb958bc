import { runBehaviourTable } from "../helpers/behaviour.js";
import { table } from "./feature_flags.cases.js";

runBehaviourTable(table);
