// Merge trains API (doc/api/merge_trains.md, Premium): the cars of a project's trains, one per merge
// request added, each testing the merge request on top of the cars ahead of it.
//
// - lists are offset-paginated, sorted by car id, desc unless sort=asc; scope active keeps cars still
//   waiting (idle, stale, fresh), complete the finished ones (merging, merged, skip_merged);
// - a merge request with no car answers 404 {"message":"404 Merge Train Not Found"};
// - adding answers the cars of the target branch's train: 201 when added now, 202 with auto_merge
//   (added once its checks pass, so not on the train yet); a merge request that is not open, is a draft
//   or has conflicts is 400 {"message":"..."}, one already on the train 400, a stale sha 409;
// - the merge requests are the tracker's (read only); the car's merge request is GitLab's short form.
import { messageError, validationError } from "./errors.js";
import { paginateOffset } from "./pagination.js";
import { declare, PAGINATION_PARAMS } from "./params.js";
import { authorizeWrite, currentUserId, projectWebUrl, userProject } from "./projectAccess.js";
import { linkContext, type RestContext, type RestResult, type Router } from "./router.js";
import { jsonTime, type SimProject, type SimState } from "./state.js";
import type { SimMergeRequest } from "./tracker.js";
import { presentPipeline, presentUser } from "./trackerEntities.js";

type Json = Record<string, unknown>;

const ACTIVE = ["idle", "stale", "fresh"];
const COMPLETE = ["merging", "merged", "skip_merged"];

interface SimCar {
  id: number;
  mrIid: number;
  userId: number;
  pipelineId: number | null;
  target_branch: string;
  status: string;
  created_at: string;
  updated_at: string;
  merged_at: string | null;
  duration: number | null;
}

const trains = new WeakMap<SimProject, SimCar[]>();
const carIds = new WeakMap<SimState, number>();

function carsOf(project: SimProject): SimCar[] {
  let list = trains.get(project);
  if (!list) {
    list = [];
    trains.set(project, list);
  }
  return list;
}

function nextCarId(state: SimState): number {
  const id = (carIds.get(state) ?? 200) + 1;
  carIds.set(state, id);
  return id;
}

export interface MergeTrainCarSeed {
  merge_request_iid: number;
  status?: string;
  user?: string;
  pipeline_id?: number;
  created_at?: string;
  merged_at?: string;
  duration?: number;
}

/** Seeds a car for a seeded merge request (GitLabSimulator.addMergeTrainCar). */
export function seedMergeTrainCar(state: SimState, project: SimProject, seed: MergeTrainCarSeed): void {
  const mr = state.tracker.of(project).mergeRequests.get(seed.merge_request_iid);
  if (!mr) throw new Error(`GitLabSimulator: no merge request !${seed.merge_request_iid} in ${project.path_with_namespace}`);
  const at = seed.created_at ?? jsonTime(state.nextSeedTime());
  carsOf(project).push({
    id: nextCarId(state),
    mrIid: mr.iid,
    userId: seed.user === undefined ? 1 : state.userNamed(seed.user).id,
    pipelineId: seed.pipeline_id ?? null,
    target_branch: mr.target_branch,
    status: seed.status ?? "idle",
    created_at: at,
    updated_at: seed.merged_at ?? at,
    merged_at: seed.merged_at ?? null,
    duration: seed.duration ?? null,
  });
}

function presentCar(ctx: RestContext, project: SimProject, car: SimCar): Json {
  const ext = ctx.options.externalUrl;
  const mr = ctx.state.tracker.of(project).mergeRequests.get(car.mrIid)!;
  const pipeline = car.pipelineId === null ? undefined : ctx.state.tracker.of(project).pipelines.find((p) => p.id === car.pipelineId);
  return {
    id: car.id,
    merge_request: {
      id: mr.id,
      iid: mr.iid,
      project_id: project.id,
      title: mr.title,
      description: mr.description,
      state: mr.state,
      created_at: mr.created_at,
      updated_at: mr.updated_at,
      web_url: `${projectWebUrl(ext, project)}/-/merge_requests/${mr.iid}`,
    },
    user: presentUser(ctx.state, car.userId, ext),
    pipeline: pipeline ? presentPipeline(project, pipeline, ext) : null,
    created_at: car.created_at,
    updated_at: car.updated_at,
    target_branch: car.target_branch,
    status: car.status,
    merged_at: car.merged_at,
    duration: car.duration,
  };
}

