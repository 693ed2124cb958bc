import { runBehaviourTable } from "../helpers/behaviour.js";
import { table } from "./job_artifacts.cases.js";

runBehaviourTable(table);
