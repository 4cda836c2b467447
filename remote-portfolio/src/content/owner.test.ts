import fs from 'node:fs';
import path from 'node:path';
import { ABOUT, OWNER } from './owner';

// The file GET /about-data serves (content-api/src/features/about/about-data.ts).
const API_ABOUT_FILE = path.join(__dirname, '../../../content-api/seed/about.json');

describe('the about page built-in text', () => {
  it('is the text the API serves, fact for fact (one source, issue 16)', () => {
    expect(ABOUT).toEqual(JSON.parse(fs.readFileSync(API_ABOUT_FILE, 'utf8')));
  });

  it('names the same owner as the rest of the portfolio', () => {
    expect(ABOUT.name).toBe(OWNER.name);
    expect(ABOUT.title).toBe(OWNER.title);
  });
});
