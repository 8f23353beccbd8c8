import {
  deleteSocialProfile,
  findSocialProfile,
  insertProfileItem,
  insertSocialProfile,
  listProfileItems,
  listSocialProfiles,
} from "../../db/repositories/social-profiles";
import { forbidden, notFound } from "../../domain/errors";
import type { FromWire } from "../../domain/key-case";
import { hasPermission } from "../../domain/permissions";
import type { ProfileItemResponseSchema, ProfileResponseSchema } from "../../domain/schemas/statuses";
import type { NetworkId } from "../../domain/networks";
import { networkVisibleTo } from "../../domain/streams";
import { isoNow, type Actor, type ServiceDeps } from "../context";

function requireRead(actor: Actor) {
  if (!hasPermission(actor.permissions, "channels.index.read")) throw forbidden();
}

/** GET /v1/users: the brand's connected social profiles (spec "Profile"). */
export async function listProfiles(deps: ServiceDeps, actor: Actor, socialTypes?: string[]): Promise<Array<FromWire<typeof ProfileResponseSchema>>> {
  requireRead(actor);
  const rows = await listSocialProfiles(deps.db, actor.businessProfileId, socialTypes);
  return rows
    .filter((r) => networkVisibleTo(r.socialType as NetworkId, actor.role))
    .map((r) => ({
      id: r.id,
      socialType: r.socialType,
      username: r.username,
      name: r.name,
      photoUrl: r.photoUrl,
      createdAt: r.createdAt,
    }));
}

/** DELETE /v1/users/{id}: disconnects a profile; its pages and channels go with it, its streams stay. */
export async function deleteProfile(deps: ServiceDeps, actor: Actor, id: number): Promise<void> {
  if (!hasPermission(actor.permissions, "channels.index.write")) throw forbidden();
  const row = await findSocialProfile(deps.db, actor.businessProfileId, id);
  if (!row) throw notFound();
  await deleteSocialProfile(deps.db, actor.businessProfileId, id);
}

/** GET /v1/users/items: pages, groups, ads and channels of the profiles (spec "Profile item"). */
export async function listProfileItemsOf(
  deps: ServiceDeps,
  actor: Actor,
  filter: { profileId?: number; socialTypes?: string[]; types?: string[] },
): Promise<Array<FromWire<typeof ProfileItemResponseSchema>>> {
  requireRead(actor);
  const rows = await listProfileItems(deps.db, actor.businessProfileId, filter);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    createdAt: r.createdAt,
    type: r.type,
    profileId: r.profileId,
    socialType: r.socialType,
    photoUrl: r.photoUrl,
  }));
}

/** The brand's own accounts in the demo workspace (no caller: the product seeds them). */
export async function createSeededProfiles(
  deps: ServiceDeps,
  businessProfileId: number,
  profiles: ReadonlyArray<{
    socialType: string;
    username: string;
    name: string;
    items: ReadonlyArray<{ name: string; type: "group" | "page" | "ad" | "channel" }>;
  }>,
): Promise<void> {
  const now = isoNow(deps);
  await deps.db.transaction().execute(async (trx) => {
    for (const profile of profiles) {
      const row = await insertSocialProfile(trx, {
        businessProfileId,
        socialType: profile.socialType,
        externalId: null,
        username: profile.username,
        name: profile.name,
        photoUrl: null,
        createdAt: now,
      });
      for (const item of profile.items) {
        await insertProfileItem(trx, {
          businessProfileId,
          profileId: row.id,
          socialType: profile.socialType,
          name: item.name,
          type: item.type,
          photoUrl: null,
          createdAt: now,
        });
      }
    }
  });
}
