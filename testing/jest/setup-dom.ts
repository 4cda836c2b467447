import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { cleanupPages } from '@portfolio/testing';

// findBy*/waitFor wait up to 5 s instead of 1 s: on a loaded two-core CI machine a render that
// takes longer than a second is slow, not wrong. Tests still fail when the thing never appears.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => cleanupPages());
