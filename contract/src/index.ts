// @portfolio/contract: the content API's schemas and the types derived from them
// (docs/decisions/052).
export * from './schemas.js';
export { check } from './check.js';
export * from './text.js';
export * from './images.js';
export type { Static, TArray, TSchema } from '@sinclair/typebox';
export * from './runtime-config.js';
export * from './routes.js';
export * from './revisions.js';
export * from './content-export.js';
export * from './site-settings.js';
export * from './env-settings.js';
export * from './insights.js';
export * from './content-html.js';
export * from './comments.js';
export * from './newsletter.js';
