import { runBehaviourTable } from "../helpers/behaviour.js";
import { table } from "./repository_files.cases.js";

runBehaviourTable(table);
