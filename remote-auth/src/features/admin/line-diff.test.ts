import { DIFF_CONTEXT_LINES, foldUnchanged, lineDiff } from './line-diff';
import type { DiffRow } from './line-diff';

const same = (text: string): DiffRow => ({ kind: 'same', text });

describe('lineDiff (docs/decisions/143)', () => {
  it('marks the lines only in the version as removed and those only in the editor as added', async () => {
    expect(await lineDiff('one\ntwo\nthree', 'one\n2\nthree\nfour')).toEqual([
      same('one'),
      { kind: 'removed', text: 'two' },
      { kind: 'added', text: '2' },
      same('three'),
      { kind: 'added', text: 'four' },
    ]);
  });

  it('is empty for the same text, a missing last newline and Windows line ends included', async () => {
    expect(await lineDiff('a\nb', 'a\nb\n')).toEqual([]);
    expect(await lineDiff('a\r\nb\r\n', 'a\nb')).toEqual([]);
    expect(await lineDiff('', '')).toEqual([]);
  });

  it('keeps empty lines as lines', async () => {
    expect(await lineDiff('a\n\nb', 'a\nb')).toEqual([
      same('a'),
      { kind: 'removed', text: '' },
      same('b'),
    ]);
  });

  it('folds long unchanged runs, keeping the context around each change', async () => {
    const lines = Array.from({ length: 20 }, (_, index) => `line ${index + 1}`);
    const changed = [...lines];
    changed[10] = 'line eleven';
    const rows = await lineDiff(lines.join('\n'), changed.join('\n'));
    expect(rows).toEqual([
      { kind: 'skipped', count: 10 - DIFF_CONTEXT_LINES },
      same('line 8'),
      same('line 9'),
      same('line 10'),
      { kind: 'removed', text: 'line 11' },
      { kind: 'added', text: 'line eleven' },
      same('line 12'),
      same('line 13'),
      same('line 14'),
      { kind: 'skipped', count: 6 },
    ]);
  });

  it('folds a run between two changes only when it is longer than both contexts', () => {
    const run = (count: number) => Array.from({ length: count }, (_, index) => same(`${index}`));
    const change: DiffRow = { kind: 'added', text: 'x' };
    expect(foldUnchanged([change, ...run(7), change], 3)).toHaveLength(9);
    expect(foldUnchanged([change, ...run(8), change], 3)).toEqual([
      change,
      ...run(3),
      { kind: 'skipped', count: 2 },
      ...run(8).slice(5),
      change,
    ]);
  });
});
