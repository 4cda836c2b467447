// The part of react-refresh's runtime the shell's development build calls
// (federation-runtime/src/react-refresh-hook.ts); the package ships no types.
declare module 'react-refresh/runtime' {
  export function injectIntoGlobalHook(globalObject: Window): void;
}
