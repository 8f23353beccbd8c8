import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "@remix-run/react";
import type { FormEvent, ReactNode } from "react";
import { MESSAGES } from "../../../domain/messages";
import { LAYER_COLORS } from "../../../domain/palette";
import {
  ANNOTATION_LAYER_TYPES,
  AnnotationFormSchema,
  AnnotationLayerFormSchema,
  AnnotationUpdateSchema,
} from "../../../domain/schemas/dashboard-config";
import { DASHBOARD_PARAMS, dayOf, type DashboardQuery, type DashboardSelectorContext } from "../../lib/dashboard-query";
import { useHydrated } from "../../lib/use-hydrated";
import { Button } from "../ui/button";
import { CsrfInput } from "../ui/csrf-input";
import { FieldErrors, FormErrors, TextField } from "../ui/field";
import { HiddenParams } from "./dashboard-controls";
import type { ApiAnnotation, ApiAnnotationLayer } from "./types";

const UI = MESSAGES.dashboardUi;
type LastResult = SubmissionResult<string[]> | undefined;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any field of any form
type AnyField = FieldMetadata<any, any, string[]>;

const inputClass = "block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm";

function Labelled({ field, label, children }: { field: AnyField; label: string; children: ReactNode }) {
  return (
    <div className="space-y-1">
      <label htmlFor={field.id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

/** Layers (selectable: `layers=1,2`), a new layer, and the selected layers' annotations. */
export function AnnotationsPanel({
  query,
  layers,
  annotations,
  brands,
  readOnly,
  formAction,
  lastResults,
  formsKey,
}: {
  query: DashboardQuery;
  layers: ApiAnnotationLayer[];
  annotations: ApiAnnotation[];
  brands: DashboardSelectorContext[];
  readOnly: boolean;
  formAction: string;
  lastResults: { intent: string | null; id: number | null; result: LastResult };
  /** The page's useFormKey: the "new" forms start closed after each navigation, open after a refusal. */
  formsKey: string;
}) {
  const hydrated = useHydrated();
  const selected = query.layerIds ?? [];
  const resultOf = (intent: string, id: number | null = null) =>
    lastResults.intent === intent && lastResults.id === id ? lastResults.result : undefined;
  return (
    <div className="space-y-4" data-testid="annotations-panel">
      <Form
        method="get"
        action="/"
        aria-label={UI.layers}
        className="space-y-2"
        onChange={hydrated ? (event: FormEvent<HTMLFormElement>) => event.currentTarget.requestSubmit() : undefined}
      >
        <HiddenParams query={query} except={[DASHBOARD_PARAMS.layers]} />
        <fieldset>
          <legend className="mb-1 text-sm font-semibold">{UI.layers}</legend>
          {layers.length === 0 ? <p className="text-sm text-slate-500">{UI.noLayers}</p> : null}
          <ul className="space-y-1" key={selected.join()}>
            {layers.map((layer) => (
              <li key={layer.id}>
                <label className="flex items-center gap-2 text-sm" data-testid="layer-option">
                  <input type="checkbox" name={DASHBOARD_PARAMS.layers} value={layer.id} defaultChecked={selected.includes(layer.id)} className="size-4 rounded border-slate-300" />
                  <span aria-hidden className="size-3 rounded-sm" style={{ backgroundColor: LAYER_COLORS[layer.color] ?? LAYER_COLORS[0] }} />
                  <span>{layer.name}</span>
                  <span className="text-xs text-slate-500">{layer.type}</span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
        {layers.length > 0 ? (
          <button type="submit" className="rounded-md border border-slate-300 bg-white px-3 py-1 text-sm font-medium hover:bg-slate-50">
            {UI.showLayers}
          </button>
        ) : null}
      </Form>

      {readOnly ? null : (
        <details key={`layer-${formsKey}`} className="rounded-md border border-slate-200" open={resultOf("createLayer")?.status === "error" ? true : undefined}>
          <summary className="cursor-pointer px-3 py-2 text-sm font-medium" data-testid="new-layer-toggle">
            {UI.newLayer}
          </summary>
          <div className="border-t border-slate-200 p-3">
            <NewLayerForm brands={brands} formAction={formAction} lastResult={resultOf("createLayer")} />
          </div>
        </details>
      )}

      <section aria-labelledby="annotations-heading" className="space-y-2">
        <h3 id="annotations-heading" className="text-sm font-semibold">
          {UI.annotations}
        </h3>
        {annotations.length === 0 ? (
          <p className="text-sm text-slate-500">{UI.noAnnotations}</p>
        ) : (
          <ul className="divide-y divide-slate-100 rounded-md border border-slate-200">
            {annotations.map((annotation) => (
              <AnnotationRow
                key={annotation.id}
                annotation={annotation}
                layers={layers}
                query={query}
                readOnly={readOnly}
                formAction={formAction}
                lastResult={resultOf("updateAnnotation", annotation.id)}
              />
            ))}
          </ul>
        )}
        {readOnly || layers.length === 0 ? null : (
          <details
            key={`annotation-${formsKey}`}
            className="rounded-md border border-slate-200"
            open={resultOf("createAnnotation")?.status === "error" ? true : undefined}
          >
            <summary className="cursor-pointer px-3 py-2 text-sm font-medium" data-testid="new-annotation-toggle">
              {UI.newAnnotation}
            </summary>
            <div className="border-t border-slate-200 p-3">
              <AnnotationForm
                id="new-annotation"
                intent="createAnnotation"
                layers={layers}
                query={query}
                formAction={formAction}
                lastResult={resultOf("createAnnotation")}
              />
            </div>
          </details>
        )}
      </section>
    </div>
  );
}

function NewLayerForm({ brands, formAction, lastResult }: { brands: DashboardSelectorContext[]; formAction: string; lastResult: LastResult }) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "new-layer",
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: AnnotationLayerFormSchema }),
  });
  const creating = navigation.state === "submitting" && navigation.formData?.get("intent") === "createLayer";
  const colorErrors = fields.color.errors ?? [];
  return (
    <Form method="post" action={formAction} {...getFormProps(form)} aria-label={UI.newLayer} className="space-y-3">
      <CsrfInput />
      <input type="hidden" name="intent" value="createLayer" />
      <FormErrors id={form.errorId} errors={form.errors} />
      <TextField label={MESSAGES.name} field={fields.name} autoComplete="off" />
      <fieldset aria-describedby={colorErrors.length ? fields.color.errorId : undefined}>
        <legend className="mb-1 text-sm font-medium text-slate-700">{UI.colour}</legend>
        <div className="flex flex-wrap gap-1.5" key={fields.color.key}>
          {LAYER_COLORS.map((hex, index) => (
            <label key={hex} className="relative cursor-pointer" title={hex}>
              <input
                type="radio"
                name={fields.color.name}
                value={index}
                defaultChecked={fields.color.initialValue === String(index)}
                aria-label={UI.colourNumber(`${index + 1} (${hex})`)}
                className="peer sr-only"
              />
              <span
                aria-hidden
                className="block size-6 rounded-full ring-offset-2 peer-checked:ring-2 peer-checked:ring-slate-900 peer-focus-visible:outline peer-focus-visible:outline-2 peer-focus-visible:outline-brand-600"
                style={{ backgroundColor: hex }}
              />
            </label>
          ))}
        </div>
        <FieldErrors id={fields.color.errorId} errors={colorErrors} />
      </fieldset>
      <Labelled field={fields.brand} label={UI.brand}>
        <select {...getSelectProps(fields.brand)} key={fields.brand.key} className={inputClass}>
          <option value="">{UI.noBrand}</option>
          {brands.map((brand) => (
            <option key={brand.contextId} value={brand.contextId}>
              {brand.title}
            </option>
          ))}
        </select>
      </Labelled>
      <Labelled field={fields.type} label={MESSAGES.topicsScreen.type}>
        <select {...getSelectProps(fields.type)} key={fields.type.key} className={inputClass}>
          {ANNOTATION_LAYER_TYPES.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </select>
      </Labelled>
      <Button pending={creating}>{UI.createLayer}</Button>
    </Form>
  );
}

function AnnotationForm({
  id,
  intent,
  layers,
  query,
  formAction,
  lastResult,
  annotation,
}: {
  id: string;
  intent: "createAnnotation" | "updateAnnotation";
  layers: ApiAnnotationLayer[];
  query: DashboardQuery;
  formAction: string;
  lastResult: LastResult;
  annotation?: ApiAnnotation;
}) {
  const navigation = useNavigation();
  const selected = query.layerIds ?? [];
  const [form, fields] = useForm({
    id,
    lastResult,
    defaultValue: annotation
      ? { name: annotation.name, text: annotation.text ?? "", anchorDate: dayOf(annotation.anchorDate, query.timeZone), layerId: String(annotation.layerId) }
      : { anchorDate: dayOf(new Date(Date.parse(query.to) - 1).toISOString(), query.timeZone), layerId: String(selected[0] ?? layers[0]?.id ?? "") },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: annotation ? AnnotationUpdateSchema : AnnotationFormSchema }),
  });
  const pending =
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === intent &&
    (!annotation || navigation.formData.get("id") === String(annotation.id));
  return (
    <Form method="post" action={formAction} {...getFormProps(form)} aria-label={annotation ? UI.editAnnotationOf(annotation.name) : UI.newAnnotation} className="space-y-3">
      <CsrfInput />
      <input type="hidden" name="intent" value={intent} />
      {annotation ? <input type="hidden" name="id" value={annotation.id} /> : null}
      <FormErrors id={form.errorId} errors={form.errors} />
      <TextField label={MESSAGES.name} field={fields.name} autoComplete="off" />
      <Labelled field={fields.text} label={UI.description}>
        <textarea {...getTextareaProps(fields.text)} key={fields.text.key} rows={3} className={inputClass} />
      </Labelled>
      <Labelled field={fields.anchorDate} label={UI.anchorDate}>
        <input {...getInputProps(fields.anchorDate, { type: "date" })} key={fields.anchorDate.key} className={inputClass} />
      </Labelled>
      <Labelled field={fields.layerId} label={UI.layer}>
        <select {...getSelectProps(fields.layerId)} key={fields.layerId.key} className={inputClass}>
          {layers.map((layer) => (
            <option key={layer.id} value={layer.id}>
              {layer.name}
            </option>
          ))}
        </select>
      </Labelled>
      <Button pending={pending}>{annotation ? MESSAGES.save : UI.addAnnotation}</Button>
    </Form>
  );
}

