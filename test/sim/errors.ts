// Error answers shaped as GitLab's Grape layer renders them.
//
// - API::Helpers#render_api_error! -> {"message": ...} (lib/api/helpers.rb)
// - Grape exceptions (validation, unknown route, 405) -> {"error": ...}
// - ActiveRecord::RecordNotFound (find_by!) -> {"message": "404 Not found"} (lib/api/api.rb)

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body === "string" ? body : JSON.stringify(body));
  }
}

export const messageError = (status: number, message: unknown): ApiError => new ApiError(status, { message });
export const grapeError = (status: number, error: string): ApiError => new ApiError(status, { error });

/** not_found!(resource): "404 Project Not Found", "404 Branch Not Found", or "404 Not Found". */
export const notFound = (resource?: string): ApiError =>
  messageError(404, resource ? `404 ${resource} Not Found` : "404 Not Found");
/** find_by! on an ActiveRecord relation. */
export const recordNotFound = (): ApiError => messageError(404, "404 Not found");
export const unauthorized = (): ApiError => messageError(401, "401 Unauthorized");
export const forbidden = (reason?: string): ApiError =>
  messageError(403, reason ? `403 Forbidden - ${reason}` : "403 Forbidden");
export const conflict = (message: string): ApiError => messageError(409, message);
/** Grape's catch-all `route :any, '*path'` in API::API. */
export const routeNotFound = (): ApiError => grapeError(404, "404 Not Found");
export const methodNotAllowed = (allow: string[]): ApiError =>
  new ApiError(405, { error: "405 Not Allowed" }, { allow: allow.join(", ") });
/** Grape::Exceptions::ValidationErrors: every message joined with ", ". */
export const validationError = (messages: string[]): ApiError => grapeError(400, messages.join(", "));

export const REASONS: Record<number, string> = {
  200: "OK",
  201: "Created",
  202: "Accepted",
  204: "No Content",
  400: "Bad request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  409: "Conflict",
  412: "Precondition Failed",
  422: "Unprocessable Entity",
  429: "Too Many Requests",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
};

/** Body GitLab sends for a bare status (render_api_error!("<code> <reason>")). */
export function defaultStatusBody(status: number): { message: string } {
  return { message: `${status} ${REASONS[status] ?? "Error"}` };
}
