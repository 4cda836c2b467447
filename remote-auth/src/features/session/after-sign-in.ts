// Where a sign-in or sign-up form goes once the visitor is signed in: the welcome page, or the
// page that sent them here to sign in (`?next=`, a path of this site only: docs/decisions/200),
// e.g. an article's comments. The link between the two forms keeps the way back.
import { RETURN_PARAM, returningTo, safeReturnPath } from '@portfolio/shared/return-to';
import { useNavigate, useSearchParams } from '@portfolio/shared/router';
import { WELCOME_ROUTE } from '../../texts';

export function useAfterSignIn(): {
  /** Goes where the visitor is expected now. */
  proceed(): void;
  /** The address of the other form (sign-up from sign-in, and back), keeping the way back. */
  otherForm(formPath: string): string;
} {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const next = safeReturnPath(search.get(RETURN_PARAM));
  return {
    proceed: () => navigate(next ?? WELCOME_ROUTE),
    otherForm: (formPath) => (next ? returningTo(formPath, next) : formPath),
  };
}
