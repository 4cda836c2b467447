// The part of semver (a CommonJS package without types) that the compatibility checks call.
// The package ships no declarations and @types/semver is not installed: these are its
// documented signatures, narrowed to what check-compat.ts and shared-exports.ts pass.
declare module 'semver' {
  type ReleaseType = 'major' | 'minor' | 'patch';
  interface Semver {
    satisfies(version: string, range: string, options?: { includePrerelease?: boolean }): boolean;
    valid(version: string | null | undefined): string | null;
    inc(version: string, release: ReleaseType): string | null;
    lt(a: string, b: string): boolean;
    gt(a: string, b: string): boolean;
    eq(a: string, b: string): boolean;
  }
  const semver: Semver;
  export default semver;
}
