import {
  getCollectionProps,
  getFormProps,
  getSelectProps,
  useForm,
  type FieldMetadata,
  type SubmissionResult,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigate, useNavigation } from "@remix-run/react";
import { useEffect, useState, type ReactNode } from "react";
import type * as z from "zod";
import { ACCOUNT_STATE } from "../../domain/constants";
import { MESSAGES } from "../../domain/messages";
import type { BodyToSend } from "../../domain/request-types";
import { ROLE_LABELS, ROLE_VALUES, ROLES } from "../../domain/roles";
import {
  InviteSchema,
  UpdateMemberFormSchema,
  UserActionSchema,
  type UpdateMemberBodySchema,
  type UserAction,
} from "../../domain/schemas/accounts";
import { Avatar } from "../components/ui/avatar";
import { Button } from "../components/ui/button";
import { ConfirmFormDialog } from "../components/ui/confirm-form-dialog";
import { CsrfInput } from "../components/ui/csrf-input";
import { FieldErrors, FormErrors, TextField } from "../components/ui/field";
import type { ApiAccountList, ApiTeamList } from "../lib/api.server";
import {
  formFields,
  formHandlerContext,
  formRefused,
  handleIntent,
  readIntentForm,
  type FormHandlerContext,
  type FormRefusal,
  type IntentHandlers,
} from "../lib/forms.server";
import { recordPageView, requireAccount } from "../lib/guard.server";
import { flashToast } from "../lib/toast.server";
import { useHydrated } from "../lib/use-hydrated";
import { titleMeta } from "../lib/meta";
import { useFormKey } from "../lib/use-form-key";
import { compareNames } from "../../domain/format";

const USERS_PATH = "/settings/users";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const account = await requireAccount(request, context);
  recordPageView(request, context, account);
  const [accounts, teams] = await Promise.all([
    context.api.get<ApiAccountList>("/v1/accounts"),
    context.api.get<ApiTeamList>("/v1/teams"),
  ]);
  // ADR 008: system admins and admins manage; agents read. Nobody edits their own row or a role above theirs.
  const canManage = account.role === ROLES.systemAdmin || account.role === ROLES.admin;
  const canTakeOver = account.role === ROLES.systemAdmin && !account.isAccountOvertaken;
  const users = accounts.data
    .map((user) => {
      const isActive = user.state === ACCOUNT_STATE.active;
      const isSelf = user.id === account.id;
      return {
        id: user.id,
        name: `${user.firstName} ${user.lastName}`.trim(),
        email: user.email,
        role: user.role,
        teams: user.teams.map((team) => ({ id: team.id, name: team.name })),
        isActive,
        isSelf,
        canEdit: canManage && isActive && !isSelf && user.role >= account.role,
        canTakeOver: canTakeOver && isActive && !isSelf && user.role !== ROLES.systemAdmin,
      };
    })
    .sort((a, b) => Number(b.isActive) - Number(a.isActive) || compareNames(a.name, b.name));
  const params = new URL(request.url).searchParams;
  const dialogId = params.get("dialog") === "remove" ? Number(params.get("id")) : NaN;
  return {
    canManage,
    users,
    teams: teams.data.map((team) => ({ id: team.id, name: team.name })),
    // Only roles at or below the caller's can be granted (0 is the most powerful).
    roles: ROLE_VALUES.filter((role) => role >= account.role).map((role) => ({ value: role, label: ROLE_LABELS[role] })),
    removeId: users.find((user) => user.id === dialogId && user.canEdit)?.id ?? null,
  };
}

/** One handler per intent of UserActionSchema: a refusal comes back as the form's errors. */
const USER_ACTIONS: IntentHandlers<UserAction, FormHandlerContext<UserAction["intent"]>, Promise<FormRefusal<UserAction["intent"]>>> = {
  async invite(action, { context, refused }) {
    try {
      await context.api.post("/v1/team_member_invites", formFields(action));
    } catch (error) {
      return refused(error);
    }
    flashToast(context, { kind: "success", message: MESSAGES.inviteSent(action.email) });
    throw redirect(USERS_PATH);
  },
  async update({ id, role, team_ids }, { context, refused }) {
    try {
      await context.api.patch(`/v1/accounts/${id}`, { role, teamIds: team_ids } satisfies BodyToSend<typeof UpdateMemberBodySchema>);
    } catch (error) {
      return refused(error);
    }
    flashToast(context, { kind: "success", message: MESSAGES.memberUpdated });
    throw redirect(USERS_PATH);
  },
  async remove({ id }, { context, refused }) {
    try {
      await context.api.delete(`/v1/accounts/${id}`);
    } catch (error) {
      return refused(error);
    }
    flashToast(context, { kind: "success", message: MESSAGES.memberRemoved });
    throw redirect(USERS_PATH);
  },
};

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAccount(request, context);
  const { intent, submission } = await readIntentForm(request, context, UserActionSchema);
  if (submission.status !== "success") return formRefused(intent, submission);
  return handleIntent(USER_ACTIONS, submission.value, formHandlerContext(context, submission, intent));
}

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;
type UserRow = LoaderData["users"][number];
type RoleOption = LoaderData["roles"][number];
type TeamOption = LoaderData["teams"][number];

