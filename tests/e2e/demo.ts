// The demo workspace that `node build/server.js --demo` seeds (services/workspace/seed-demo-workspace.ts),
// as the journeys expect to see it. Kept apart from fixtures.ts so playwright.config.ts can import it
// without loading the test runner.

/** The password of every demo account (the web server is started with DEMO_PASSWORD set to it). */
export const DEMO_PASSWORD = "Demo-pass1!";

export const BUSINESS_NAME = "Earshot Demo";
export const PRODUCT_NAME = "Earshot";

export type DemoRole = "sysadmin" | "admin" | "agent" | "guest";

export interface DemoAccount {
  email: string;
  firstName: string;
  fullName: string;
  initials: string;
  /** What the dashboard shows under 'Your role'. */
  roleLabel: string;
}

export const DEMO_ACCOUNTS: Record<DemoRole, DemoAccount> = {
  sysadmin: {
    email: "sysadmin@demo.earshot.test",
    firstName: "Sam",
    fullName: "Sam Sysadmin",
    initials: "SS",
    roleLabel: "System admin",
  },
  admin: {
    email: "admin@demo.earshot.test",
    firstName: "Ada",
    fullName: "Ada Admin",
    initials: "AA",
    roleLabel: "Admin",
  },
  agent: {
    email: "agent@demo.earshot.test",
    firstName: "Alex",
    fullName: "Alex Agent",
    initials: "AA",
    roleLabel: "Agent",
  },
  guest: {
    email: "guest@demo.earshot.test",
    firstName: "Gina",
    fullName: "Gina Guest",
    initials: "GG",
    roleLabel: "Guest",
  },
};

export const DEMO_ROLES = Object.keys(DEMO_ACCOUNTS) as DemoRole[];
