import * as T from '../settings-texts';
import { TextField } from '../TextField';
import { ListField } from '../ListField';
import { ABOUT, maxItems, FUN_FACT } from './limits';
import { Section, fieldOf } from './Section';
import type { SectionProps } from './Section';

/** The about page: the introduction and the fun facts. */
export function AboutSection({ formId: id, values, set }: SectionProps) {
  const field = fieldOf({ formId: id, values, set });
  return (
    <Section title={T.SECTION_ABOUT}>
      {field(
        'intro',
        T.INTRO_LABEL,
        {},
        {
          rows: 8,
          required: true,
          hint: T.PARAGRAPHS_HINT,
        },
      )}
      <ListField
        label={T.FUN_FACTS_LABEL}
        item={T.FUN_FACT_ITEM}
        items={values.funFacts}
        max={maxItems(ABOUT.funFacts)}
        blank={() => ({ label: '', value: '' })}
        onChange={(funFacts) => set({ funFacts })}
      >
        {(fact, update, position) => (
          <>
            <TextField
              formId={id}
              name={`fact-${position}-label`}
              label={T.FACT_LABEL_LABEL}
              required
              maxLength={FUN_FACT.label.maxLength}
              value={fact.label}
              onChange={(label) => update({ label })}
            />
            <TextField
              formId={id}
              name={`fact-${position}-value`}
              label={T.FACT_VALUE_LABEL}
              required
              maxLength={FUN_FACT.value.maxLength}
              value={fact.value}
              onChange={(value) => update({ value })}
            />
          </>
        )}
      </ListField>
    </Section>
  );
}
