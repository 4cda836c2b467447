import * as T from '../settings-texts';
import { TextField } from '../TextField';
import { ListField } from '../ListField';
import { PORTFOLIO, maxItems, SERVICE } from './limits';
import { Section } from './Section';
import type { SectionProps } from './Section';

/** The services the owner offers. */
export function ServicesSection({ formId: id, values, set }: SectionProps) {
  return (
    <Section title={T.SECTION_SERVICES}>
      <ListField
        label={T.SECTION_SERVICES}
        hideLabel
        item={T.SERVICE_ITEM}
        items={values.services}
        max={maxItems(PORTFOLIO.services)}
        blank={() => ({ title: '', description: '' })}
        onChange={(services) => set({ services })}
      >
        {(service, update, position) => (
          <>
            <TextField
              formId={id}
              name={`service-${position}-title`}
              label={T.SERVICE_TITLE_LABEL}
              required
              maxLength={SERVICE.title.maxLength}
              value={service.title}
              onChange={(title) => update({ title })}
            />
            <TextField
              formId={id}
              name={`service-${position}-description`}
              label={T.SERVICE_DESCRIPTION_LABEL}
              required
              rows={3}
              maxLength={SERVICE.description.maxLength}
              value={service.description}
              onChange={(description) => update({ description })}
            />
          </>
        )}
      </ListField>
    </Section>
  );
}
