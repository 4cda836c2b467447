// `import x from './x.svg?picture'` in Jest (tools/webpack/svg-raster.ts builds the real one).
module.exports = {
  src: 'test-file-stub-560.webp',
  srcSet:
    'test-file-stub-280.webp 280w, test-file-stub-560.webp 560w, test-file-stub-840.webp 840w',
  width: 280,
  height: 240,
};
