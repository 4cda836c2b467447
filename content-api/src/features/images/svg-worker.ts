// Runs in a worker thread of the SVG pool (svg-checks.ts, docs/decisions/082): the whole check
// of an uploaded SVG, which is CPU work the request thread must never do (a 2 MiB SVG once held
// the API for seconds). Imports nothing of the app but the two modules that do the work.
import { inspectSvg } from './image-type.js';
import { sanitizeSvg } from './svg-sanitizer.js';

export const SVG_EMPTY_AFTER_SANITIZING =
  'Unsupported image: nothing of the SVG is left once non-SVG content is removed.';

/** What the pool sends back: the stored form of the SVG, or why it is refused. */
export type SvgCheckResult = { ok: true; data: Uint8Array } | { ok: false; reason: string };

/**
 * Refuses the obviously hostile with a reason, keeps only what is on the SVG allow-list, then
 * checks the result again, belt and braces.
 */
export default async function checkSvg(bytes: Uint8Array): Promise<SvgCheckResult> {
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const inspection = inspectSvg(data);
  if (!inspection.ok) return inspection;
  const clean = await sanitizeSvg(data);
  if (!clean) return { ok: false, reason: SVG_EMPTY_AFTER_SANITIZING };
  const again = inspectSvg(clean);
  if (!again.ok) return again;
  return { ok: true, data: new Uint8Array(clean.buffer, clean.byteOffset, clean.byteLength) };
}
