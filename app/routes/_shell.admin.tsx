import { Outlet } from "@remix-run/react";
import { MESSAGES } from "../../domain/messages";

/** /admin (spec core §2: system admin only; the guard of every child loader checks it). */
export default function AdminLayoutRoute() {
  return (
    <section className="space-y-6">
      <h1 className="text-2xl font-semibold">{MESSAGES.businessProfiles.title}</h1>
      <Outlet />
    </section>
  );
}
