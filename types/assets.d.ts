// Webpack asset and CSS-module imports, typed once for every front-end package.
declare module '*.module.css' {
  const classes: Readonly<Record<string, string>>;
  export default classes;
}
declare module '*.css';
// An SVG drawing as WebP images of three widths (tools/webpack/svg-raster.ts).
declare module '*.svg?picture' {
  import type { Picture } from '@portfolio/shared/types';

  const picture: Picture;
  export default picture;
}
declare module '*.svg' {
  const url: string;
  export default url;
}
declare module '*.png' {
  const url: string;
  export default url;
}
declare module '*.webp' {
  const url: string;
  export default url;
}
declare module '*.jpg' {
  const url: string;
  export default url;
}

// A remote's routes, as its standalone bootstrap imports them
// (federation-runtime/src/standalone-bootstrap.tsx): the build points @portfolio/remote-src at the
// remote's sources; the contract checks the file.
declare module '@portfolio/remote-src/routes.json' {
  const routes: unknown;
  export default routes;
}

// A remote's script islands, as its island scripts file imports them
// (federation-runtime/src/island-scripts-entry.ts): the build points @portfolio/remote-src at the
// remote's sources, and builds the file only for a remote that has src/island-scripts.ts.
declare module '@portfolio/remote-src/island-scripts' {
  import type { IslandScriptRegistry } from '@portfolio/shared/island-protocol';

  export const islandScripts: IslandScriptRegistry;
}
