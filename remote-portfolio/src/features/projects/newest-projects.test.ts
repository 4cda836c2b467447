import type { Project } from '@portfolio/shared/types';
import { newestProjects } from './newest-projects';

const project = (id: string, createdAt: string): Project => ({
  _id: id,
  title: id,
  description: '',
  imagePath: `/images/${id}.svg`,
  createdAt,
  updatedAt: createdAt,
});

const list = [
  project('2023', '2023-06-01T00:00:00.000Z'),
  project('2025', '2025-01-15T00:00:00.000Z'),
  project('broken', 'not a date'),
  project('2024', '2024-03-10T00:00:00.000Z'),
  project('2026', '2026-02-01T00:00:00.000Z'),
];

describe('newestProjects', () => {
  it('sorts by createdAt, newest first, unreadable dates last', () => {
    expect(newestProjects(list).map((p) => p._id)).toEqual([
      '2026',
      '2025',
      '2024',
      '2023',
      'broken',
    ]);
  });

  it('keeps the first `limit`', () => {
    expect(newestProjects(list, 3).map((p) => p._id)).toEqual(['2026', '2025', '2024']);
  });

  it('leaves its input alone', () => {
    const copy = [...list];
    newestProjects(list, 3);
    expect(list).toEqual(copy);
  });
});
