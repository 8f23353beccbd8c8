// The account journey (issue 3 "Tests"), end to end and from the e-mails the product sent: an admin
// invites a colleague → the invitation arrives on the local SMTP server → the colleague signs up from
// its link → turns two-factor login on with an authenticator app's code → signs out → signs in with a
// code → resets the password from the e-mailed link → signs in with the new password.
//
// Runs in both projects: the `no-js` run is the proof that every one of these forms works before
// JavaScript loads. The second factor at the first sign-in differs per project: with JavaScript a
// fresh TOTP code (after waiting for the next 30 s step, as a code is accepted once), without it a
// backup code; the last sign-in uses a backup code in both.
import * as OTPAuth from "otpauth";
import type { Page } from "@playwright/test";
import { atPath, avatarMenu, DEMO_ACCOUNTS, expect, open, signIn, submitLogin, test } from "./fixtures";
import { linkFrom, waitForMail } from "./mail";

const FIRST_NAME = "Jordan";
const LAST_NAME = "Journey";
const PASSWORD = "Journey-pass1!";
const NEW_PASSWORD = "Journey-pass2!";
const TOTP_PERIOD_MS = 30_000;
/** Mail delivery is awaited (SMTP from the app server to the sink); generous on a loaded machine. */
const MAIL_TIMEOUT_MS = 30_000;

