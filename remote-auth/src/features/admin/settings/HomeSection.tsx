import * as T from '../settings-texts';
import { PORTFOLIO } from './limits';
import { Section, fieldOf } from './Section';
import type { SectionProps } from './Section';

/** The home page's texts. */
export function HomeSection({ formId: id, values, set }: SectionProps) {
  const field = fieldOf({ formId: id, values, set });
  return (
    <Section title={T.SECTION_HOME}>
      {field('heroIntro', T.HERO_INTRO_LABEL, PORTFOLIO.heroIntro, { rows: 3, required: true })}
      {field('aboutTeaser', T.ABOUT_TEASER_LABEL, PORTFOLIO.aboutTeaser, {
        rows: 3,
        required: true,
      })}
      {field(
        'summary',
        T.SUMMARY_LABEL,
        {},
        {
          rows: 6,
          required: true,
          hint: T.PARAGRAPHS_HINT,
        },
      )}
    </Section>
  );
}
