import { createRoute } from "@hono/zod-openapi";
import type * as z from "zod";
import {
  EmailReportFormSchema,
  EmailReportListResponseSchema,
  EmailReportResponseSchema,
  MailerResponseSchema,
  MailerSchema,
} from "../../../domain/schemas/email-reports";
import { errorResponses, IdParamSchema, json } from "../../lib/schemas";

const body = <T extends z.ZodType>(schema: T) => ({ content: { "application/json": { schema } }, required: true });
const tags = ["email reports"];
const refusals = { 401: errorResponses[401], 403: errorResponses[403] };

export const listEmailReportsRoute = createRoute({
  method: "get",
  path: "/v1/admin/emails",
  tags,
  summary: "The business profile's e-mail reports, each with its next due time and newest run (admin)",
  responses: { 200: json(EmailReportListResponseSchema, "E-mail reports"), ...refusals },
});

export const createEmailReportRoute = createRoute({
  method: "post",
  path: "/v1/admin/emails",
  tags,
  summary: "Schedule an e-mail report: sent on its days (mail_frequency, 0 Sunday … 6 Saturday) at deliver_hour in the profile's zone (admin)",
  request: { body: body(EmailReportFormSchema) },
  responses: { 201: json(EmailReportResponseSchema, "Created"), ...refusals, 404: errorResponses[404], 422: errorResponses[422] },
});

export const updateEmailReportRoute = createRoute({
  method: "patch",
  path: "/v1/admin/emails/{id}",
  tags,
  summary: "Edit an e-mail report (the same fields as create); its schedule is recomputed (admin)",
  request: { params: IdParamSchema, body: body(EmailReportFormSchema) },
  responses: { 200: json(EmailReportResponseSchema, "Updated"), ...refusals, 404: errorResponses[404], 422: errorResponses[422] },
});

export const deleteEmailReportRoute = createRoute({
  method: "delete",
  path: "/v1/admin/emails/{id}",
  tags,
  summary: "Delete an e-mail report and its runs (admin)",
  request: { params: IdParamSchema },
  responses: { 204: { description: "Deleted" }, ...refusals, 404: errorResponses[404] },
});

export const mailerRoute = createRoute({
  method: "post",
  path: "/v1/admin/mailers",
  tags,
  summary: "A report's mailer: reset recomputes its next due time; send_me sends one copy now to the caller only (admin)",
  request: { body: body(MailerSchema) },
  responses: { 200: json(MailerResponseSchema, "The report's schedule and the copy sent"), ...refusals, 404: errorResponses[404], 422: errorResponses[422] },
});
