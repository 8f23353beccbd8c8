import { getInputProps, type FieldMetadata } from "@conform-to/react";
import type { InputHTMLAttributes } from "react";

/** A labelled input with its errors underneath (client messages, or '{field} {message}' from the server). */
export function TextField({
  label,
  field,
  type = "text",
  hint,
  ...rest
}: {
  label: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any field of any form
  field: FieldMetadata<any, any, string[]>;
  type?: "text" | "email" | "password" | "url" | "tel" | "number";
  hint?: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "name" | "form">) {
  const errors = field.errors ?? [];
  return (
    <div className="space-y-1">
      <label htmlFor={field.id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        {...getInputProps(field, { type, ariaAttributes: true })}
        {...rest}
        key={field.key}
        className={`block w-full rounded-md border px-3 py-2 text-sm shadow-sm ${errors.length ? "border-red-500" : "border-slate-300"}`}
      />
      {hint ? <p className="text-xs text-slate-500">{hint}</p> : null}
      <FieldErrors id={field.errorId} errors={errors} />
    </div>
  );
}

export function FieldErrors({ id, errors }: { id?: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <p id={id} className="text-sm text-red-600" role="alert">
      {errors[0]}
    </p>
  );
}

export function FormErrors({ id, errors }: { id?: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <div id={id} role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
      {errors[0]}
    </div>
  );
}
