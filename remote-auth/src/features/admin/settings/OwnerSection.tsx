import * as T from '../settings-texts';
import { TextField } from '../TextField';
import { ListField } from '../ListField';
import { OWNER, maxItems, SOCIAL } from './limits';
import { Section, fieldOf } from './Section';
import type { SectionProps } from './Section';

/** Who the owner is: name, job title, address and links. */
export function OwnerSection({ formId: id, values, set }: SectionProps) {
  const field = fieldOf({ formId: id, values, set });
  return (
    <Section title={T.SECTION_OWNER} open>
      {field('name', T.OWNER_NAME_LABEL, OWNER.name, { required: true, hint: T.OWNER_NAME_HINT })}
      {field('jobTitle', T.JOB_TITLE_LABEL, OWNER.jobTitle, { required: true })}
      {field('email', T.OWNER_EMAIL_LABEL, OWNER.email, {
        required: true,
        type: 'email',
        hint: T.OWNER_EMAIL_HINT,
      })}
      {field('location', T.LOCATION_LABEL, OWNER.location)}
      <ListField
        label={T.SOCIAL_LINKS_LABEL}
        item={T.SOCIAL_LINK_ITEM}
        items={values.social}
        max={maxItems(OWNER.social)}
        blank={() => ({ label: '', url: '' })}
        onChange={(social) => set({ social })}
      >
        {(link, update, position) => (
          <>
            <TextField
              formId={id}
              name={`social-${position}-label`}
              label={T.LINK_LABEL_LABEL}
              required
              maxLength={SOCIAL.label.maxLength}
              value={link.label}
              onChange={(label) => update({ label })}
            />
            <TextField
              formId={id}
              name={`social-${position}-url`}
              label={T.LINK_URL_LABEL}
              required
              type="url"
              maxLength={SOCIAL.url.maxLength}
              value={link.url}
              onChange={(url) => update({ url })}
            />
          </>
        )}
      </ListField>
    </Section>
  );
}
