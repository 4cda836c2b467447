// The API's limits of each part of the settings (docs/decisions/052): the fields' maxLength and
// maxItems.
import {
  AboutSettingsInputSchema,
  CertificationInputSchema,
  ExperienceInputSchema,
  OwnerSettingsInputSchema,
  PortfolioSettingsInputSchema,
  SkillGroupInputSchema,
} from '@portfolio/contract';

export const OWNER = OwnerSettingsInputSchema.properties;
export const ABOUT = AboutSettingsInputSchema.properties;
export const PORTFOLIO = PortfolioSettingsInputSchema.properties;
export const CERTIFICATION = CertificationInputSchema.properties;
export const EXPERIENCE = ExperienceInputSchema.properties;
export const SKILL_GROUP = SkillGroupInputSchema.properties;
export const maxItems = (schema: { maxItems?: number }) => schema.maxItems ?? 20;
export const SOCIAL = OWNER.social.items.properties;
export const FUN_FACT = ABOUT.funFacts.items.properties;
export const TESTIMONIAL = PORTFOLIO.testimonials.items.properties;
export const SERVICE = PORTFOLIO.services.items.properties;
