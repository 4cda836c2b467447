// How each contact form reads the API's answer (docs/product.md#contact).
import type { ContactResult } from '@portfolio/shared/api-client';
import { CONTACT_PAGE_FAILED, CONTACT_SUCCESS, HOME_CONTACT_FAILED } from '../../texts';
import type { ContactOutcome } from './ContactForm';

const SENT: ContactOutcome = { kind: 'success', text: CONTACT_SUCCESS };

/** Home: only 201 is a success; any other status is the same failure message. */
export function judgeHomeContact(result: ContactResult): ContactOutcome {
  return result.status === 201 ? SENT : { kind: 'error', text: HOME_CONTACT_FAILED };
}

/** Contact page: any ok status is a success; otherwise the server's message, or a default. */
export function judgeContactPage(result: ContactResult): ContactOutcome {
  return result.ok ? SENT : { kind: 'error', text: result.message || CONTACT_PAGE_FAILED };
}
