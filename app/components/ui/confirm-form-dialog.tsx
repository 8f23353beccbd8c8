import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigate, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { MESSAGES } from "../../../domain/messages";
import { useRowDialog } from "../../lib/use-row-dialog";
import { Button } from "./button";
import { ConfirmDialog } from "./confirm-dialog";
import { CsrfInput } from "./csrf-input";

/**
 * A confirmation whose Confirm button posts `intent` for one record (e.g. remove a user). Rendered
 * from a `?dialog=` URL it works before JavaScript loads: Cancel is then a link back to `closeHref`.
 */
export function ConfirmFormDialog({
  formId,
  intent,
  recordId,
  subject,
  closeHref,
  lastResult,
  onClose,
}: {
  formId: string;
  intent: string;
  recordId: number;
  subject: ReactNode;
  closeHref: string;
  lastResult: SubmissionResult<string[]> | undefined;
  onClose: () => void;
}) {
  const navigation = useNavigation();
  const [form] = useForm({ id: formId, lastResult });
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <ConfirmDialog
      open
      onClose={onClose}
      cancelHref={closeHref}
      message={
        <>
          {MESSAGES.confirmMessage}
          <span className="mt-2 block font-medium text-ink">{subject}</span>
          {form.errors?.length ? (
            // The message sits in a <p>: a <span>, not FormErrors' <div>, keeps the markup valid.
            <span id={form.errorId} role="alert" className="mt-3 block rounded-md border border-red-200 bg-red-50 px-3 py-2 text-red-700">
              {form.errors[0]}
            </span>
          ) : null}
        </>
      }
      confirmButton={
        <Form method="post" {...getFormProps(form)}>
          <CsrfInput />
          <input type="hidden" name="id" value={recordId} />
          <Button variant="danger" name="intent" value={intent} pending={submitting}>
            {MESSAGES.confirm}
          </Button>
        </Form>
      }
    />
  );
}

/** What a route's action answers for a row's confirmation: its intent, the row, and the refused result. */
type RowActionData = { intent?: unknown; id?: number | null; result?: unknown } | null | undefined;

/**
 * One row's confirmation on a list screen (delete a label, remove a muted keyword, …): the dialog named
 * by the address (`?dialog=<intent>&id=`, rendered on the server, no JavaScript needed), or the one
 * whose refused action came back with its reason; once hydrated, `open(id)` opens it in place. Closing
 * it drops the address's dialog. Returns the dialog (or null) and the opener.
 */
export function useRowConfirmDialog<T extends { id: number }>({
  records,
  idFromUrl,
  actionData,
  intent,
  path,
  subject,
}: {
  /** The rows the dialog may open for (a row the viewer may not change is left out). */
  records: readonly T[];
  idFromUrl: number | null | undefined;
  actionData: RowActionData;
  intent: string;
  /** The list's own address, without the dialog's parameters. */
  path: string;
  subject: (record: T) => ReactNode;
}): { dialog: ReactNode; open: (id: number) => void } {
  const navigate = useNavigate();
  const [openId, setOpenId] = useRowDialog(idFromUrl ?? null, actionData ?? undefined, intent);
  const record = records.find((r) => r.id === openId) ?? null;
  const close = () => {
    setOpenId(null);
    if (idFromUrl != null) navigate(path, { replace: true, preventScrollReset: true });
  };
  const refused = actionData?.intent === intent && record && actionData.id === record.id ? actionData.result : undefined;
  const dialog = record ? (
    <ConfirmFormDialog
      formId={`${intent}-${record.id}`}
      intent={intent}
      recordId={record.id}
      subject={subject(record)}
      closeHref={path}
      lastResult={refused as SubmissionResult<string[]> | undefined}
      onClose={close}
    />
  ) : null;
  return { dialog, open: setOpenId };
}
