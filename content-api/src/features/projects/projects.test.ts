import { IMAGE_VARIANT_WIDTHS } from '@portfolio/contract';
import { testDrivers } from '../../testing/databases.js';
import { adminHeaders, readerHeaders } from '../../testing/fake-auth.js';
import type { TestApp } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';

const newProject = {
  title: 'Threat Modeling Toolkit',
  description: 'Templates and checklists for quick threat models.',
  imagePath: '/images/threat-modeling.svg',
  skills: ['STRIDE', 'Data flow diagrams'],
  link: 'https://example.com/toolkit',
};

describe.each(testDrivers)('projects (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(() => t.close());

  describe('GET /api/projects', () => {
    it('lists the six seeded projects, newest first, in the contract shape', async () => {
      const response = await t.app.inject('/api/projects');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      const projects = response.json();
      expect(projects).toHaveLength(6);
      for (const project of projects) {
        expect(project).toEqual({
          _id: expect.stringMatching(/^[a-z0-9-]+$/),
          title: expect.any(String),
          description: expect.any(String),
          imagePath: expect.stringMatching(/^\/images\/[a-z0-9-]+\.svg$/),
          // The seed's SVGs: their size, and raster variants at every width (ADR 172).
          image: {
            path: expect.stringMatching(/^\/images\/[a-z0-9-]+\.svg$/),
            width: 400,
            height: 240,
            widths: [...IMAGE_VARIANT_WIDTHS],
            formats: ['avif', 'webp', 'png'],
          },
          createdAt: expect.any(String),
          updatedAt: expect.any(String),
          status: 'published',
          publishedAt: project.createdAt,
          ...(project.skills ? { skills: expect.any(Array) } : {}),
          ...(project.link ? { link: expect.stringMatching(/^https:\/\//) } : {}),
        });
        expect(new Date(project.createdAt).toISOString()).toBe(project.createdAt);
      }
      const dates = projects.map((project: { createdAt: string }) => project.createdAt);
      expect([...dates].sort().reverse()).toEqual(dates);
      expect(projects.some((project: { skills?: string[] }) => project.skills)).toBe(true);
      expect(projects.some((project: { skills?: string[] }) => !project.skills)).toBe(true);
      expect(projects.some((project: { link?: string }) => !project.link)).toBe(true);
    });
  });

  describe('GET /api/projects/:id', () => {
    it('returns one project', async () => {
      const response = await t.app.inject('/api/projects/home-lab-siem');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        _id: 'home-lab-siem',
        title: 'Home Lab SIEM',
        skills: expect.arrayContaining(['Wazuh']),
      });
    });

    it('answers 404 with "Project not found" for an unknown id', async () => {
      const response = await t.app.inject('/api/projects/no-such-project');
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Project not found' });
    });

    it.each(['Bad_Id', 'UPPER', 'a.b', '%2e%2e%2fetc'])(
      'answers 400 for a malformed id %s',
      async (id) => {
        const response = await t.app.inject(`/api/projects/${id}`);
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toMatch(/id must contain only lowercase letters/i);
      },
    );
  });

  describe('admin writes', () => {
    it('rejects anonymous and non-admin callers', async () => {
      const anonymous = await t.app.inject({
        method: 'POST',
        url: '/api/projects',
        payload: newProject,
      });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().message).toMatch(/authentication required/i);
      const reader = await t.app.inject({
        method: 'POST',
        url: '/api/projects',
        headers: readerHeaders,
        payload: newProject,
      });
      expect(reader.statusCode).toBe(403);
      expect(reader.json()).toEqual({ message: 'Admin role required.' });
      for (const method of ['PUT', 'DELETE'] as const) {
        const response = await t.app.inject({ method, url: '/api/projects/home-lab-siem' });
        expect(response.statusCode).toBe(401);
      }
    });

    it('rejects an invalid token', async () => {
      const response = await t.app.inject({
        method: 'DELETE',
        url: '/api/projects/home-lab-siem',
        headers: { authorization: 'Bearer not-a-valid-token' },
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Invalid or expired ID token.' });
    });

    it('creates, replaces and deletes a project, with slug ids that never collide', async () => {
      const first = await t.app.inject({
        method: 'POST',
        url: '/api/projects',
        headers: adminHeaders,
        payload: newProject,
      });
      expect(first.statusCode).toBe(201);
      expect(first.json()).toMatchObject({ _id: 'threat-modeling-toolkit', ...newProject });

      const second = await t.app.inject({
        method: 'POST',
        url: '/api/projects',
        headers: adminHeaders,
        payload: { ...newProject, link: undefined, skills: undefined },
      });
      expect(second.json()._id).toBe('threat-modeling-toolkit-2');
      expect(second.json()).not.toHaveProperty('skills');
      expect(second.json()).not.toHaveProperty('link');

      const replaced = await t.app.inject({
        method: 'PUT',
        url: '/api/projects/threat-modeling-toolkit',
        headers: adminHeaders,
        payload: { ...newProject, title: 'Renamed Toolkit', skills: ['STRIDE'] },
      });
      expect(replaced.statusCode).toBe(200);
      expect(replaced.json()).toMatchObject({
        _id: 'threat-modeling-toolkit',
        title: 'Renamed Toolkit',
        skills: ['STRIDE'],
        createdAt: first.json().createdAt,
      });

      const deleted = await t.app.inject({
        method: 'DELETE',
        url: '/api/projects/threat-modeling-toolkit',
        headers: adminHeaders,
      });
      expect(deleted.statusCode).toBe(204);
      expect((await t.app.inject('/api/projects/threat-modeling-toolkit')).statusCode).toBe(404);

      const third = await t.app.inject({
        method: 'POST',
        url: '/api/projects',
        headers: adminHeaders,
        payload: newProject,
      });
      expect(third.json()._id).toBe('threat-modeling-toolkit');
    });

    it('answers 404 when replacing or deleting a missing project', async () => {
      const replaced = await t.app.inject({
        method: 'PUT',
        url: '/api/projects/missing',
        headers: adminHeaders,
        payload: newProject,
      });
      expect(replaced.statusCode).toBe(404);
      expect(replaced.json()).toEqual({ message: 'Project not found' });
      const deleted = await t.app.inject({
        method: 'DELETE',
        url: '/api/projects/missing',
        headers: adminHeaders,
      });
      expect(deleted.statusCode).toBe(404);
      expect(deleted.json()).toEqual({ message: 'Project not found' });
    });

    // The date-time format allows these; Date and the database cannot hold them (they were
    // 500s), or the driver reads them back wrong (year 1 came back as 2001).
    it.each([
      '2016-12-31T23:59:60Z',
      '0000-01-01T00:00:00Z',
      '0001-01-01T00:00:00Z',
      '1970-01-01T00:30:00+01:00',
      '9999-12-31T23:59:59-01:00',
    ])('400 for createdAt %s on create and update', async (createdAt) => {
      for (const [method, url] of [
        ['POST', '/api/projects'],
        ['PUT', '/api/projects/home-lab-siem'],
      ] as const) {
        const response = await t.app.inject({
          method,
          url,
          headers: adminHeaders,
          payload: { ...newProject, createdAt },
        });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ message: expect.stringMatching(/^CreatedAt must be/) });
      }
    });

    it.each(['1970-01-01T00:00:00Z', '9999-12-31T23:59:59.999Z', '2025-06-10T11:00:00+02:00'])(
      'stores createdAt %s at the edges of the range',
      async (createdAt) => {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/projects',
          headers: adminHeaders,
          payload: { ...newProject, title: `Edge ${createdAt}`, createdAt },
        });
        expect(response.statusCode).toBe(201);
        expect(response.json().createdAt).toBe(new Date(createdAt).toISOString());
      },
    );

    it.each([
      [{ ...newProject, title: '   ' }, 'Title must not be empty.'],
      [
        { ...newProject, imagePath: 'https://evil.example/x.png' },
        'ImagePath must be an image path such as /images/diagram.png.',
      ],
      [{ ...newProject, imagePath: '/images/missing.svg' }, /does not refer to a stored image/],
      [{ ...newProject, link: 'javascript:alert(1)' }, 'Link must be an http or https URL.'],
      [{ ...newProject, owner: 'me' }, 'Unknown field "owner".'],
      [{ description: 'x', imagePath: newProject.imagePath }, 'Title is required.'],
    ])('validates the body: %j', async (payload, message) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/projects',
        headers: adminHeaders,
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toEqual(
        typeof message === 'string' ? message : expect.stringMatching(message),
      );
    });
  });
});
