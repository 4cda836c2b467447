import { isAboutData } from './isAboutData';

const valid = {
  name: 'A',
  title: 'B',
  intro: ['one', 'two'],
  funFacts: [{ label: 'x', value: 'y' }],
};

describe('isAboutData', () => {
  it('accepts the documented shape', () => {
    expect(isAboutData(valid)).toBe(true);
    expect(isAboutData({ ...valid, intro: [], funFacts: [] })).toBe(true);
  });

  it.each([
    ['null', null],
    ['an array', [valid]],
    ['a missing name', { ...valid, name: undefined }],
    ['intro as text', { ...valid, intro: 'one' }],
    ['a number in intro', { ...valid, intro: ['one', 2] }],
    ['a fun fact without value', { ...valid, funFacts: [{ label: 'x' }] }],
    ['funFacts missing', { ...valid, funFacts: undefined }],
  ])('rejects %s', (_, value) => {
    expect(isAboutData(value)).toBe(false);
  });
});
