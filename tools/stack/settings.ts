// The local stack's settings (`npm start`, `npm run dev`: tools/stack/; the edge in front of
// them: tools/edge.ts), written once as a schema (docs/decisions/147). The stack reads them
// once and starts the services with them; each service reads its own again, by its own schema
// (shell/server/settings.ts, content-api/src/settings.ts). Where the stack gives a service a
// value of its own (LOG_REQUESTS off, TRUST_PROXY from loopback, notifications to this machine
// allowed), its default is here.
import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { AppPortsSchema } from '@portfolio/platform/apps';
import {
  RuntimeConfigSettingsSchema,
  SiteAddressSettingsSchema,
} from '@portfolio/platform/runtime-config';
import {
  NodeEnvSchema,
  Setting,
  SettingsFileSchema,
  readSettings,
} from '@portfolio/platform/settings';
import type { Env } from '@portfolio/platform/settings';

const site = SiteAddressSettingsSchema.properties;

export const StackSettingsSchema = Type.Object({
  ...SettingsFileSchema.properties,
  ...NodeEnvSchema.properties,
  ...AppPortsSchema.properties,
  HOST: Setting.text({ fallback: '127.0.0.1', accepts: 'an address to bind to' }),
  SITE_URL: site.SITE_URL,
  PUBLIC_HOSTS: site.PUBLIC_HOSTS,
  API_BASE_URL: site.API_BASE_URL,
  FIREBASE_API_KEY: RuntimeConfigSettingsSchema.properties.FIREBASE_API_KEY,
  FIREBASE_PROJECT_ID: RuntimeConfigSettingsSchema.properties.FIREBASE_PROJECT_ID,
  AUTH_EMULATOR_URL: RuntimeConfigSettingsSchema.properties.AUTH_EMULATOR_URL,
  /** Where the emulator keeps its accounts between runs, from the repository's root. */
  EMULATOR_DATA_DIR: Setting.text({ fallback: '.firebase-emulator-data', accepts: 'a folder' }),
  // The API's and the site's info line per request would only be dropped (tools/stack/).
  LOG_REQUESTS: Setting.onOff(false),
  // Unset: one made for each run, known only to the API and the site's server it starts.
  CONTENT_EVENTS_KEY: Type.Optional(
    Setting.text({ accepts: "the content API's CONTENT_EVENTS_KEY", secret: true }),
  ),
  // Unset: the apps' local origins.
  CORS_ORIGINS: Type.Optional(Setting.text({ accepts: 'origins, comma-separated' })),
  // The browser reaches the API through the site's server (docs/decisions/101), which says who
  // asked in X-Forwarded-For: believed from loopback only.
  TRUST_PROXY: Setting.text({ fallback: '127.0.0.1,::1', accepts: 'proxies, or a hop count' }),
  // A local catcher is where development's new-message notifications go (a webhook or SMTP
  // server on this machine): the API refuses them unless told (docs/decisions/163).
  ALLOW_NOTIFICATIONS_TO_LOOPBACK: Setting.onOff(true),
  /** The edge in front of the stack (tools/edge.ts). */
  EDGE_PORT: Setting.port(8080),
  // The mail catcher (MailDev, tools/stack/mail.ts, docs/decisions/205): its SMTP server, the
  // API's SMTP_URL while it runs, and its web page and JSON API; both on 127.0.0.1 only.
  MAIL_SMTP_PORT: Setting.port(1025),
  MAIL_WEB_PORT: Setting.port(1080),
});

export type StackSettings = Static<typeof StackSettingsSchema>;

/** The stack's settings from `env`, checked: read once when the stack is made. */
export function readStackSettings(env: Env): StackSettings {
  return readSettings(StackSettingsSchema, env);
}
