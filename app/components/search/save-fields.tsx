import { getCollectionProps, type FieldMetadata } from "@conform-to/react";
import { Link } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { TEAM_DROPDOWN_WIDTH_PX, type SavedSearchCategory } from "../../../domain/constants";
import { MESSAGES } from "../../../domain/messages";
import { VISIBILITY, VISIBILITY_OPTIONS } from "../../../domain/visibility";
import { useDetailsDismiss } from "../../lib/use-details-dismiss";
import { FieldErrors, TextField } from "../ui/field";
import { teamsSummary } from "./format";

const LABELS = MESSAGES.searchScreen;

export const SECTION_LABELS: Readonly<Record<SavedSearchCategory, string>> = {
  brand: LABELS.sectionBrand,
  my: LABELS.sectionMy,
  team: LABELS.sectionTeam,
};

export interface SaveFieldValues {
  name: string;
  category: string;
  folder_id: string;
  entity_type: string;
  entity_ids: string[];
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- fields of the editor form, whatever its full shape
type Field<T> = FieldMetadata<T, any, string[]>;

/**
 * Name, section, folder and visibility of a search. All native controls (a select per choice, radios for
 * the visibility, checkboxes for the teams), so they work before JavaScript loads.
 */
export function SaveFields({
  fields,
  isNew,
  fixedCategory,
  categories,
  folders,
  teams,
}: {
  fields: {
    name: Field<string>;
    category: Field<string>;
    folder_id: Field<string>;
    entity_type: Field<string>;
    entity_ids: Field<string[]>;
  };
  isNew: boolean;
  /** A saved search's section (it cannot change). */
  fixedCategory: SavedSearchCategory | null;
  categories: readonly SavedSearchCategory[];
  folders: ReadonlyArray<{ id: number; name: string; category: SavedSearchCategory }>;
  teams: ReadonlyArray<{ id: number; name: string }>;
}) {
  const wanted = typeof fields.category.initialValue === "string" && fields.category.initialValue ? fields.category.initialValue : "my";
  // A section the account may not save in (an address naming it) starts at the first it may.
  const initialCategory = (fixedCategory ?? (categories.includes(wanted as SavedSearchCategory) ? wanted : (categories[0] ?? "my"))) as SavedSearchCategory;
  const [category, setCategory] = useState<SavedSearchCategory>(initialCategory);
  useEffect(() => setCategory(initialCategory), [initialCategory]);
  const folderErrors = fields.folder_id.errors ?? [];
  const categoryErrors = fields.category.errors ?? [];
  // Only the section's own folders: a saved search's, or a new one's as the page opened it (its address's
  // `section`, else the last post's) and, with JavaScript, as the section picker changes it.
  const folderSections = [fixedCategory ?? category].filter((section) => folders.some((folder) => folder.category === section));
  const initialFolder = typeof fields.folder_id.initialValue === "string" ? fields.folder_id.initialValue : "";

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <TextField label={LABELS.searchName} field={fields.name} autoComplete="off" />
      </div>
      <div className="space-y-1">
        {isNew ? (
          <>
            <label htmlFor={fields.category.id} className="block text-sm font-medium text-slate-700">
              {LABELS.section}
            </label>
            <select
              id={fields.category.id}
              name={fields.category.name}
              key={fields.category.key}
              defaultValue={initialCategory}
              onChange={(event) => setCategory(event.currentTarget.value as SavedSearchCategory)}
              aria-invalid={categoryErrors.length ? true : undefined}
              aria-describedby={categoryErrors.length ? fields.category.errorId : undefined}
              className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm"
            >
              {categories.map((section) => (
                <option key={section} value={section}>
                  {SECTION_LABELS[section]}
                </option>
              ))}
            </select>
            <FieldErrors id={fields.category.errorId} errors={categoryErrors} />
          </>
        ) : (
          <>
            <p className="block text-sm font-medium text-slate-700">{LABELS.section}</p>
            <p className="py-2 text-sm" data-testid="search-section-name">
              {fixedCategory ? SECTION_LABELS[fixedCategory] : ""}
            </p>
          </>
        )}
      </div>
      <div className="space-y-1">
        <label htmlFor={fields.folder_id.id} className="block text-sm font-medium text-slate-700">
          {LABELS.folder}
        </label>
        <select
          id={fields.folder_id.id}
          name={fields.folder_id.name}
          // A new section's folders replace the list: the choice starts again at the top level.
          key={`${fields.folder_id.key}-${category}`}
          defaultValue={category === initialCategory ? initialFolder : ""}
          aria-invalid={folderErrors.length ? true : undefined}
          aria-describedby={folderErrors.length ? fields.folder_id.errorId : undefined}
          className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm"
        >
          <option value="">{LABELS.topLevel}</option>
          {folderSections.map((section) => (
            <optgroup key={section} label={SECTION_LABELS[section]}>
              {folders
                .filter((folder) => folder.category === section)
                .map((folder) => (
                  <option key={folder.id} value={folder.id}>
                    {folder.name}
                  </option>
                ))}
            </optgroup>
          ))}
        </select>
        <FieldErrors id={fields.folder_id.errorId} errors={folderErrors} />
      </div>
      <div className="sm:col-span-2">
        <VisibilityFields entityType={fields.entity_type} entityIds={fields.entity_ids} teams={teams} />
      </div>
    </div>
  );
}

