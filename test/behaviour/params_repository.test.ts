import { runBehaviourTable } from "../helpers/behaviour.js";
import { table } from "./params_repository.cases.js";

runBehaviourTable(table);