test.describe("account journey", () => {
  test("invite by e-mail, sign up, turn on two-factor login, sign in with a code, reset the password @no-js", async ({
    page,
  }, testInfo) => {
    // Up to 30 s of waiting for a fresh TOTP step, two e-mails and about twenty page loads.
    test.setTimeout(180_000);
    const baseURL = String(testInfo.project.use.baseURL);
    const email = `journey-${testInfo.project.name}-${Date.now()}@example.test`;
    const admin = DEMO_ACCOUNTS.admin;

    // 1. The admin invites a new colleague as an agent.
    await signIn(page, "admin", { at: "/settings/users" });
    await expect(page).toHaveURL(atPath("/settings/users"));
    const inviteForm = page.getByRole("region", { name: "Invite a user" });
    await inviteForm.getByLabel("Email").fill(email);
    await inviteForm.getByLabel("Role").selectOption({ label: "Agent" });
    const invitedAt = Date.now();
    await inviteForm.getByRole("button", { name: "Invite" }).click();
    await expect(page).toHaveURL(atPath("/settings/users"));
    await expect(page.getByTestId("toast")).toHaveText(`Invitation sent to ${email}`);
    await signOut(page);

    // 2. The invitation arrives on the SMTP server, with a sign-up link built from PUBLIC_URL.
    const invite = await waitForMail({
      to: email,
      subjectIncludes: "invited you",
      after: invitedAt,
      timeoutMs: MAIL_TIMEOUT_MS,
    });
    expect(invite.subject).toBe(`${admin.fullName} invited you to Earshot Demo on Earshot`);
    expect(invite.text).toContain(`${admin.fullName} invited you to join Earshot Demo on Earshot.`);
    const signUpLink = linkFrom(invite, /\/sign-up\?tm=[^\s"<>]+/);
    expect(signUpLink.startsWith(`${baseURL}/sign-up?tm=`)).toBe(true);

    // 3. The colleague signs up from the link, with the invited e-mail filled in and fixed.
    await open(page, signUpLink);
    await expect(page).toHaveURL(atPath(signUpLink.slice(baseURL.length)));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign Up");
    await expect(page).toHaveTitle("Sign Up | Earshot");
    const signUpEmail = page.getByLabel("Email");
    await expect(signUpEmail).toHaveValue(email);
    await expect(signUpEmail).toHaveAttribute("readonly", "");
    await expect(page.getByText("The invitation was sent to this address.")).toBeVisible();
    await page.getByLabel("First name").fill(FIRST_NAME);
    await page.getByLabel("Last name").fill(LAST_NAME);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Password confirmation").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign Up" }).click();
    // Signed in at once, with the role of the invitation.
    await expect(page).toHaveURL(atPath("/"));
    await expect(page.getByText(`Welcome, ${FIRST_NAME}.`)).toBeVisible();
    await expect(page.getByTestId("role")).toHaveText("Agent");

    // 4. Two-factor login: the set-up shows a QR code and the key; the app's code turns it on.
    await open(page, "/account/settings/safety-and-privacy");
    const twoFactor = page.getByRole("region", { name: "Two-factor login" });
    await expect(twoFactor.getByText("Two-factor login is off.")).toBeVisible();
    await twoFactor.getByRole("button", { name: "Set up two-factor login" }).click();
    await expect(twoFactor.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
    await expect(twoFactor.getByText("Key for manual entry")).toBeVisible();
    const secret = ((await twoFactor.getByTestId("otp-secret").textContent()) ?? "").trim();
    expect(secret).toMatch(/^[A-Z2-7]{16,}=*$/);
    const authenticator = new OTPAuth.TOTP({
      secret: OTPAuth.Secret.fromBase32(secret),
      digits: 6,
      period: TOTP_PERIOD_MS / 1000,
    });
    const activatedAt = Date.now();
    await twoFactor.getByLabel("Code", { exact: true }).fill(authenticator.generate({ timestamp: activatedAt }));
    await twoFactor.getByRole("button", { name: "Turn on two-factor login" }).click();
    await expect(twoFactor.getByText("Two-factor login is on.")).toBeVisible();
    await expect(page.getByTestId("toast")).toHaveText("Two-factor login is on.");
    const backupCodeList = page.getByTestId("backup-codes");
    await expect(backupCodeList.getByRole("heading", { name: "Backup codes" })).toBeVisible();
    await expect(backupCodeList.getByRole("listitem")).toHaveCount(10);
    const backupCodes = (await backupCodeList.getByRole("listitem").allTextContents()).map((code) => code.trim());
    for (const code of backupCodes) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}$/);
    expect(new Set(backupCodes).size).toBe(10);
    await expect(twoFactor.getByRole("button", { name: "Turn off" })).toBeVisible();
    await signOut(page);

    // 5. Signing in now asks for a code after the password.
    await open(page, "/login");
    await submitLogin(page, email, PASSWORD);
    await expectCodeStep(page);
    let code: string;
    if (testInfo.project.use.javaScriptEnabled !== false) {
      // The activation used its step's code, and a code is good once: the app shows the next one.
      await waitForStepAfter(totpStep(activatedAt));
      code = authenticator.generate();
    } else {
      code = backupCodes[0];
    }
    await submitCode(page, code);
    await expect(page).toHaveURL(atPath("/"));
    await expect(page.getByText(`Welcome, ${FIRST_NAME}.`)).toBeVisible();
    await signOut(page);

    // 6. Forgot the password: the reset link arrives by e-mail.
    await open(page, "/login");
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await expect(page).toHaveURL(atPath("/forget-password"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Forgot your password?");
    await page.getByLabel("Email").fill(email);
    const requestedAt = Date.now();
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByRole("status").filter({ hasText: "If an account exists" })).toHaveText(
      "If an account exists for this e-mail, we have sent a link to reset the password.",
    );
    const reset = await waitForMail({
      to: email,
      subjectIncludes: "Reset your",
      after: requestedAt,
      timeoutMs: MAIL_TIMEOUT_MS,
    });
    expect(reset.subject).toBe("Reset your Earshot password");
    const resetLink = linkFrom(reset, /\/reset-password\/[^\s"<>]+/);
    expect(resetLink.startsWith(`${baseURL}/reset-password/`)).toBe(true);

    // 7. A new password from the link; the login page confirms it.
    await open(page, resetLink);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Set a new password");
    await expect(page.getByText(`Choose a new password for ${email}.`)).toBeVisible();
    await page.getByLabel("Password", { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel("Password confirmation").fill(NEW_PASSWORD);
    await page.getByRole("button", { name: "Set a new password" }).click();
    await expect(page).toHaveURL(atPath("/login"));
    await expect(page.getByTestId("toast")).toHaveText("Your password has been changed.");

    // The link worked once.
    await open(page, resetLink);
    await expect(page.getByRole("alert")).toHaveText("This password reset link is not valid or has expired.");

    // 8. The old password no longer opens the account; the new one does, with a backup code.
    await open(page, "/login");
    await submitLogin(page, email, PASSWORD);
    await expect(page.getByRole("alert")).toHaveText("Email or password is incorrect");
    await expect(page).toHaveURL(atPath("/login"));
    await open(page, "/login");
    await submitLogin(page, email, NEW_PASSWORD);
    await expectCodeStep(page);
    await submitCode(page, backupCodes[1]);
    await expect(page).toHaveURL(atPath("/"));
    await expect(page.getByText(`Welcome, ${FIRST_NAME}.`)).toBeVisible();
    await expect(page.getByTestId("role")).toHaveText("Agent");
  });
});

/** Logout from the avatar menu (a <details>: opens without JavaScript too). */
async function signOut(page: Page): Promise<void> {
  const menu = avatarMenu(page);
  await menu.toggle.click();
  await menu.panel.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(atPath("/login"));
  await expect(page.getByLabel("Account menu")).toHaveCount(0);
}

/** The login form's second step: the password was right, now the code. */
async function expectCodeStep(page: Page): Promise<void> {
  await expect(page).toHaveURL(atPath("/login"));
  await expect(page.getByText("Enter the 6-digit code from your authenticator app, or a backup code.")).toBeVisible();
  await expect(page.getByLabel("Code", { exact: true })).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveCount(0);
}

/** Enters the code and presses Login; fails at once, saying so, when pressing it posts nothing. */
async function submitCode(page: Page, code: string): Promise<void> {
  const posted = page
    .waitForRequest((request) => request.method() === "POST" && new URL(request.url()).pathname.startsWith("/login"), {
      timeout: 15_000,
    })
    .then(() => true)
    .catch(() => false);
  await page.getByLabel("Code", { exact: true }).fill(code);
  await page.getByRole("button", { name: "Login" }).click();
  expect(
    await posted,
    "pressing Login on the code step posts the form with the e-mail, password and code (nothing was posted)",
  ).toBe(true);
}

function totpStep(ms: number): number {
  return Math.floor(ms / TOTP_PERIOD_MS);
}

/** Waits (at most one period, plus a little) until the TOTP step after `step` has begun. */
async function waitForStepAfter(step: number): Promise<void> {
  const waitMs = (step + 1) * TOTP_PERIOD_MS - Date.now();
  if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs + 250));
}