/**
 * The visibility selector (spec core §2): Only Me, Everyone, Teams as radios; Teams shows the teams as a
 * multi-select whose summary reads 'Select teams', the team, or 'N chosen'. It is a <details> with
 * checkboxes (works without JavaScript); CSS shows it only while Teams is chosen.
 */
export function VisibilityFields({
  entityType,
  entityIds,
  teams,
  compact = false,
}: {
  entityType: Field<string>;
  entityIds: Field<string[]>;
  teams: ReadonlyArray<{ id: number; name: string }>;
  /** The sidebar's narrow forms: the choices one under the other. */
  compact?: boolean;
}) {
  const initialType = typeof entityType.initialValue === "string" && entityType.initialValue ? entityType.initialValue : String(VISIBILITY.onlyMe);
  const boxes = getCollectionProps(entityIds, { type: "checkbox", options: teams.map((team) => String(team.id)) });
  const initialChosen = Array.isArray(entityIds.initialValue) ? entityIds.initialValue.filter((v): v is string => typeof v === "string") : [];
  const [chosen, setChosen] = useState<string[]>(initialChosen);
  const key = `${entityIds.key ?? ""}-${initialChosen.join(",")}`;
  const lastKey = useRef(key);
  useEffect(() => {
    if (lastKey.current === key) return;
    lastKey.current = key;
    setChosen(initialChosen);
  }, [key, initialChosen]);
  const names = teams.filter((team) => chosen.includes(String(team.id))).map((team) => team.name);
  const picker = useDetailsDismiss();
  const errors = entityIds.errors ?? [];
  const typeErrors = entityType.errors ?? [];
  return (
    <fieldset className="group/visibility space-y-2" aria-describedby={typeErrors.length ? entityType.errorId : undefined}>
      <legend className="text-sm font-medium text-slate-700">{LABELS.whoCanSee}</legend>
      <div className={compact ? "flex flex-col gap-1" : "flex flex-wrap items-center gap-x-5 gap-y-2"}>
        {VISIBILITY_OPTIONS.map((option) => (
          <label key={option.value} className="inline-flex items-center gap-2 text-sm">
            <input
              type="radio"
              name={entityType.name}
              value={option.value}
              key={`${entityType.key ?? ""}-${option.value}`}
              defaultChecked={initialType === String(option.value)}
              data-teams={option.value === VISIBILITY.teams ? "" : undefined}
              className="size-4 border-slate-300"
            />
            {option.label}
          </label>
        ))}
      </div>
      <FieldErrors id={entityType.errorId} errors={typeErrors} />
      <div className="hidden space-y-1 group-has-[[data-teams]:checked]/visibility:block" data-testid="teams-picker">
        {teams.length === 0 ? (
          <p className="text-sm text-slate-500">
            {MESSAGES.noTeamsYet}{" "}
            <Link to="/settings/teams" className="text-brand-600 underline">
              {MESSAGES.teams}
            </Link>
          </p>
        ) : (
          <details ref={picker} className={`group/teams relative ${compact ? "block" : "inline-block"}`}>
            <summary
              className={`flex cursor-pointer list-none items-center justify-between gap-2 rounded-md border bg-white px-3 py-1.5 text-sm shadow-sm ${errors.length ? "border-red-500" : "border-slate-300"}`}
              style={{ minWidth: TEAM_DROPDOWN_WIDTH_PX }}
              aria-label={`${MESSAGES.teams}: ${teamsSummary(names)}`}
              aria-describedby={errors.length ? entityIds.errorId : undefined}
            >
              <span className={`max-w-48 truncate ${names.length ? "text-ink" : "text-slate-500"}`} data-testid="teams-summary">
                {teamsSummary(names)}
              </span>
              <span aria-hidden className="text-[10px] text-slate-400 group-open/teams:rotate-180">
                ▼
              </span>
            </summary>
            <div
              className={`mt-1 max-h-60 overflow-auto rounded-md border border-slate-200 bg-white p-2 ${compact ? "" : "absolute z-20 min-w-56 shadow-lg"}`}
            >
              {boxes.map(({ key: boxKey, ...box }, index) => (
                <label key={boxKey ?? box.value} className="flex items-center gap-2 rounded px-2 py-1 text-sm hover:bg-slate-50">
                  <input
                    {...box}
                    onChange={(event) => {
                      const { checked, value } = event.currentTarget;
                      setChosen((current) => (checked ? [...current, value] : current.filter((id) => id !== value)));
                    }}
                    className="size-4 rounded border-slate-300"
                  />
                  {teams[index]!.name}
                </label>
              ))}
            </div>
          </details>
        )}
        <FieldErrors id={entityIds.errorId} errors={errors} />
      </div>
    </fieldset>
  );
}
