import { useLocation } from "@remix-run/react";

/** Each answer object its own number: the same answer always gives the same key. */
const answerNumbers = new WeakMap<object, number>();
let answersSeen = 0;

/**
 * The key of a form that starts again with fresh defaults after each navigation (a saved form comes back
 * empty), except while an answer of its action is on screen. The router shows an action's answer (its
 * errors and the values sent) before the revalidation after it finishes and the address changes; keying
 * on the address alone remounted the form a second time then, and lost what was typed since the errors
 * appeared. So each new answer remounts it once, when it appears, and the address changing under the
 * same answer does not.
 */
export function formKey(answer: object | null | undefined, locationKey: string): string {
  if (!answer) return locationKey;
  let number = answerNumbers.get(answer);
  if (number === undefined) answerNumbers.set(answer, (number = ++answersSeen));
  return `answer-${number}`;
}

/** formKey for the forms of a page whose action's answer is `answer` (undefined when there is none). */
export function useFormKey(answer: object | null | undefined): string {
  return formKey(answer, useLocation().key);
}
