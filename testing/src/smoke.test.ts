import { getProjects } from '@portfolio/shared/api-client';
import { mockFetch, setUpTestRuntimeConfig } from './index';

setUpTestRuntimeConfig();

test('the test utilities wire the API client to a mocked fetch', async () => {
  mockFetch({ 'GET /projects': { body: [] } });
  await expect(getProjects()).resolves.toEqual([]);
});