export default function UsersRoute() {
  const { canManage, users, teams, roles, removeId } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const formsKey = useFormKey(actionData);
  const navigate = useNavigate();

  // The removal dialog: opened by ?dialog=remove&id= (server-rendered, works without JavaScript),
  // by the Remove button once hydrated (no navigation), or again when the removal was refused.
  const failedRemoveId = actionData?.intent === "remove" ? actionData.id : null;
  const [removingId, setRemovingId] = useState<number | null>(removeId ?? failedRemoveId);
  useEffect(() => setRemovingId(removeId ?? failedRemoveId), [removeId, failedRemoveId, actionData]);
  const removing = users.find((user) => user.id === removingId && user.canEdit) ?? null;
  const closeRemoval = () => {
    setRemovingId(null);
    if (removeId !== null) navigate(USERS_PATH, { replace: true, preventScrollReset: true });
  };

  return (
    <div className="space-y-6">
      {canManage ? (
        <InviteForm
          key={formsKey}
          roles={roles}
          teams={teams}
          lastResult={actionData?.intent === "invite" ? actionData.result : undefined}
        />
      ) : null}

      <section aria-labelledby="users-heading" className="overflow-hidden rounded-lg border border-slate-200 bg-white">
        <header className="flex items-baseline justify-between border-b border-slate-200 px-4 py-3">
          <h2 id="users-heading" className="text-lg font-semibold">
            {MESSAGES.users}
          </h2>
          {!canManage ? <p className="text-sm text-slate-500">{MESSAGES.onlyAdminsManage}</p> : null}
        </header>
        {/* A table's columns on wide screens (the first item is the header); each user stacks as a small card on narrow ones. */}
        <ul className={`divide-y divide-slate-100 xl:grid xl:gap-x-4 ${COLUMNS}`}>
          <li aria-hidden className="hidden bg-slate-50 px-4 py-2 text-xs font-medium uppercase tracking-wide text-slate-500 xl:col-span-full xl:grid xl:grid-cols-subgrid">
            <span>Name</span>
            <span>Role</span>
            <span>{MESSAGES.teams}</span>
            <span>State</span>
            <span />
          </li>
          {users.map((user) =>
            user.canEdit ? (
              <EditableUserRow
                key={`${user.id}-${formsKey}`}
                user={user}
                roles={roles}
                teams={teams}
                lastResult={actionData?.intent === "update" && actionData.id === user.id ? actionData.result : undefined}
                onRemove={() => setRemovingId(user.id)}
              />
            ) : (
              <ReadOnlyUserRow key={user.id} user={user} />
            ),
          )}
        </ul>
      </section>

      {removing ? (
        <RemoveUserDialog
          user={removing}
          lastResult={actionData?.intent === "remove" && actionData.id === removing.id ? actionData.result : undefined}
          onClose={closeRemoval}
        />
      ) : null}
    </div>
  );
}

type LastResult = SubmissionResult<string[]> | undefined;
// What the forms hold, as conform sees the posted strings (the zod schemas coerce them).
type InviteFields = { email: string; role: string; team_ids: string[] };
type MemberFields = { id: string; role: string; team_ids: string[] };

function InviteForm({ roles, teams, lastResult }: { roles: RoleOption[]; teams: TeamOption[]; lastResult: LastResult }) {
  const navigation = useNavigation();
  const defaultRole = String(roles.some((r) => r.value === ROLES.agent) ? ROLES.agent : roles.at(-1)!.value);
  const [form, fields] = useForm<InviteFields, z.output<typeof InviteSchema>>({
    id: "invite",
    lastResult,
    defaultValue: { role: defaultRole, team_ids: [] },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: InviteSchema }),
  });
  const [role, setRole] = useState(String(fields.role.initialValue ?? defaultRole));
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "invite";
  return (
    <section aria-labelledby="invite-heading" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="invite-heading" className="text-lg font-semibold">
        {MESSAGES.inviteUser}
      </h2>
      <Form method="post" {...getFormProps(form)} className="mt-3 grid gap-4 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <CsrfInput />
        <input type="hidden" name="intent" value="invite" />
        <div className="md:col-span-2">
          <FormErrors id={form.errorId} errors={form.errors} />
        </div>
        <TextField label="Email" field={fields.email} type="email" autoComplete="off" />
        <RoleSelect label="Role" field={fields.role} roles={roles} onRoleChange={setRole} />
        <TeamCheckboxes field={fields.team_ids} teams={teams} disabled={role === String(ROLES.systemAdmin)} legend={MESSAGES.teams} />
        <div className="flex items-end justify-end md:col-span-2">
          <Button pending={submitting}>{MESSAGES.invite}</Button>
        </div>
      </Form>
    </section>
  );
}

