// Packages the tools use by name or path only, never by an import: webpack's loaders, named in
// its rules (tools/webpack/build-context.ts), and the programs the stack starts by their scripts'
// paths (tools/stack/: the Auth emulator, the mail catcher). Import-following tools cannot see
// them: knip is told here that they are used (knip.ts), and the check that `npm start`'s
// runtime install has them reads this list (tools/runtime-dependencies.test.ts).
export const PACKAGES_NAMED_BY_STRING = [
  'css-loader',
  'swc-loader',
  'firebase-tools',
  'maildev',
] as const;
