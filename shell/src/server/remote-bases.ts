// The global through which the shell's server tells each remote's server container where its
// files live (remote name → public base URL). Written by ./remotes.ts before a container loads;
// read by the runtime plugin compiled into every remote's server build
// (tools/webpack/server-public-path.ts). The shell owns the name, so its sources never import
// the build tools (docs/decisions/073-boundaries-and-file-names.md).
export const REMOTE_BASES_GLOBAL = '__portfolioRemoteBases';