function UserIdentity({ user }: { user: UserRow }) {
  return (
    <div className={`flex items-center gap-3 ${user.isActive ? "" : "opacity-60"}`}>
      <Avatar name={user.name} seed={user.email} />
      <div className="min-w-0">
        <p className="font-medium">
          {user.name}
          {user.isSelf ? <span className="ml-2 text-xs font-normal text-slate-500">(you)</span> : null}
        </p>
        <p className="truncate text-xs text-slate-500" title={user.email}>
          {user.email}
        </p>
      </div>
    </div>
  );
}

function StateBadge({ isActive }: { isActive: boolean }) {
  return isActive ? (
    <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-700">{MESSAGES.accountActive}</span>
  ) : (
    <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-500">{MESSAGES.accountRemoved}</span>
  );
}

/** Narrow screens: identity | state, role | teams, then the actions; wide screens: one row of columns. */
const COLUMNS = "xl:grid-cols-[minmax(12rem,1fr)_10rem_minmax(10rem,1.4fr)_5.5rem_auto]";
// Each row is a subgrid of the list, so the columns line up across rows (and with the header).
const ROW = "grid grid-cols-2 gap-x-4 gap-y-3 px-4 py-3 text-sm xl:col-span-full xl:grid-cols-subgrid";
const CELL = {
  identity: "order-1 xl:order-none",
  state: "order-2 justify-self-end xl:order-none xl:justify-self-start",
  role: "order-3 xl:order-none",
  teams: "order-4 xl:order-none",
  actions: "order-5 col-span-2 xl:order-none xl:col-span-1",
};

function Cell({ label, className, children }: { label: string; className: string; children: ReactNode }) {
  return (
    <div className={`min-w-0 ${className}`}>
      <span className={ROW_LABEL}>{label}</span>
      {children}
    </div>
  );
}

function ReadOnlyUserRow({ user }: { user: UserRow }) {
  return (
    <li
      data-testid="user-row"
      data-user-id={user.id}
      className={`${ROW} items-start xl:items-center ${user.isActive ? "" : "bg-slate-50 text-slate-400"}`}
    >
      <div className={CELL.identity}>
        <UserIdentity user={user} />
      </div>
      <Cell label="Role" className={CELL.role}>
        {ROLE_LABELS[user.role]}
      </Cell>
      <Cell label={MESSAGES.teams} className={CELL.teams}>
        {user.teams.length ? user.teams.map((team) => team.name).join(", ") : "—"}
      </Cell>
      <div className={CELL.state}>
        <StateBadge isActive={user.isActive} />
      </div>
      <div className={`${CELL.actions} flex justify-end empty:hidden`}>{user.canTakeOver ? <TakeOverForm userId={user.id} /> : null}</div>
    </li>
  );
}

function EditableUserRow({
  user,
  roles,
  teams,
  lastResult,
  onRemove,
}: {
  user: UserRow;
  roles: RoleOption[];
  teams: TeamOption[];
  lastResult: LastResult;
  onRemove: () => void;
}) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const [form, fields] = useForm<MemberFields, z.output<typeof UpdateMemberFormSchema>>({
    id: `user-${user.id}`,
    lastResult,
    defaultValue: { id: String(user.id), role: String(user.role), team_ids: user.teams.map((team) => String(team.id)) },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: UpdateMemberFormSchema }),
  });
  const [role, setRole] = useState(String(fields.role.initialValue ?? user.role));
  const submitting =
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === "update" &&
    navigation.formData.get("id") === String(user.id);
  return (
    <li data-testid="user-row" data-user-id={user.id} className={`${ROW} items-start`}>
      <div className={CELL.identity}>
        <UserIdentity user={user} />
      </div>
      <div className={CELL.role}>
        <RoleSelect
          label={
            <>
              Role<span className="sr-only"> of {user.name}</span>
            </>
          }
          inRow
          field={fields.role}
          roles={roles}
          onRoleChange={setRole}
        />
      </div>
      <div className={`${CELL.teams} xl:pt-2`}>
        <TeamCheckboxes
          field={fields.team_ids}
          teams={teams}
          disabled={role === String(ROLES.systemAdmin)}
          legend={
            <>
              {MESSAGES.teams}
              <span className="sr-only"> of {user.name}</span>
            </>
          }
          inRow
        />
      </div>
      <div className={`${CELL.state} xl:pt-2`}>
        <StateBadge isActive={user.isActive} />
      </div>
      <div className={CELL.actions}>
        <div className="flex flex-wrap items-start justify-end gap-2 xl:flex-nowrap">
          <Form method="post" {...getFormProps(form)} aria-label={`Change role and teams of ${user.name}`}>
            <CsrfInput />
            <input type="hidden" name="intent" value="update" />
            <input type="hidden" name="id" value={user.id} />
            <Button variant="secondary" pending={submitting}>
              {MESSAGES.save}
            </Button>
          </Form>
          <a
            href={`${USERS_PATH}?dialog=remove&id=${user.id}`}
            onClick={(event) => {
              if (!hydrated) return;
              event.preventDefault();
              onRemove();
            }}
            className="inline-flex items-center rounded-md border border-red-200 bg-white px-4 py-2 text-sm font-medium text-red-700 hover:bg-red-50"
          >
            {MESSAGES.remove}
          </a>
          {user.canTakeOver ? <TakeOverForm userId={user.id} /> : null}
        </div>
        {form.errors?.length ? (
          <div className="mt-2 flex justify-end">
            <FormErrors id={form.errorId} errors={form.errors} />
          </div>
        ) : null}
      </div>
    </li>
  );
}

