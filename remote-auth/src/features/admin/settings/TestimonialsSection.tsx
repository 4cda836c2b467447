import * as T from '../settings-texts';
import { TextField } from '../TextField';
import { ListField } from '../ListField';
import { PORTFOLIO, maxItems, TESTIMONIAL } from './limits';
import { Section } from './Section';
import type { SectionProps } from './Section';

/** The portfolio's testimonials. */
export function TestimonialsSection({ formId: id, values, set }: SectionProps) {
  return (
    <Section title={T.SECTION_TESTIMONIALS}>
      <ListField
        label={T.SECTION_TESTIMONIALS}
        hideLabel
        item={T.TESTIMONIAL_ITEM}
        items={values.testimonials}
        max={maxItems(PORTFOLIO.testimonials)}
        blank={() => ({ quote: '', name: '', role: '' })}
        onChange={(testimonials) => set({ testimonials })}
      >
        {(testimonial, update, position) => (
          <>
            <TextField
              formId={id}
              name={`testimonial-${position}-quote`}
              label={T.QUOTE_LABEL}
              required
              rows={3}
              maxLength={TESTIMONIAL.quote.maxLength}
              value={testimonial.quote}
              onChange={(quote) => update({ quote })}
            />
            <TextField
              formId={id}
              name={`testimonial-${position}-name`}
              label={T.PERSON_LABEL}
              required
              maxLength={TESTIMONIAL.name.maxLength}
              value={testimonial.name}
              onChange={(name) => update({ name })}
            />
            <TextField
              formId={id}
              name={`testimonial-${position}-role`}
              label={T.PERSON_ROLE_LABEL}
              required
              maxLength={TESTIMONIAL.role.maxLength}
              value={testimonial.role}
              onChange={(role) => update({ role })}
            />
          </>
        )}
      </ListField>
    </Section>
  );
}
