import { runBehaviourTable } from "../helpers/behaviour.js";
import { table } from "./project_content.cases.js";

runBehaviourTable(table);