/** In a row of the list the label shows only on narrow screens (the column header names it on wide ones). */
const ROW_LABEL = "mb-1 block text-xs font-medium uppercase tracking-wide text-slate-500 xl:sr-only";

function RoleSelect({
  label,
  inRow = false,
  field,
  roles,
  onRoleChange,
}: {
  label: ReactNode;
  inRow?: boolean;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the role field of either form
  field: FieldMetadata<any, any, string[]>;
  roles: RoleOption[];
  onRoleChange: (role: string) => void;
}) {
  const { key, ...props } = getSelectProps(field);
  const errors = field.errors ?? [];
  return (
    <div className="space-y-1">
      <label htmlFor={field.id} className={inRow ? ROW_LABEL : "block text-sm font-medium text-slate-700"}>
        {label}
      </label>
      <select
        key={key}
        {...props}
        onChange={(event) => onRoleChange(event.target.value)}
        className={`block w-full min-w-36 rounded-md border bg-white px-3 py-2 text-sm shadow-sm ${errors.length ? "border-red-500" : "border-slate-300"}`}
      >
        {roles.map((role) => (
          <option key={role.value} value={role.value}>
            {role.label}
          </option>
        ))}
      </select>
      <FieldErrors id={field.errorId} errors={errors} />
    </div>
  );
}

/** Team checkboxes; disabled (JavaScript only) while the role is system admin, who are never in teams. */
function TeamCheckboxes({
  field,
  teams,
  disabled,
  legend,
  inRow = false,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the team_ids field of either form
  field: FieldMetadata<any, any, string[]>;
  teams: TeamOption[];
  disabled: boolean;
  legend: ReactNode;
  inRow?: boolean;
}) {
  const hydrated = useHydrated();
  const errors = field.errors ?? [];
  const boxes = getCollectionProps(field, { type: "checkbox", options: teams.map((team) => String(team.id)) });
  return (
    <fieldset className="space-y-1" aria-describedby={errors.length ? field.errorId : undefined}>
      <legend className={inRow ? ROW_LABEL : "text-sm font-medium text-slate-700"}>{legend}</legend>
      {teams.length === 0 ? <p className="text-sm text-slate-500">{MESSAGES.noTeamsYet}</p> : null}
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        {boxes.map(({ key, ...box }, index) => (
          <label key={key ?? box.value} className={`inline-flex items-center gap-2 text-sm ${hydrated && disabled ? "text-slate-400" : ""}`}>
            <input {...box} disabled={hydrated && disabled} className="size-4 rounded border-slate-300" />
            {teams[index]!.name}
          </label>
        ))}
      </div>
      <FieldErrors id={field.errorId} errors={errors} />
    </fieldset>
  );
}

function TakeOverForm({ userId }: { userId: number }) {
  return (
    <Form method="post" action="/takeover/start">
      <CsrfInput />
      <input type="hidden" name="account_id" value={userId} />
      <Button variant="ghost" className="border border-slate-300">
        {MESSAGES.takeOver}
      </Button>
    </Form>
  );
}

function RemoveUserDialog({ user, lastResult, onClose }: { user: UserRow; lastResult: LastResult; onClose: () => void }) {
  return (
    <ConfirmFormDialog
      formId={`remove-${user.id}`}
      intent="remove"
      recordId={user.id}
      subject={`${user.name} (${user.email})`}
      closeHref={USERS_PATH}
      lastResult={lastResult}
      onClose={onClose}
    />
  );
}

export const meta = titleMeta(MESSAGES.users);
