import { MESSAGES } from "../../domain/messages";
import { ApiError } from "./api.server";

/** A record's id from the URL, or the route's 404 (an id of another tenant is a 404 at the API too). */
export function recordIdOr404(param: string | undefined): number {
  const id = Number(param);
  if (!/^\d{1,9}$/.test(param ?? "") || id < 1) throw new Response(MESSAGES.notFound, { status: 404 });
  return id;
}

/** The API's 404 becomes the route's 404 (rendered by its ErrorBoundary). */
export async function orNotFound<T>(promise: Promise<T>): Promise<T> {
  try {
    return await promise;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw new Response(MESSAGES.notFound, { status: 404 });
    throw error;
  }
}
