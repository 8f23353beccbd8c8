import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { MESSAGES } from "../../../domain/messages";
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
