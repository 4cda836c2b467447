// A page rendered on the server shows its forms before the browser has taken them over: a
// visitor on a slow phone may type into a field first. React keeps what is in the field, but not
// in the form's state, so the next render of the form would empty it again. This hook reads, once
// the form is live, what was typed into its named fields and hands it to the form's state.
//
// In a layout effect: React renders the update it makes within the same task as the island's
// first commit, so no input comes between the island being marked live and its state holding what
// was typed. From a passive effect the update waited for a task of its own, and a press of Send in
// between was handled by a form whose state was still empty ("All fields are required." with
// every field filled in).
import { useLayoutEffect } from 'react';
import type { RefObject } from 'react';

/**
 * `apply` receives the named fields that hold something (name → value), only if there are any.
 * Fields whose value the form's state already has are left out.
 */
export function useTypedBeforeHydration(
  form: RefObject<HTMLFormElement | null>,
  apply: (typed: Record<string, string>) => void,
): void {
  useLayoutEffect(() => {
    const element = form.current;
    if (!element) return;
    const typed: Record<string, string> = {};
    for (const field of Array.from(element.elements)) {
      if (
        (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) &&
        field.name &&
        field.type !== 'hidden' &&
        field.value !== field.defaultValue
      ) {
        typed[field.name] = field.value;
      }
    }
    if (Object.keys(typed).length > 0) apply(typed);
    // Once, as the form goes live: later changes go through its own handlers.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
