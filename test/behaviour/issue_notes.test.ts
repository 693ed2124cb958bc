import { runBehaviourTable } from "../helpers/behaviour.js";
import { table } from "./issue_notes.cases.js";

runBehaviourTable(table);
