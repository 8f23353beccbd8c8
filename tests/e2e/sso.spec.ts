// Single sign-on (issue 26, ADR 041), as a new customer tries it: the first admin of a new business
// profile opens Account settings → Single sign-on, reads what the identity provider needs, pastes the
// identity provider's details (a certificate that does not parse reads 'Wrong format!' under the field),
// turns it on, and then signs in through "Sign in with SSO" on /login and the test identity provider
// (tests/support/saml-idp.ts, on loopback), whose page posts the signed answer when its button is
// pressed. With JavaScript, and without it (@no-js).
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import path from "node:path";
import { MESSAGES } from "../../domain/messages";
import { startTestIdp } from "../support/saml-idp";
import { avatarMenu, expect, open, submitLogin, test, waitForHydration } from "./fixtures";

const PASSWORD = "Sso-journey-pass1!";

/** A business profile of its own with its first admin (the CLI's create-admin), so no other journey's sign-in changes. */
function createWorkspace(tag: string): { email: string; businessProfileId: number } {
  const email = `sso-admin-${tag}@sso-${tag}.example`;
  const output = execFileSync(
    "node",
    ["build/cli.js", "create-admin", "--email", email, "--password", PASSWORD, "--first-name", "Sofia", "--business-profile", `SSO ${tag}`],
    { env: { ...process.env, DATA_DIR: path.resolve("tmp/e2e-data"), DATABASE_URL: "" }, encoding: "utf8" },
  );
  const businessProfileId = Number(/business profile "[^"]+" \(id (\d+)\)/.exec(output)?.[1]);
  return { email, businessProfileId };
}

test("an admin sets up single sign-on and signs in through the identity provider @no-js", async ({ page, browserErrors }) => {
  // Without JavaScript the refused form comes back as the page itself, answered 400.
  browserErrors.allow(/^console error: Failed to load resource: .* 400 \(Bad Request\) \(http:\/\/[^/]+\/account\/settings\/sso\)$/);
  const idp = await startTestIdp();
  try {
    const tag = `${test.info().project.name.replace(/\W/g, "")}${crypto.randomBytes(4).toString("hex")}`;
    const { email, businessProfileId } = createWorkspace(tag);

    await open(page, "/login");
    await submitLogin(page, email, PASSWORD);
    await expect(page.getByText("Welcome, Sofia.")).toBeVisible();
    await open(page, "/account/settings");
    await page.getByRole("link", { name: MESSAGES.sso.tab }).click();
    await expect(page).toHaveURL(/\/account\/settings\/sso$/);
    await waitForHydration(page);
    await expect(page.getByTestId("sso-acs-url")).toHaveText(new RegExp(`/sso/saml/${businessProfileId}/acs$`));
    await expect(page.getByTestId("sso-sp-entity-id")).toHaveText(new RegExp(`/sso/saml/${businessProfileId}/metadata$`));

    await page.getByLabel(MESSAGES.sso.idpLoginUrl).fill(idp.loginUrl);
    await page.getByLabel(MESSAGES.sso.idpEntityId).fill(idp.entityId);
    await page.getByLabel(MESSAGES.sso.idpCert).fill("-----BEGIN CERTIFICATE-----\nMIIBthisisnotacertificate=\n-----END CERTIFICATE-----");
    await page.getByLabel(MESSAGES.sso.isActive).check();
    await page.getByRole("button", { name: MESSAGES.save }).click();
    await expect(page.locator("#sso-idp_cert-error")).toHaveText(MESSAGES.wrongFormat);

    await page.getByLabel(MESSAGES.sso.idpCert).fill(idp.keys.cert);
    await page.getByRole("button", { name: MESSAGES.save }).click();
    await expect(page.getByTestId("toast")).toHaveText(MESSAGES.sso.saved);
    await expect(page.getByLabel(MESSAGES.sso.isActive)).toBeChecked();

    // Signed out, the admin comes back through the identity provider.
    await page.context().clearCookies();
    idp.signInAs(email);
    await open(page, "/login");
    await page.getByRole("link", { name: MESSAGES.sso.signInWithSso }).click();
    await expect(page).toHaveURL(/\/sso$/);
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: MESSAGES.sso.continue }).click();
    await expect(page.getByRole("heading", { name: "Test identity provider" })).toBeVisible();
    expect(idp.received.at(-1)?.acsUrl).toMatch(new RegExp(`/sso/saml/${businessProfileId}/acs$`));
    await page.getByRole("button", { name: "Continue to Earshot" }).click();
    await expect(page).toHaveURL(/^http:\/\/[^/]+\/$/);
    await expect(page.getByText("Welcome, Sofia.")).toBeVisible();
    await expect(avatarMenu(page).root).toBeVisible();
    // Hydrated before the cookies go: the shell's live notifications open once hydrated, and a page left
    // mid-hydration is not what a user who signs out does.
    await waitForHydration(page);

    // The same answer posted again is refused on /login, and nobody is signed in by it.
    await page.context().clearCookies();
    await page.goBack();
    await expect(page.getByRole("heading", { name: "Test identity provider" })).toBeVisible();
    await page.getByRole("button", { name: "Continue to Earshot" }).click();
    await expect(page).toHaveURL(/\/login\?sso_error=/);
    await expect(page.getByRole("alert")).toContainText(/Single sign-on failed/);
    await waitForHydration(page);
  } finally {
    await idp.close();
  }
});
