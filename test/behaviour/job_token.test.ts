import { runBehaviourTable } from "../helpers/behaviour.js";
import { table } from "./job_token.cases.js";

runBehaviourTable(table);
