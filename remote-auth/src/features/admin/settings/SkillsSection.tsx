import * as T from '../settings-texts';
import { TextField } from '../TextField';
import { ListField } from '../ListField';
import { PORTFOLIO, SKILL_GROUP, maxItems } from './limits';
import { Section } from './Section';
import type { SectionProps } from './Section';

/** The portfolio's skill groups. */
export function SkillsSection({ formId: id, values, set }: SectionProps) {
  return (
    <Section title={T.SECTION_SKILLS}>
      <ListField
        label={T.SECTION_SKILLS}
        hideLabel
        item={T.SKILL_GROUP_ITEM}
        items={values.skillGroups}
        max={maxItems(PORTFOLIO.skillGroups)}
        blank={() => ({ name: '', skills: '' })}
        onChange={(skillGroups) => set({ skillGroups })}
      >
        {(group, update, position) => (
          <>
            <TextField
              formId={id}
              name={`skills-${position}-name`}
              label={T.SKILL_GROUP_NAME_LABEL}
              required
              maxLength={SKILL_GROUP.name.maxLength}
              value={group.name}
              onChange={(name) => update({ name })}
            />
            <TextField
              formId={id}
              name={`skills-${position}-skills`}
              label={T.SKILLS_LABEL}
              rows={2}
              value={group.skills}
              onChange={(skills) => update({ skills })}
            />
          </>
        )}
      </ListField>
    </Section>
  );
}
