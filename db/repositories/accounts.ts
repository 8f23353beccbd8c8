import type { Database } from "../client";
import type { AccountRow, AccountUpdate, NewAccountRow } from "../schema";

/** Login looks an account up before its tenant is known; e-mails are unique across the install. */
export async function findAccountByEmail(db: Database, email: string): Promise<AccountRow | undefined> {
  return db.selectFrom("accounts").selectAll().where("email", "=", email.trim().toLowerCase()).executeTakeFirst();
}

/** Session authentication: the session row already names the account. */
export async function findAccountForSession(db: Database, accountId: number): Promise<AccountRow | undefined> {
  return db.selectFrom("accounts").selectAll().where("id", "=", accountId).executeTakeFirst();
}

export async function findAccount(
  db: Database,
  businessProfileId: number,
  accountId: number,
): Promise<AccountRow | undefined> {
  return db
    .selectFrom("accounts")
    .selectAll()
    .where("businessProfileId", "=", businessProfileId)
    .where("id", "=", accountId)
    .executeTakeFirst();
}

export async function listAccounts(db: Database, businessProfileId: number): Promise<AccountRow[]> {
  return db
    .selectFrom("accounts")
    .selectAll()
    .where("businessProfileId", "=", businessProfileId)
    .orderBy("firstName")
    .orderBy("lastName")
    .orderBy("id")
    .execute();
}

export async function insertAccount(db: Database, values: NewAccountRow): Promise<AccountRow> {
  return db
    .insertInto("accounts")
    .values({ ...values, email: values.email.trim().toLowerCase() })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateAccount(
  db: Database,
  businessProfileId: number,
  accountId: number,
  values: AccountUpdate,
): Promise<void> {
  await db
    .updateTable("accounts")
    .set(values)
    .where("businessProfileId", "=", businessProfileId)
    .where("id", "=", accountId)
    .execute();
}

/** The account a take-over of a whole business profile lands on: its first admin, else its first member. */
export async function findDefaultAccount(db: Database, businessProfileId: number): Promise<AccountRow | undefined> {
  return db
    .selectFrom("accounts")
    .selectAll()
    .where("businessProfileId", "=", businessProfileId)
    .where("state", "=", 1)
    .where("role", "!=", 0)
    .orderBy("role")
    .orderBy("id")
    .executeTakeFirst();
}

/**
 * Records a TOTP step as used, only if it is later than the last one used: false when another
 * login used this step (or a later one) first, so a code cannot be replayed even by racing logins.
 */
export async function claimTotpStep(db: Database, accountId: number, step: number): Promise<boolean> {
  const result = await db
    .updateTable("accounts")
    .set({ otpLastUsedStep: step })
    .where("id", "=", accountId)
    .where((eb) => eb.or([eb("otpLastUsedStep", "is", null), eb("otpLastUsedStep", "<", step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
