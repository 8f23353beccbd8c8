import { useLocation } from "@remix-run/react";
import { useRef } from "react";

/** What formKey remembers between renders: the last answer seen and how many there were. */
export interface FormKeyState {
  answer: object | null;
  answers: number;
}

/**
 * The key of a form that starts again with fresh defaults after each navigation (a saved form comes back
 * empty), except while an answer of its action is on screen. The router shows an action's answer (its
 * errors and the values sent) before the revalidation after it finishes and the address changes; keying
 * on the address alone remounted the form a second time then, and lost what was typed since the errors
 * appeared. So a new answer remounts it once, when it appears, and the address changing under the same
 * answer does not.
 */
export function formKey(
  state: FormKeyState,
  answer: object | null | undefined,
  locationKey: string,
): { key: string; state: FormKeyState } {
  if (!answer) return { key: locationKey, state: { answer: null, answers: state.answers } };
  const next = answer === state.answer ? state : { answer, answers: state.answers + 1 };
  return { key: `answer-${next.answers}`, state: next };
}

/** formKey for a form whose action's answer is `answer` (undefined when the page holds none of its). */
export function useFormKey(answer: object | null | undefined): string {
  const location = useLocation();
  const remembered = useRef<FormKeyState>({ answer: null, answers: 0 });
  // Rendering the same answer again (a re-render, React's double render) gives the same key.
  const { key, state } = formKey(remembered.current, answer, location.key);
  remembered.current = state;
  return key;
}
