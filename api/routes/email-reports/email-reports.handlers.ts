import { EmailReportListResponseSchema, EmailReportResponseSchema, MailerResponseSchema } from "../../../domain/schemas/email-reports";
import { createEmailReport, deleteEmailReport, listEmailReports, runMailer, updateEmailReport } from "../../../services/reports/email-reports";
import type { ApiApp } from "../../env";
import { toWire } from "../../lib/case";
import { requireActor } from "../../middleware/auth";
import { ownProfileOnly } from "../statuses/statuses.handlers";
import { createEmailReportRoute, deleteEmailReportRoute, listEmailReportsRoute, mailerRoute, updateEmailReportRoute } from "./email-reports.routes";

/** E-mail reports (spec analytics §7, ADR 039): admin and system admin only; another tenant's report is a 404. */
export function registerEmailReportRoutes(app: ApiApp) {
  app.openapi(listEmailReportsRoute, async (c) =>
    c.json(toWire(EmailReportListResponseSchema, { data: await listEmailReports(c.get("deps"), requireActor(c)) }), 200),
  );

  app.openapi(createEmailReportRoute, async (c) => {
    const actor = requireActor(c);
    const input = c.req.valid("json");
    ownProfileOnly(actor, input.business_profile_id?.toString());
    return c.json(toWire(EmailReportResponseSchema, await createEmailReport(c.get("deps"), actor, input)), 201);
  });

  app.openapi(updateEmailReportRoute, async (c) => {
    const actor = requireActor(c);
    const input = c.req.valid("json");
    ownProfileOnly(actor, input.business_profile_id?.toString());
    return c.json(toWire(EmailReportResponseSchema, await updateEmailReport(c.get("deps"), actor, c.req.valid("param").id, input)), 200);
  });

  app.openapi(deleteEmailReportRoute, async (c) => {
    await deleteEmailReport(c.get("deps"), requireActor(c), c.req.valid("param").id);
    return c.body(null, 204);
  });

  app.openapi(mailerRoute, async (c) =>
    c.json(toWire(MailerResponseSchema, await runMailer(c.get("deps"), requireActor(c), c.req.valid("json"))), 200),
  );
}
