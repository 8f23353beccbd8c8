import { insertAccount } from "../../db/repositories/accounts";
import { findBusinessProfileByName, insertBusinessProfile } from "../../db/repositories/business-profiles";
import { conflict } from "../../domain/errors";
import { defaultPermissionsForRole } from "../../domain/permissions";
import type { Role } from "../../domain/roles";
import { ACCOUNT_STATE } from "../../domain/constants";
import type { Database } from "../../db/client";
import type { AccountRow, BusinessProfileRow } from "../../db/schema";
import { hashPassword } from "../security/passwords";

export interface NewMember {
  role: Role;
  email: string;
  firstName: string;
  lastName: string;
  password: string;
}

/**
 * A business profile and its first members, in one transaction. Used by the demo seed, the
 * create-admin and create-system-admin commands and test fixtures.
 */
export async function createWorkspace(
  db: Database,
  input: { businessProfileId?: number; name: string; timeZone?: string; members: NewMember[] },
  now = new Date(),
): Promise<{ businessProfile: BusinessProfileRow; accounts: AccountRow[] }> {
  const hashes = await Promise.all(input.members.map((m) => hashPassword(m.password)));
  return db.transaction().execute(async (trx) => {
    if (await findBusinessProfileByName(trx, input.name)) throw conflict("A business profile with this name exists.");
    const createdAt = now.toISOString();
    const businessProfile = await insertBusinessProfile(trx, {
      id: input.businessProfileId,
      name: input.name,
      timeZone: input.timeZone,
      createdAt,
    });
    const accounts: AccountRow[] = [];
    for (const [index, member] of input.members.entries()) {
      accounts.push(
        await insertAccount(trx, {
          businessProfileId: businessProfile.id,
          email: member.email,
          firstName: member.firstName,
          lastName: member.lastName,
          role: member.role,
          state: ACCOUNT_STATE.active,
          passwordHash: hashes[index]!,
          permissions: JSON.stringify(defaultPermissionsForRole(member.role)),
          preferences: "{}",
          avatarUrl: null,
          otpSecret: null,
          otpEnabled: 0,
          otpLastUsedStep: null,
          createdAt,
          updatedAt: createdAt,
        }),
      );
    }
    return { businessProfile, accounts };
  });
}
