import { runBehaviourTable } from "../helpers/behaviour.js";
import { table } from "./group_content.cases.js";

runBehaviourTable(table);
