import { runBehaviourTable } from "../helpers/behaviour.js";
import { table } from "./repository_commits.cases.js";

runBehaviourTable(table);