function listCars(ctx: RestContext, project: SimProject, filter: (c: SimCar) => boolean): RestResult {
  const p = declare(ctx.params, [
    { name: "scope", type: "string", values: ["active", "complete"] },
    { name: "sort", type: "string", values: ["asc", "desc"], default: "desc" },
    ...PAGINATION_PARAMS,
  ]);
  const statuses = p.scope === "active" ? ACTIVE : p.scope === "complete" ? COMPLETE : undefined;
  const all = carsOf(project)
    .filter(filter)
    .filter((c) => !statuses || statuses.includes(c.status))
    .sort((a, b) => (p.sort === "asc" ? a.id - b.id : b.id - a.id));
  const page = paginateOffset(all, p.page as number, p.per_page as number, linkContext(ctx, p), ctx.options.totalsLimit);
  return { status: 200, body: page.items.map((c) => presentCar(ctx, project, c)), headers: page.headers };
}

function listProject(ctx: RestContext): RestResult {
  return listCars(ctx, userProject(ctx), () => true);
}

function listBranch(ctx: RestContext): RestResult {
  const branch = ctx.route.target_branch;
  return listCars(ctx, userProject(ctx), (c) => c.target_branch === branch);
}

function findMergeRequest(ctx: RestContext, project: SimProject): SimMergeRequest {
  if (!/^\d+$/.test(ctx.route.merge_request_iid)) throw validationError(["merge_request_iid is invalid"]);
  const mr = ctx.state.tracker.of(project).mergeRequests.get(Number(ctx.route.merge_request_iid));
  if (!mr) throw messageError(404, "404 Merge Request Not Found");
  return mr;
}

function showCar(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const mr = findMergeRequest(ctx, project);
  const car = [...carsOf(project)].reverse().find((c) => c.mrIid === mr.iid);
  if (!car) throw messageError(404, "404 Merge Train Not Found");
  return { status: 200, body: presentCar(ctx, project, car) };
}

function addCar(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const mr = findMergeRequest(ctx, project);
  const p = declare(ctx.params, [
    { name: "auto_merge", type: "boolean" },
    { name: "sha", type: "string" },
    { name: "squash", type: "boolean" },
    { name: "when_pipeline_succeeds", type: "boolean" },
  ]);
  authorizeWrite(ctx);
  const cars = carsOf(project);
  if (cars.some((c) => c.mrIid === mr.iid && ACTIVE.includes(c.status))) throw messageError(400, "The merge request is already on the merge train");
  if (mr.state !== "opened" || mr.draft || mr.has_conflicts) throw messageError(400, "The merge request is not mergeable");
  if (typeof p.sha === "string" && p.sha !== mr.sha) throw messageError(409, `SHA does not match HEAD of source branch: ${mr.sha}`);
  const later = p.auto_merge === true || p.when_pipeline_succeeds === true;
  if (!later) {
    const now = jsonTime(ctx.state.now());
    cars.push({ id: nextCarId(ctx.state), mrIid: mr.iid, userId: currentUserId(ctx), pipelineId: null, target_branch: mr.target_branch, status: "idle", created_at: now, updated_at: now, merged_at: null, duration: null });
  }
  const train = cars.filter((c) => c.target_branch === mr.target_branch && ACTIVE.includes(c.status)).sort((a, b) => b.id - a.id);
  return { status: later ? 202 : 201, body: train.map((c) => presentCar(ctx, project, c)) };
}

export function registerMergeTrainRoutes(router: Router): void {
  router.add("GET", "/projects/:id/merge_trains", listProject);
  router.add("GET", "/projects/:id/merge_trains/merge_requests/:merge_request_iid", showCar);
  router.add("POST", "/projects/:id/merge_trains/merge_requests/:merge_request_iid", addCar);
  router.add("GET", "/projects/:id/merge_trains/:target_branch", listBranch);
}