function AnnotationRow({
  annotation,
  layers,
  query,
  readOnly,
  formAction,
  lastResult,
}: {
  annotation: ApiAnnotation;
  layers: ApiAnnotationLayer[];
  query: DashboardQuery;
  readOnly: boolean;
  formAction: string;
  lastResult: LastResult;
}) {
  const navigation = useNavigation();
  const layer = layers.find((l) => l.id === annotation.layerId);
  const deleting =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "deleteAnnotation" && navigation.formData.get("id") === String(annotation.id);
  return (
    <li className="space-y-1 px-3 py-2" data-testid="annotation-row">
      <div className="flex flex-wrap items-center gap-2">
        <span aria-hidden className="size-2.5 rounded-full" style={{ backgroundColor: LAYER_COLORS[layer?.color ?? 0] }} />
        <span className="text-sm font-medium">{annotation.name}</span>
        <span className="text-xs text-slate-500">{dayOf(annotation.anchorDate, query.timeZone)}</span>
        {readOnly ? null : (
          <div className="ml-auto flex items-center gap-1">
            <details className="relative" open={lastResult?.status === "error" ? true : undefined}>
              <summary className="cursor-pointer list-none rounded-md px-2 py-0.5 text-sm font-medium hover:bg-slate-100" aria-label={UI.editAnnotationOf(annotation.name)}>
                {MESSAGES.edit}
              </summary>
              <div className="absolute right-0 z-20 mt-1 w-80 rounded-lg border border-slate-200 bg-white p-3 shadow-xl">
                <AnnotationForm
                  id={`annotation-${annotation.id}`}
                  intent="updateAnnotation"
                  layers={layers}
                  query={query}
                  formAction={formAction}
                  lastResult={lastResult}
                  annotation={annotation}
                />
              </div>
            </details>
            <Form method="post" action={formAction}>
              <CsrfInput />
              <input type="hidden" name="intent" value="deleteAnnotation" />
              <input type="hidden" name="id" value={annotation.id} />
              <Button variant="ghost" pending={deleting} className="px-2 py-0.5 text-red-700 hover:bg-red-50" aria-label={UI.deleteAnnotationOf(annotation.name)}>
                {MESSAGES.delete}
              </Button>
            </Form>
          </div>
        )}
      </div>
      {annotation.text ? <p className="text-sm text-slate-600">{annotation.text}</p> : null}
    </li>
  );
}
