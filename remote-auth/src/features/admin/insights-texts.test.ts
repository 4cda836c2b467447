import { percentages } from './insights-texts';

describe('percentages', () => {
  it.each([
    [
      [1, 1, 1],
      ['34%', '33%', '33%'],
    ],
    [
      [2, 1],
      ['67%', '33%'],
    ],
    [
      [1, 1, 4],
      ['17%', '17%', '66%'],
    ],
    [
      [5, 0],
      ['100%', '0%'],
    ],
    [
      [0, 0],
      ['0%', '0%'],
    ],
    [[], []],
  ])('shares %j as %j, adding up to 100%% when there is anything', (parts, expected) => {
    expect(percentages(parts)).toEqual(expected);
  });

  it('never adds up to anything but 100% over many splits', () => {
    for (let a = 0; a < 30; a += 1) {
      for (let b = 1; b < 30; b += 3) {
        const sum = percentages([a, b, 7]).reduce((total, share) => total + parseInt(share, 10), 0);
        expect(sum).toBe(100);
      }
    }
  });
});
