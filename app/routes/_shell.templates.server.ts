import type { AppLoadContext } from "@remix-run/node";
import { hasPermission } from "../../domain/permissions";
import { ApiError, type Account, type ApiTeamList } from "../lib/api.server";
import type { ApiFeedItem } from "../components/inbox/types";
import type { ApiTemplateList, TemplatesDialogData } from "../components/templates/types";

/**
 * The modal's data (GET /v1/templates and /v1/teams), or null when the account may not read templates
 * (a guest): the modal then stays closed, as the avatar menu offers it to nobody who could not use it.
 */
export async function loadTemplatesDialog(
  context: AppLoadContext,
  account: Account,
  /** Select mode for an inbox item: its language is read, the list starts filtered to it. */
  itemId: number | null = null,
): Promise<TemplatesDialogData | null> {
  if (!hasPermission(account.permissions, "templates.index.read")) return null;
  try {
    const [templates, teams, itemLanguage] = await Promise.all([
      context.api.get<ApiTemplateList>("/v1/templates"),
      // Teams are only needed to share a template; an account that cannot list them shares without them.
      context.api.get<ApiTeamList>("/v1/teams").catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 403) return { data: [] };
        throw error;
      }),
      // An item the account cannot see (404) leaves the list unfiltered.
      itemId === null
        ? null
        : context.api.get<ApiFeedItem>(`/v1/feed-items/${itemId}`).then(
            (item) => item.language,
            (error: unknown) => {
              if (error instanceof ApiError && error.status < 500) return null;
              throw error;
            },
          ),
    ]);
    return {
      templates: templates.data.map((template) => ({
        id: template.id,
        name: template.name,
        message: template.message,
        categories: template.categories,
        languages: template.languages,
        entityType: template.entityType,
        entityIds: template.entityIds,
        active: template.active,
        pinned: template.pinned,
        updatedByName: template.updatedBy?.name ?? null,
        updatedAt: template.updatedAt,
      })),
      teams: teams.data.map((team) => ({ id: team.id, name: team.name })),
      canWrite: hasPermission(account.permissions, "templates.index.write"),
      timeZone: account.businessProfile.timeZone,
      agent: { firstName: account.firstName, lastName: account.lastName },
      brandName: account.businessProfile.name,
      itemLanguage,
    };
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) return null;
    throw error;
  }
}
