import * as T from '../settings-texts';
import { ImageField } from '../ImageField';
import { TextField } from '../TextField';
import { ListField } from '../ListField';
import { PORTFOLIO, CERTIFICATION, maxItems } from './limits';
import { Section } from './Section';
import type { SectionProps } from './Section';

/** The portfolio's certifications. */
export function CertificationsSection({ formId: id, values, set }: SectionProps) {
  return (
    <Section title={T.SECTION_CERTIFICATIONS}>
      <ListField
        label={T.SECTION_CERTIFICATIONS}
        hideLabel
        item={T.CERTIFICATION_ITEM}
        items={values.certifications}
        max={maxItems(PORTFOLIO.certifications)}
        blank={() => ({ title: '', issuer: '', date: '', credentialUrl: '', image: '' })}
        onChange={(certifications) => set({ certifications })}
      >
        {(certification, update, position) => (
          <>
            <TextField
              formId={id}
              name={`certification-${position}-title`}
              label={T.CERTIFICATION_TITLE_LABEL}
              required
              maxLength={CERTIFICATION.title.maxLength}
              value={certification.title}
              onChange={(title) => update({ title })}
            />
            <TextField
              formId={id}
              name={`certification-${position}-issuer`}
              label={T.ISSUER_LABEL}
              required
              maxLength={CERTIFICATION.issuer.maxLength}
              value={certification.issuer}
              onChange={(issuer) => update({ issuer })}
            />
            <TextField
              formId={id}
              name={`certification-${position}-date`}
              label={T.ISSUED_LABEL}
              required
              type="month"
              placeholder="2024-03"
              hint={T.ISSUED_HINT}
              value={certification.date}
              onChange={(date) => update({ date })}
            />
            <TextField
              formId={id}
              name={`certification-${position}-credential`}
              label={T.CREDENTIAL_URL_LABEL}
              type="url"
              hint={T.CREDENTIAL_URL_HINT}
              maxLength={CERTIFICATION.credentialUrl.maxLength}
              value={certification.credentialUrl}
              onChange={(credentialUrl) => update({ credentialUrl })}
            />
            <ImageField value={certification.image} onChange={(image) => update({ image })} />
          </>
        )}
      </ListField>
    </Section>
  );
}
