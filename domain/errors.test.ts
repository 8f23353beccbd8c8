import { describe, it, expect } from "vitest";
import {
  AppError,
  STATUS_BY_CODE,
  conflict,
  errorBody,
  forbidden,
  isAppError,
  notFound,
  tooManyRequests,
  unauthorized,
  validationError,
  withDetails,
} from "./errors";
import { MESSAGES } from "./messages";
import { QueryFaultErrorResponseSchema, StaleReplyErrorResponseSchema } from "./schemas/errors";

describe("AppError", () => {
  it("carries code, status and fields", () => {
    const e = new AppError("validation", "bad", { name: ["x"] });
    expect(e).toBeInstanceOf(Error);
    expect(e.status).toBe(422);
    expect(e.code).toBe("validation");
    expect(e.fields).toEqual({ name: ["x"] });
    expect(e.message).toBe("bad");
    expect(Object.values(STATUS_BY_CODE).sort()).toEqual([
      400, 401, 403, 404, 409, 422, 429, 503,
    ]);
  });

  it("has factories with catalogue defaults", () => {
    expect(notFound()).toMatchObject({
      status: 404,
      message: MESSAGES.notFound,
    });
    expect(forbidden()).toMatchObject({
      status: 403,
      message: MESSAGES.forbidden,
    });
    expect(unauthorized()).toMatchObject({
      status: 401,
      message: MESSAGES.unauthorized,
    });
    expect(tooManyRequests()).toMatchObject({
      status: 429,
      message: MESSAGES.tooManyAttempts,
    });
    expect(conflict(MESSAGES.emailTaken)).toMatchObject({
      status: 409,
      message: "Email is already taken!",
    });
  });

  it("derives a validation message from the first field error", () => {
    const e = validationError({ name: [MESSAGES.nameTaken] });
    expect(e.status).toBe(422);
    expect(e.message).toBe("name This name is already taken.");
    expect(validationError({ name: ["x"] }, "Custom").message).toBe("Custom");
    expect(errorBody(e)).toEqual({
      error_message: e.message,
      errors: { name: [MESSAGES.nameTaken] },
    });
    expect(errorBody(notFound())).toEqual({ error_message: "Not found" });
  });

  it("gives a refusal its schema's details, camelCase inside and snake_case in the body, under the message", () => {
    const stale = withDetails(conflict(MESSAGES.replies.replyStale), StaleReplyErrorResponseSchema, { replyCount: 3 });
    const body = errorBody(stale);
    expect(body).toEqual({ error_message: MESSAGES.replies.replyStale, reply_count: 3 });
    expect(StaleReplyErrorResponseSchema.parse(body)).toEqual(body);

    const fault = withDetails(new AppError("bad_request", "Unclosed quote"), QueryFaultErrorResponseSchema, {
      offset: 4,
      length: 1,
      groupIndex: 1,
      valueIndex: 0,
    });
    expect(QueryFaultErrorResponseSchema.parse(errorBody(fault))).toEqual({
      error_message: "Unclosed quote",
      offset: 4,
      length: 1,
      group_index: 1,
      value_index: 0,
    });
  });

  it("recognises app errors", () => {
    expect(isAppError(notFound())).toBe(true);
    expect(isAppError(new Error("x"))).toBe(false);
    expect(
      isAppError({
        name: "AppError",
        code: "not_found",
        status: 404,
        message: "m",
      }),
    ).toBe(true);
    expect(
      isAppError({ name: "AppError", code: "nope", status: 404, message: "m" }),
    ).toBe(false);
    expect(isAppError(null)).toBe(false);
  });
});
