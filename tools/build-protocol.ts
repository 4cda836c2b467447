// What `tools/build.ts` tells a parent that runs it with an IPC channel (tools/start.ts): the
// builds are written and stamped, ready to serve, before webpack's persistent caches are stored
// (docs/decisions/212). The process still exits as before, once the caches are stored.
export const BUILT_MESSAGE = 'portfolio:built';

export function isBuiltMessage(message: unknown): boolean {
  return message === BUILT_MESSAGE;
}
