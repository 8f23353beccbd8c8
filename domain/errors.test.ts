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
} from "./errors";
import { MESSAGES } from "./messages";

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
