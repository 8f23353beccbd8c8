import type { FieldMetadata } from "@conform-to/react";
import { useState } from "react";
import { MESSAGES } from "../../../domain/messages";
import { VISIBILITY, VISIBILITY_OPTIONS } from "../../../domain/visibility";
import { useHydrated } from "../../lib/use-hydrated";
import { FieldErrors } from "../ui/field";
import { stringList } from "./format";
import { useDetailsDismiss } from "../../lib/use-details-dismiss";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a field of the topic form
type AnyField = FieldMetadata<any, any, string[]>;

/**
 * Who sees the topic (spec core §4): Only Me, Everyone, or Teams with a multi-select of teams whose
 * button reads 'Select teams', or 'N chosen' once some are ticked. Native radios and checkboxes (in a
 * <details> popover), so it works before JavaScript loads; once hydrated the teams show only for Teams.
 */
export function VisibilityField({
  legend,
  typeField,
  teamsField,
  teams,
}: {
  legend: string;
  typeField: AnyField;
  teamsField: AnyField;
  teams: ReadonlyArray<{ id: number; name: string }>;
}) {
  const hydrated = useHydrated();
  const [visibility, setVisibility] = useState(String(typeField.initialValue ?? VISIBILITY.everyone));
  const [chosen, setChosen] = useState(() => new Set(stringList(teamsField.initialValue)));
  const showTeams = !hydrated || visibility === String(VISIBILITY.teams);
  // A click outside or Escape closes the team list.
  const popover = useDetailsDismiss();

  const typeErrors = typeField.errors ?? [];
  const teamErrors = teamsField.errors ?? [];
  const summary = chosen.size ? MESSAGES.chosenCount(chosen.size) : MESSAGES.selectTeams;
  const teamsLabelId = `${teamsField.id}-label`;

  return (
    <fieldset className="space-y-2" aria-describedby={typeErrors.length ? typeField.errorId : undefined}>
      <legend className="text-sm font-medium text-slate-700">{legend}</legend>
      <div className="flex flex-wrap items-start gap-x-5 gap-y-2">
        {VISIBILITY_OPTIONS.map((option) => (
          <label key={option.value} className="inline-flex items-center gap-2 py-1 text-sm">
            <input
              type="radio"
              name={typeField.name}
              value={option.value}
              defaultChecked={visibility === String(option.value)}
              onChange={() => setVisibility(String(option.value))}
              className="size-4 border-slate-300"
            />
            {option.label}
          </label>
        ))}
        {showTeams ? (
          <div className="min-w-48 space-y-1">
            <span id={teamsLabelId} className="sr-only">
              {MESSAGES.teams}
            </span>
            {teams.length ? (
              <details ref={popover} className="group relative" data-testid="teams-select">
                <summary
                  aria-labelledby={`${teamsLabelId} ${teamsField.id}`}
                  aria-describedby={teamErrors.length ? teamsField.errorId : undefined}
                  className={`flex cursor-pointer list-none items-center justify-between gap-3 rounded-md border bg-white px-3 py-1.5 text-sm shadow-sm ${teamErrors.length ? "border-red-500" : "border-slate-300"}`}
                >
                  <span id={teamsField.id} className={chosen.size ? "text-ink" : "text-slate-500"}>
                    {summary}
                  </span>
                  <svg
                    viewBox="0 0 16 16"
                    className="size-3.5 text-slate-500 group-open:rotate-180"
                    aria-hidden
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2"
                  >
                    <path d="M4 6l4 4 4-4" />
                  </svg>
                </summary>
                <div className="absolute left-0 z-20 mt-1 max-h-64 w-64 overflow-auto rounded-md border border-slate-200 bg-white p-2 shadow-lg">
                  <ul aria-labelledby={teamsLabelId} className="space-y-1">
                    {teams.map((team) => {
                      const value = String(team.id);
                      return (
                        <li key={team.id}>
                          <label className="flex items-center gap-2 rounded px-2 py-1 text-sm hover:bg-slate-50">
                            <input
                              type="checkbox"
                              name={teamsField.name}
                              value={value}
                              defaultChecked={chosen.has(value)}
                              onChange={(event) => {
                                const checked = event.target.checked;
                                setChosen((set) => {
                                  const next = new Set(set);
                                  if (checked) next.add(value);
                                  else next.delete(value);
                                  return next;
                                });
                              }}
                              className="size-4 rounded border-slate-300"
                            />
                            {team.name}
                          </label>
                        </li>
                      );
                    })}
                  </ul>
                </div>
              </details>
            ) : (
              <p className="py-1.5 text-sm text-slate-500">{MESSAGES.noTeamsYet}</p>
            )}
            <FieldErrors id={teamsField.errorId} errors={teamErrors} />
          </div>
        ) : null}
      </div>
      <FieldErrors id={typeField.errorId} errors={typeErrors} />
    </fieldset>
  );
}
