import { IMAGE_UPLOAD_MAX_BYTES } from '@portfolio/contract';
import { API_MAX_BODY_BYTES, IMAGE_UPLOAD_BODY_BYTES } from './body-limits.js';

describe('the largest body the API reads (security round 4, finding 4)', () => {
  it('is a 20 MiB image and its multipart envelope: what a proxy in front must allow', () => {
    expect(IMAGE_UPLOAD_MAX_BYTES).toBe(20 * 1024 * 1024);
    expect(IMAGE_UPLOAD_BODY_BYTES).toBe(21_037_056);
    expect(API_MAX_BODY_BYTES).toBe(21_037_056);
  });
});
