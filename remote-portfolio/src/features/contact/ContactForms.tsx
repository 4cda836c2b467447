// The two contact forms (home and contact page), each an island (docs/decisions/148): an
// island's props travel in the page as JSON, so what differs between the two (how the API's
// answer is judged, the text of a failure) is chosen here by name, not passed as a function.
import { ContactForm } from './ContactForm';
import { judgeContactPage, judgeHomeContact } from './outcomes';
import { CONTACT_PAGE_EXCEPTION, HOME_CONTACT_EXCEPTION } from '../../texts';

export interface ContactFormIslandProps {
  /** id of the heading that names the form. */
  labelledBy: string;
}

export function HomeContactForm({ labelledBy }: ContactFormIslandProps) {
  return (
    <ContactForm
      judge={judgeHomeContact}
      exceptionText={HOME_CONTACT_EXCEPTION}
      labelledBy={labelledBy}
    />
  );
}

export function ContactPageForm({ labelledBy }: ContactFormIslandProps) {
  return (
    <ContactForm
      judge={judgeContactPage}
      exceptionText={CONTACT_PAGE_EXCEPTION}
      labelledBy={labelledBy}
    />
  );
}
