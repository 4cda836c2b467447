import * as T from '../settings-texts';
import { TextField } from '../TextField';
import { ListField } from '../ListField';
import { PORTFOLIO, EXPERIENCE, maxItems } from './limits';
import { Section } from './Section';
import type { SectionProps } from './Section';

/** The portfolio's experience. */
export function ExperienceSection({ formId: id, values, set }: SectionProps) {
  return (
    <Section title={T.SECTION_EXPERIENCE}>
      <ListField
        label={T.SECTION_EXPERIENCE}
        hideLabel
        item={T.EXPERIENCE_ITEM}
        items={values.experience}
        max={maxItems(PORTFOLIO.experience)}
        blank={() => ({ role: '', organisation: '', period: '', highlights: '' })}
        onChange={(experience) => set({ experience })}
      >
        {(entry, update, position) => (
          <>
            <TextField
              formId={id}
              name={`experience-${position}-role`}
              label={T.ROLE_LABEL}
              required
              maxLength={EXPERIENCE.role.maxLength}
              value={entry.role}
              onChange={(role) => update({ role })}
            />
            <TextField
              formId={id}
              name={`experience-${position}-organisation`}
              label={T.ORGANISATION_LABEL}
              required
              maxLength={EXPERIENCE.organisation.maxLength}
              value={entry.organisation}
              onChange={(organisation) => update({ organisation })}
            />
            <TextField
              formId={id}
              name={`experience-${position}-period`}
              label={T.PERIOD_LABEL}
              required
              hint={T.PERIOD_HINT}
              maxLength={EXPERIENCE.period.maxLength}
              value={entry.period}
              onChange={(period) => update({ period })}
            />
            <TextField
              formId={id}
              name={`experience-${position}-highlights`}
              label={T.HIGHLIGHTS_LABEL}
              rows={4}
              value={entry.highlights}
              onChange={(highlights) => update({ highlights })}
            />
          </>
        )}
      </ListField>
    </Section>
  );
}
